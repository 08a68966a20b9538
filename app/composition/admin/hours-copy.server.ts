import { z } from "zod";
import { COPY_DAY } from "~/features/site-content/editor/week-fields";

/** The copy button's value: one day of a studio's week or of the online visits'. */
const DAY_PATH = /^(studios\[\d{1,2}\]\.hours|onlineHours)\[([0-6])\]$/;

/** "Copia sui giorni aperti" posted without JavaScript: only the day it copies. */
export const dayCopySchema = z.object({ [COPY_DAY]: z.string().max(40).regex(DAY_PATH) });

/**
 * The hours form as if she had typed day `path`'s hours (closed, its ranges) on every other day of
 * its week she has not marked closed, with Conform's "validate" intent for that week: the editor's
 * action then answers the form filled in, with that week's messages, and saves nothing (as for a
 * list button). Closed days, the week's other fields and every other place's pass unchanged; each
 * day keeps its name.
 */
export function formWithDayCopied(form: FormData, path: string): FormData {
  const [, week, from] = DAY_PATH.exec(path) ?? [];
  if (!week || !from) return form;
  const dayField = new RegExp(`^${week.replace(/[[\].]/g, "\\$&")}\\[([0-6])\\]\\.(closed|ranges\\[.*)$`);
  const closed = new Set<string>();
  for (const [name, value] of form) {
    const match = dayField.exec(name);
    if (match?.[2] === "closed" && value === "on" && match[1] !== from) closed.add(match[1] as string);
  }
  const copied = new FormData();
  const source: [string, FormDataEntryValue][] = [];
  for (const [name, value] of form) {
    const match = dayField.exec(name);
    if (name === COPY_DAY || (match && match[1] !== from && !closed.has(match[1] as string))) continue;
    if (match?.[1] === from) source.push([match[2] as string, value]);
    copied.append(name, value);
  }
  for (let day = 0; day < 7; day++)
    if (String(day) !== from && !closed.has(String(day)))
      for (const [rest, value] of source) copied.append(`${week}[${day}].${rest}`, value);
  copied.append("__intent__", JSON.stringify({ type: "validate", payload: { name: week } }));
  return copied;
}
