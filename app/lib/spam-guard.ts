/**
 * Cheap checks that stop form-filling bots without bothering people:
 * a field hidden from people that bots fill in, and a minimum time between
 * showing the form and sending it. Suspects get a neutral reply and nothing is saved.
 */

/** Hidden from people (and from screen readers); autofill is told to leave it alone. */
export const HONEYPOT_FIELD = "sito_web";
/** When the server rendered the form (ms since epoch). */
export const STARTED_FIELD = "modulo_aperto";
/** Nobody reads a form, writes a review and sends it in under two seconds. */
export const MIN_FILL_MS = 2000;

export type SpamVerdict = "ok" | "honeypot" | "too-fast";

export function checkSpam(form: { honeypot: unknown; startedAt: unknown }, now = Date.now()): SpamVerdict {
  if (typeof form.honeypot === "string" && form.honeypot.trim() !== "") return "honeypot";
  const startedAt = typeof form.startedAt === "string" && /^\d{1,15}$/.test(form.startedAt) ? Number(form.startedAt) : NaN;
  // Missing, malformed or from the future counts as too fast: no real browser sends that.
  if (!Number.isFinite(startedAt) || startedAt > now || now - startedAt < MIN_FILL_MS) return "too-fast";
  return "ok";
}

/** The form's own start time as sent back, when it is a plausible timestamp: a corrected form is not a new one. */
export function formStartedAt(form: FormData): number | undefined {
  const started = Number(form.get(STARTED_FIELD));
  return Number.isSafeInteger(started) && started > 0 ? started : undefined;
}
