import { z } from "zod";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import {
  exampleValue,
  isKeepable,
  isKeepableField,
  KEEPABLE,
  type Keepable,
} from "~/features/site-content/kept-examples";

/** "Tieni il testo d'esempio": the names of the fields she ticked. */
const keepSchema = z.object({
  keep: z
    .array(z.string().max(40))
    .max(2 * KEEPABLE.length)
    .optional(),
});

/**
 * A posted form with "Tieni il testo d'esempio" ticked (`keep`): each kept field left empty (no
 * JavaScript filled it) gets the example's text back. Returns the form so completed and the names
 * kept, of this form's fields (`names`) only. A kept example service is in the form as it is:
 * nothing to fill.
 */
export function withKeptFields(form: FormData, names: readonly string[]): { form: FormData; kept: Keepable[] } {
  const ticked = parseSubmission(form, keepSchema);
  const asked = ticked.status === "success" ? (ticked.value.keep ?? []) : [];
  const kept = [...new Set(asked)].filter((name): name is Keepable => isKeepable(name) && names.includes(name));
  const filled = kept.filter(isKeepableField);
  if (filled.length === 0) return { form, kept };
  const isKept = (name: string) => (filled as string[]).includes(name);
  const completed = new FormData();
  const present = new Set<string>();
  for (const [name, value] of form) {
    if (isKept(name)) present.add(name);
    const empty = typeof value === "string" && value.trim() === "";
    completed.append(name, isKept(name) && empty ? exampleValue(name) : value);
  }
  for (const name of filled) if (!present.has(name)) completed.append(name, exampleValue(name));
  return { form: completed, kept };
}
