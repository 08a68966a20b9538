// The panel's moderation messages, apart from messages.ts: the public reviews page bundles that
// module, and the admin's sentences must not reach a visitor's scripts (first-paint's check).
/** What the practitioner reads when she approves, hides or deletes a review. */
export const REVIEW_MESSAGES = {
  approved: "Recensione approvata e pubblicata",
  published: "Recensione pubblicata",
  hidden: "Recensione nascosta",
  deleted: "Recensione eliminata",
  deleteQuestion: "Sei sicuro di voler eliminare questa recensione? Verrà rimossa anche l'eventuale foto.",
  notFound: "La recensione non esiste più: la lista è stata aggiornata.",
  empty: "Nessuna recensione ricevuta finora.",
} as const;

export const REPORT_ADMIN_MESSAGES = {
  dismissed: "Segnalazioni ignorate: la recensione resta com'è.",
  hidden: "Recensione nascosta e segnalazioni chiuse",
  deleted: "Recensione eliminata",
  notFound: "La recensione non esiste più: la lista è stata aggiornata.",
  empty: "Nessuna segnalazione da esaminare.",
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

/** What the practitioner reads after each action of a review card, by its outcome. */
export const REVIEW_CARD_MESSAGES = {
  approved: REVIEW_MESSAGES.approved,
  published: REVIEW_MESSAGES.published,
  hidden: REVIEW_MESSAGES.hidden,
  deleted: REVIEW_MESSAGES.deleted,
  replySaved: REPLY_MESSAGES.saved,
  replyRemoved: REPLY_MESSAGES.removed,
  reportsDismissed: REPORT_ADMIN_MESSAGES.dismissed,
  reportedHidden: REPORT_ADMIN_MESSAGES.hidden,
  reportedDeleted: REPORT_ADMIN_MESSAGES.deleted,
  notFound: REVIEW_MESSAGES.notFound,
} as const;

/** What an action of a review card came to. */
export type ReviewCardOutcome = Exclude<keyof typeof REVIEW_CARD_MESSAGES, "notFound">;
