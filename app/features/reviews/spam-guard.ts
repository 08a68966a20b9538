/**
 * Cheap checks that stop form-filling bots without bothering people:
 * a field hidden from people that bots fill in, and a minimum time between
 * showing the form and sending it. Suspects get a neutral reply and nothing is saved.
 * These names are shared with the page; the checks are in spam-guard.server.ts.
 */

/** Hidden from people (and from screen readers); autofill is told to leave it alone. */
export const HONEYPOT_FIELD = "sito_web";
/** When the server rendered the form: a signed token (see createFormTimer). */
export const STARTED_FIELD = "modulo_aperto";
/** Nobody reads a form, writes a review and sends it in under two seconds. */
export const MIN_FILL_MS = 2000;
