/**
 * Checks every schema's fields share (the browser and the server run them alike). A one-line
 * field (a name, a title, an address) takes no control character at all, line breaks included: a
 * name with a line break in it breaks the page, the e-mail and the structured data it lands in. A
 * multi-line field (a review, a reply) takes tab and line breaks but no other control character:
 * PostgreSQL refuses NUL in text and JSON, and the others are never typed by a person.
 */
import type { z } from "zod";

export const TEXT_MESSAGES = {
  oneLine: "Scrivi tutto su una riga, senza a capo né caratteri invisibili.",
  multiLine:
    "Il testo contiene caratteri invisibili non ammessi (forse copiati da un altro programma): cancellali e riprova.",
} as const;

/** Any control character (C0, DEL, C1) or the Unicode line and paragraph separators. */
const ONE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;
/** Any character but the control characters other than tab, line feed and carriage return. */
const MULTI_LINE = /^[\t\n\r\P{Cc}]*$/u;

/** `text` that also refuses line breaks and every other control character. */
export function oneLine(text: z.ZodString, message: string = TEXT_MESSAGES.oneLine): z.ZodString {
  return text.regex(ONE_LINE, { error: message });
}

/** `text` that also refuses NUL and every control character but tab and line breaks. */
export function multiLine(text: z.ZodString, message: string = TEXT_MESSAGES.multiLine): z.ZodString {
  return text.regex(MULTI_LINE, { error: message });
}

/** The largest value of PostgreSQL's `integer` column (a content version, for instance). */
export const PG_INTEGER_MAX = 2_147_483_647;
