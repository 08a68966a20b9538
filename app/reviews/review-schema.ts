/**
 * The review form's rules and messages: one zod schema, run by the browser
 * (checks before upload) and by the server (the authority). The messages are
 * the product's own (docs/product.md), verbatim.
 */
import { z } from "zod";

export const REVIEW_NAME_MAX = 80;
export const REVIEW_CONTENT_MAX = 2000;
/** A review photo may weigh at most 5 MB. */
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

// Control characters other than tab and line breaks have no place in a review
// (and PostgreSQL refuses NUL in text).
const controlChars = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

function cleanText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  return value.replace(/\r\n?/g, "\n").replace(controlChars, "").trim() || undefined;
}

const text = (max: number, tooLong: string) =>
  z.preprocess(cleanText, z.string({ error: reviewMessages.required }).max(max, { error: tooLong }));

/** A file input left empty still sends a part: no name, no bytes. That is no photo. */
const photo = z.preprocess(
  (value) => (value instanceof File && value.size === 0 && value.name === "" ? undefined : value),
  z
    .instanceof(File, { error: reviewMessages.failed })
    .refine((file) => file.size <= REVIEW_PHOTO_MAX_BYTES, { error: reviewMessages.photoTooLarge })
    .optional(),
);

/**
 * The fields a visitor fills in. Errors come in this order, and the first is
 * the one announced: name, content, rating, consent, photo.
 */
export const reviewSchema = z.object({
  name: text(REVIEW_NAME_MAX, reviewMessages.nameTooLong),
  content: text(REVIEW_CONTENT_MAX, reviewMessages.contentTooLong),
  rating: z.preprocess(
    (value) => (typeof value === "string" && /^\d+$/.test(value) ? Number(value) : Number.NaN),
    z.number({ error: reviewMessages.rating }).int({ error: reviewMessages.rating }).min(RATING_MIN, { error: reviewMessages.rating }).max(RATING_MAX, { error: reviewMessages.rating }),
  ),
  consent: z.preprocess((value) => value === "on" || value === "true", z.literal(true, { error: reviewMessages.consent })),
  photo,
});

export type ReviewInput = z.infer<typeof reviewSchema>;
export type ReviewField = keyof ReviewInput;

/** The text fields as typed (trimmed), to put back in the form after a refusal. */
export interface ReviewFormValues {
  name: string;
  content: string;
  rating: number;
  consent: boolean;
}

/** The invitation token, sent back by a form opened from an invitation link. */
export const INVITATION_FIELD = "invito";
