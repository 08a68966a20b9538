/**
 * Every Italian message of the reviews feature: the visitor's (the review form, reports, an
 * invitation link) and the practitioner's (moderation, replies, invitations, reports). The review
 * form's are the product's own (docs/product.md), verbatim. No zod here: a page that only shows a
 * message does not load it.
 */
import type { ReportReason } from "./report-reasons";
import { refusalTable } from "~/core/forms/refusals";
import type { InvitationState } from "./review-invitations.server";
import { REPORT_DETAILS_MAX, REVIEW_CONTENT_MAX, REVIEW_NAME_MAX } from "./review-rules";

/** The longest public reply to a review, in characters. */
export const REPLY_MAX_LENGTH = 1000;

/** The public review form. */
export const REVIEW_FORM_MESSAGES = {
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

/**
 * Why a review was not saved, and the status; an invitation's and the photo's own sentences (the
 * result's detail) replace these, and the form's own refusal is 400, or 413 for a photo over its cap.
 */
export const REVIEW_REFUSALS = refusalTable({
  invalid: { message: REVIEW_FORM_MESSAGES.failed, status: 400 },
  invitation: { message: REVIEW_FORM_MESSAGES.failed, status: 400 },
  rateLimited: { message: REVIEW_FORM_MESSAGES.rateLimited, status: 429 },
  failed: { message: REVIEW_FORM_MESSAGES.failed, status: 500 },
  photoBusy: { message: REVIEW_FORM_MESSAGES.failed, status: 503 },
  photoRejected: { message: REVIEW_FORM_MESSAGES.failed, status: 422 },
});

/** What the reviews page says about an invitation link that cannot be used. */
export const INVITATION_LINK_MESSAGES = {
  used: "Questo invito è già stato usato per una recensione. Puoi comunque scriverne una con il modulo qui sotto.",
  expired:
    "Questo invito è scaduto. Puoi comunque scrivere una recensione con il modulo qui sotto, oppure chiedere un nuovo invito allo studio.",
  revoked:
    "Questo invito non è più valido. Puoi comunque scrivere una recensione con il modulo qui sotto, oppure chiedere un nuovo invito allo studio.",
  unknown:
    "Il link di invito non è valido: controlla di averlo copiato per intero. Puoi comunque scrivere una recensione con il modulo qui sotto.",
} as const;

/** A visitor's report of a review. */
export const REPORT_MESSAGES = {
  sent: "Grazie: la segnalazione è stata inviata allo studio, che la esaminerà.",
  reasonMissing: "Scegli il motivo della segnalazione.",
  detailsTooLong: `I dettagli possono avere al massimo ${REPORT_DETAILS_MAX} caratteri.`,
  rateLimited: "Hai inviato troppe segnalazioni. Riprova più tardi.",
  notFound: "Questa recensione non è più disponibile.",
  failed: "Non è stato possibile inviare la segnalazione. Riprova tra qualche minuto.",
} as const;

/** Why a report was not recorded: what the visitor reads, and the status. */
export const REPORT_REFUSALS = refusalTable({
  notFound: { message: REPORT_MESSAGES.notFound, status: 404 },
  rateLimited: { message: REPORT_MESSAGES.rateLimited, status: 429 },
  failed: { message: REPORT_MESSAGES.failed, status: 500 },
});

/** Why a review was reported, as the report form, the notice e-mail and the queue name it. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  offensive: "Offensiva o inappropriata",
  false: "Falsa o ingannevole",
  personal_data: "Contiene dati personali o sulla salute",
  other: "Altro",
};

export const INVITATION_MESSAGES = {
  created: "Invito creato: copia il link o scarica il codice QR adesso.",
  revoked: "Invito revocato: il link non funziona più.",
  notRevocable: "Questo invito è già stato usato o revocato.",
  reviewsHidden:
    "Le recensioni sono nascoste sul sito: un invito porterebbe il paziente a una pagina che non c'è. Per invitare, rimetti la spunta «Mostra le recensioni sul sito» in Contenuti del sito → Dati dello studio.",
  noteTooLong: "La nota può avere al massimo 200 caratteri.",
  nameTooLong: "Il nome può avere al massimo 60 caratteri.",
  showOnce:
    "Per sicurezza il link viene mostrato solo ora e non è conservato: copialo, invialo o scarica il QR prima di lasciare la pagina.",
} as const;

/** An invitation's state in the practitioner's list. */
export const INVITATION_STATE_LABELS: Record<InvitationState, string> = {
  valid: "Valido",
  used: "Usato",
  expired: "Scaduto",
  revoked: "Revocato",
  unknown: "Sconosciuto",
};
