// The contact section's own texts in a module of their own: what a public page imports is sent to every
// visitor, so the form's server answers (CONTACT_FORM_MESSAGES) and the editor's messages stay in messages.ts.

/** The contact section's texts, some repeated by other pages (the booking's note gives the same hint). */
export const CONTACT_MESSAGES = {
  noHealthData: "Per la tua riservatezza, non indicare qui dati sulla salute: ne parleremo durante la visita.",
  mailtoOpening:
    "Si aprirà la tua app di posta con il messaggio pronto: controllalo e premi Invia. Se non si apre, scrivi a",
  sentDetail: "Messaggio inviato: ti risponderò al più presto all'indirizzo che hai indicato.",
} as const;
