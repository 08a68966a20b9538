/**
 * The review form's limits and messages (the product's own, docs/product.md,
 * verbatim). Kept apart from the zod schema so a page that only needs a
 * message does not load zod.
 */

export const REVIEW_NAME_MAX = 80;
export const REVIEW_CONTENT_MAX = 2000;
/** A review photo may weigh at most 5 MB. */
export const REVIEW_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_DEFAULT = 5;
/** Review photos the pipeline decodes; the picker offers only these. */
export const REVIEW_PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/** The invitation token, sent back by a form opened from an invitation link. */
export const INVITATION_FIELD = "invito";

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

/** The text fields as typed (trimmed), to put back in the form after a refusal. */
export interface ReviewFormValues {
  name: string;
  content: string;
  rating: number;
  consent: boolean;
}
