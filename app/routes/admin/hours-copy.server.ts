import { z } from "zod";
import { COPY_DAY } from "~/features/site-content/editor/week-fields";

/** The copy button's value: one day of a studio's week or of the online visits'. */
const DAY_PATH = /^(studios\[\d{1,2}\]\.hours|onlineHours)\[([0-6])\]$/;

/** "Copia su tutti i giorni" posted without JavaScript: only the day it copies. */
export const dayCopySchema = z.object({ [COPY_DAY]: z.string().max(40).regex(DAY_PATH) });

/**
 * The hours form as if she had typed day `path`'s hours (closed, its ranges) on every other day of
 * its week, with Conform's "validate" intent for that week: the editor's action then answers the
 * form filled in, with that week's messages, and saves nothing (as for a list button). The week's
 * other fields and every other place's pass unchanged; each day keeps its name.
 */
export function formWithDayCopied(form: FormData, path: string): FormData {
  const [, week, from] = DAY_PATH.exec(path) ?? [];
  if (!week || !from) return form;
  const dayField = new RegExp(`^${week.replace(/[[\].]/g, "\\$&")}\\[([0-6])\\]\\.(closed|ranges\\[.*)$`);
  const copied = new FormData();
  const source: [string, FormDataEntryValue][] = [];
  for (const [name, value] of form) {
    const match = dayField.exec(name);
    if (name === COPY_DAY || (match && match[1] !== from)) continue;
    if (match) source.push([match[2] as string, value]);
    copied.append(name, value);
  }
  for (let day = 0; day < 7; day++)
    if (String(day) !== from) for (const [rest, value] of source) copied.append(`${week}[${day}].${rest}`, value);
  copied.append("__intent__", JSON.stringify({ type: "validate", payload: { name: week } }));
  return copied;
}
