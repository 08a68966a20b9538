import { z } from "zod";
import { multiLine, oneLine, PG_INTEGER_MAX } from "~/core/forms/field-rules";
import { CONTENT_MESSAGES } from "./messages";

/*
 * The blocks the editor's fields are built from, shared by the forms' schemas and the stored
 * content's: what an empty field is, a required text, a web address, a time, a percentage.
 */

/** Forms send "" for an empty field; some form libraries send undefined. Both mean "empty" here. */
export const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

export const tooLong = (max: number) => `Testo troppo lungo: al massimo ${max} caratteri.`;

/** A field of one line (a name, a title); `lines: "many"` for a paragraph or more. */
export function requiredText(missing: string, max: number, lines: "one" | "many" = "one") {
  const text = z.string({ error: missing }).trim().max(max, tooLong(max));
  return z.preprocess(blankToUndefined, lines === "one" ? oneLine(text) : multiLine(text));
}

export const URL_MESSAGE = "Indirizzo web non valido: scrivilo completo, ad esempio https://www.esempio.it/pagina";
export const webUrl = (missing: string) =>
  z.preprocess(
    blankToUndefined,
    oneLine(z.string({ error: missing }).trim().max(500, tooLong(500))).pipe(
      z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: URL_MESSAGE }),
    ),
  );

/** An address she may leave empty (then ""): whatever shows it is then left out. */
export const optionalWebUrl = () =>
  z
    .preprocess(
      blankToUndefined,
      oneLine(z.string().trim().max(500, tooLong(500)))
        .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: URL_MESSAGE }))
        .optional(),
    )
    .transform((value) => value ?? "");

const HTML_MESSAGE = "Scrivi solo testo, senza codice HTML (i segni < e > non sono ammessi).";
/** Plain text only: what she types is shown as typed, never interpreted as markup. */
export const plainText = (missing: string, max: number, lines: "one" | "many" = "one") =>
  requiredText(missing, max, lines).refine((value) => !/[<>]/.test(value), HTML_MESSAGE);

/** One line of plain text she may leave empty (then ""), at most `max` characters. */
export const optionalLine = (max: number) =>
  z
    .preprocess(
      blankToUndefined,
      oneLine(z.string().trim().max(max, tooLong(max)))
        .refine((value) => !/[<>]/.test(value), HTML_MESSAGE)
        .optional(),
    )
    .transform((value) => value ?? "");

/** Plain text she may leave empty (then ""): paragraphs, at most `max` characters. */
export const optionalParagraphs = (max: number) =>
  z
    .preprocess(
      blankToUndefined,
      multiLine(z.string().trim().max(max, tooLong(max)))
        .refine((value) => !/[<>]/.test(value), HTML_MESSAGE)
        .optional(),
    )
    .transform((value) => value ?? "");

const TIME_MESSAGE = "Orario non valido: scrivilo come 9:00 o 14:30.";
export const time = z
  .string()
  .trim()
  .regex(/^([01]?\d|2[0-3])[:.][0-5]\d$/, TIME_MESSAGE)
  .transform((value) => value.replace(".", ":").padStart(5, "0"));
export const optionalTime = z.preprocess(blankToUndefined, time.optional());

export const checkbox = z.preprocess((value) => value === "on" || value === true || value === "true", z.boolean());

export { percent } from "~/core/forms/percent";

/**
 * Every form also sends the version it was loaded from: a save on top of a newer one is refused. A
 * version is a PostgreSQL integer: a larger number is a broken form, not a question for the database.
 */
export const versionField = z.coerce
  .number({ error: CONTENT_MESSAGES.staleForm })
  .int({ error: CONTENT_MESSAGES.staleForm })
  .min(0, { error: CONTENT_MESSAGES.staleForm })
  .max(PG_INTEGER_MAX, { error: CONTENT_MESSAGES.staleForm });

/** The editor's sections, in the menu's order: each one form, one URL segment, one part of a version. */
export const CONTENT_SECTIONS = ["pratica", "studi", "orari", "testi", "servizi", "ritratto"] as const;
