import { GENERIC_FAILURE } from "~/core/forms/action-result";
import { countOf } from "~/core/format/plural";
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

/** After several photos chosen at once: how many were added. */
export const photosAddedMessage = (n: number) => countOf(n, ["foto aggiunta", "foto aggiunte"]);
