/**
 * The review form's rules and messages, shared by the browser (checks before
 * upload) and the server (the authority). Messages from the spec are verbatim.
 */

export const REVIEW_NAME_MAX = 80;
export const REVIEW_CONTENT_MAX = 2000;
/** Spec §9: review image maximum 5 MB. */
export const REVIEW_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_DEFAULT = 5;
/** Review photos the pipeline decodes; the picker offers only these. */
export const REVIEW_PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

export const reviewMessages = {
  required: "Per favore compila tutti i campi",
  photoTooLarge: "L'immagine deve essere inferiore a 5MB",
  added: "Recensione aggiunta con successo",
  failed: "Errore durante l'aggiunta della recensione",
  pending: "Grazie! La tua recensione è stata inviata e sarà pubblicata dopo l'approvazione.",
  /** What a suspected bot is told: nothing that reveals why nothing was saved. */
  received: "Grazie, la tua recensione è stata ricevuta.",
  nameTooLong: `Il nome può contenere al massimo ${REVIEW_NAME_MAX} caratteri`,
  contentTooLong: `La recensione può contenere al massimo ${REVIEW_CONTENT_MAX} caratteri`,
  rating: "Scegli una valutazione da 1 a 5 stelle",
  consent: "Per pubblicare la recensione serve il tuo consenso",
  rateLimited: "Hai inviato troppe recensioni in poco tempo. Riprova tra un'ora.",
} as const;

export type ReviewField = "name" | "content" | "rating" | "photo" | "consent";

export interface ReviewFormValues {
  name: string;
  content: string;
  rating: number;
  consent: boolean;
}

export type ReviewFieldErrors = Partial<Record<ReviewField, string>>;

// Control characters other than tab and line breaks have no place in a review
// (and PostgreSQL refuses NUL in text).
const controlChars = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export function cleanText(value: unknown): string {
  return typeof value === "string" ? value.replace(/\r\n?/g, "\n").replace(controlChars, "").trim() : "";
}

/** The rating as sent, or NaN when it is not a whole number. */
function parseRating(value: unknown): number {
  return typeof value === "string" && /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * Validates the text fields of a submission. `values` is what to show again
 * in the form (the text as typed, trimmed); `errors` is empty when all is well.
 * The first error in `message` is the one to announce.
 */
export function validateReviewFields(raw: {
  name: unknown;
  content: unknown;
  rating: unknown;
  consent: unknown;
}): { values: ReviewFormValues; errors: ReviewFieldErrors; message: string | null } {
  const name = cleanText(raw.name);
  const content = cleanText(raw.content);
  const rating = parseRating(raw.rating);
  const consent = raw.consent === "on" || raw.consent === "true" || raw.consent === true;
  const errors: ReviewFieldErrors = {};

  if (!name) errors.name = reviewMessages.required;
  else if (name.length > REVIEW_NAME_MAX) errors.name = reviewMessages.nameTooLong;
  if (!content) errors.content = reviewMessages.required;
  else if (content.length > REVIEW_CONTENT_MAX) errors.content = reviewMessages.contentTooLong;
  if (!Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX) errors.rating = reviewMessages.rating;
  if (!consent) errors.consent = reviewMessages.consent;

  const message = errors.name ?? errors.content ?? errors.rating ?? errors.consent ?? null;
  return {
    values: { name, content, rating: errors.rating ? RATING_DEFAULT : rating, consent },
    errors,
    message,
  };
}

/** Browser-side check of the chosen photo; the server repeats it. */
export function photoError(file: { size: number } | null | undefined): string | null {
  return file && file.size > REVIEW_PHOTO_MAX_BYTES ? reviewMessages.photoTooLarge : null;
}

/** The invitation token, sent back by a form opened from an invitation link. */
export const INVITATION_FIELD = "invito";
