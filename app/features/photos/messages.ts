/** The recipe photos' Italian messages; those listed in docs/product.md are verbatim. */
export const PHOTO_MESSAGES = {
  added: "Foto ricetta aggiunta con successo!",
  addFailed: "Errore durante l'aggiunta della foto",
  uploadFailed: "Errore durante il caricamento dell'immagine",
  generic: "Si è verificato un errore",
  noImage: "Seleziona un'immagine",
  tooLarge: "L'immagine deve essere inferiore a 10MB",
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

/** A recipe photo may weigh at most 10 MB. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_TITLE_LENGTH = 120;
