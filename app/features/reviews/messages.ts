/** The longest public reply to a review, in characters. */
export const REPLY_MAX_LENGTH = 1000;

/** The practitioner's messages for reviews, invitations, replies and reports. */
export const REVIEW_MESSAGES = {
  approved: "Recensione approvata e pubblicata",
  published: "Recensione pubblicata",
  hidden: "Recensione nascosta",
  deleted: "Recensione eliminata",
  deleteQuestion: "Sei sicuro di voler eliminare questa recensione? Verrà rimossa anche l'eventuale foto.",
  notFound: "La recensione non esiste più: la lista è stata aggiornata.",
  empty: "Nessuna recensione ricevuta finora.",
} as const;

export const REPLY_MESSAGES = {
  saved: "Risposta pubblicata",
  removed: "Risposta rimossa",
  empty: "Scrivi la risposta prima di pubblicarla.",
  tooLong: "La risposta può avere al massimo 1.000 caratteri.",
  notFound: "La recensione non esiste più: la lista è stata aggiornata.",
  secrecy:
    "Segreto professionale: non citare mai problemi di salute, diagnosi, terapie o dettagli delle visite del paziente, neppure se li ha scritti lui.",
} as const;

export const INVITATION_MESSAGES = {
  created: "Invito creato: copia il link o scarica il codice QR adesso.",
  revoked: "Invito revocato: il link non funziona più.",
  notRevocable: "Questo invito è già stato usato o revocato.",
  noteTooLong: "La nota può avere al massimo 200 caratteri.",
  nameTooLong: "Il nome può avere al massimo 60 caratteri.",
  showOnce:
    "Per sicurezza il link viene mostrato solo ora e non è conservato: copialo, invialo o scarica il QR prima di lasciare la pagina.",
} as const;

export const REPORT_ADMIN_MESSAGES = {
  dismissed: "Segnalazioni ignorate: la recensione resta com'è.",
  hidden: "Recensione nascosta e segnalazioni chiuse",
  deleted: "Recensione eliminata",
  notFound: "La recensione non esiste più: la lista è stata aggiornata.",
  empty: "Nessuna segnalazione da esaminare.",
} as const;
