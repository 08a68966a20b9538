import { GENERIC_FAILURE } from "~/core/forms/action-result";
import { countOf } from "~/core/format/plural";
import { refusalTable } from "~/core/forms/refusals";
import { IMAGE_UPLOAD_MESSAGES } from "~/core/media/image-upload";

/** The recipe photos' Italian messages; those listed in docs/product.md are verbatim. */
export const PHOTO_MESSAGES = {
  added: "Foto ricetta aggiunta con successo!",
  addFailed: "Errore durante l'aggiunta della foto",
  uploadFailed: IMAGE_UPLOAD_MESSAGES.uploadFailed,
  generic: GENERIC_FAILURE,
  noImage: IMAGE_UPLOAD_MESSAGES.noImage,
  tooLarge: IMAGE_UPLOAD_MESSAGES.tooLarge,
  deleteQuestion: "Sei sicuro di voler eliminare questa foto?",
  deleted: "Foto eliminata con successo",
  deleteFailed: "Errore durante l'eliminazione",
  untitled: "Senza titolo",
  empty: "Nessuna foto caricata",
  titleSaved: "Titolo aggiornato",
  titleTooLong: "Il titolo può avere al massimo 120 caratteri",
  orderSaved: "Ordine aggiornato",
  notFound: "La foto non esiste più: la lista è stata aggiornata.",
} as const;

/** Why a photo was not added: what the panel says (the image pipeline's own sentence when it gave one), and the status. */
export const PHOTO_REFUSALS = refusalTable({
  imageBusy: { message: PHOTO_MESSAGES.uploadFailed, status: 503 },
  imageRejected: { message: PHOTO_MESSAGES.uploadFailed, status: 422 },
  uploadFailed: { message: PHOTO_MESSAGES.uploadFailed, status: 500 },
  addFailed: { message: PHOTO_MESSAGES.addFailed, status: 500 },
});

/** After several photos chosen at once: how many were added. */
export const photosAddedMessage = (n: number) => countOf(n, ["foto aggiunta", "foto aggiunte"]);
