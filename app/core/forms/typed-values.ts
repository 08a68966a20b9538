import type { SubmissionResult } from "@conform-to/react";

type TypedValue = string | boolean | number | string[];

/**
 * The values a refused form shows again, as typed, read from Conform's reply (its `initialValue`,
 * which `parseSubmission` has cut to the schema's fields and maxima) in the shape of `empty`: a
 * text's first value (its line ends as the browser sends them, its ends trimmed), a box ticked
 * ("on"), a whole number, the values of a list of boxes. No reply (a refusal that kept nothing): null.
 */
export function typedValues<Values extends Record<string, TypedValue>>(
  reply: Pick<SubmissionResult<string[]>, "initialValue"> | null | undefined,
  empty: Values,
): Values | null {
  const typed = reply?.initialValue;
  if (!typed) return null;
  const values: Record<string, TypedValue> = {};
  for (const [name, blank] of Object.entries(empty)) {
    const sent = typed[name];
    const all = (sent === undefined ? [] : [sent].flat()).filter((value): value is string => typeof value === "string");
    const first = all[0];
    if (Array.isArray(blank)) values[name] = all;
    else if (typeof blank === "boolean") values[name] = first === "on" || first === "true";
    else if (typeof blank === "number")
      values[name] = first !== undefined && /^-?\d+$/.test(first) ? Number(first) : blank;
    else values[name] = first === undefined ? blank : first.replace(/\r\n?/g, "\n").trim();
  }
  return values as Values;
}

/** Conform's reply keeping only the values as typed: a refusal of no field (a time taken, too many tries). */
export function typedOnly(reply: SubmissionResult<string[]> | undefined): SubmissionResult<string[]> | undefined {
  return reply ? { initialValue: reply.initialValue } : undefined;
}
