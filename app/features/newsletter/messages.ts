import { refusalTable } from "~/core/forms/refusals";

/** The newsletter's Italian messages: the public forms and pages, her screen's answers. */
export const NEWSLETTER_MESSAGES = {
  // The subscription form.
  emailMissing: "Indica il tuo indirizzo e-mail.",
  emailInvalid: "Indica un indirizzo e-mail valido, ad esempio nome@esempio.it.",
  consentMissing: "Per iscriverti devi dare il consenso.",
  invalid: "Controlla i campi evidenziati: l'iscrizione non è stata registrata.",
  checkMail:
    "Grazie! Ti abbiamo inviato un'e-mail: apri il link che contiene per confermare l'iscrizione. Se l'indirizzo era già iscritto, non devi fare nulla.",
  rateLimited: "Troppe richieste in poco tempo: riprova tra un'ora.",
  unavailable: "L'iscrizione alla newsletter non è disponibile in questo momento: riprova più tardi.",
  failed: "Non è stato possibile registrare l'iscrizione: riprova tra poco.",
  // The confirmation page.
  confirmed: "Iscrizione confermata: riceverai la newsletter a questo indirizzo. Grazie!",
  alreadyConfirmed: "L'iscrizione era già confermata: non devi fare nulla.",
  confirmUnknown:
    "Questo link di conferma non è valido o è scaduto: iscriviti di nuovo dal modulo in fondo alla pagina.",
  // The unsubscribe page.
  unsubscribed: "Disiscrizione fatta: non riceverai più la newsletter. Il tuo indirizzo è stato cancellato.",
  alreadyUnsubscribed: "Eri già disiscritto: non riceverai più la newsletter.",
  unsubscribeUnknown:
    "Questo link di disiscrizione non è valido. Se ricevi ancora la newsletter, usa il link dell'ultima e-mail.",
  // Her screen.
  consentSaved: "Testo del consenso salvato",
  consentMissingAdmin: "Scrivi il testo del consenso che compare sotto il modulo.",
  consentTooLong: "Il testo del consenso è troppo lungo (al massimo 1000 caratteri).",
  subjectMissing: "Indica l'oggetto della newsletter.",
  subjectTooLong: "L'oggetto è troppo lungo (al massimo 150 caratteri).",
  bodyEmpty: "Scrivi il testo della newsletter.",
  bodyTooLong: "La newsletter è troppo lunga: accorciala.",
  bodyInvalid: "Il testo contiene elementi non ammessi: ricarica la pagina e riprova.",
  draftSaved: "Bozza salvata: l'anteprima è qui sotto",
  composed: "Bozza preparata con gli articoli e le ricette nuove: controllala e salvala",
  nothingNew: "Non ci sono articoli o ricette nuove dall'ultima newsletter.",
  testSent: (address: string) => `E-mail di prova in coda: arriva a ${address} tra poco`,
  started: "Invio avviato: la newsletter parte a poco a poco, l'avanzamento è qui sotto",
  noSubscribers: "Non ci sono iscritti confermati: nessuna e-mail da inviare.",
  notDraft: "Questa newsletter è già stata inviata.",
  mailOff: "L'invio di e-mail non è configurato (SMTP_URL e MAIL_FROM): la newsletter non può partire.",
  imageGone: "Un'immagine della newsletter non è più disponibile: toglila e caricala di nuovo.",
  imagesNeedSiteUrl:
    "La newsletter contiene immagini, ma l'indirizzo pubblico del sito (SITE_URL) non è impostato con https: le e-mail non potrebbero mostrarle. Chiedi a chi gestisce il sito di impostarlo, oppure togli le immagini.",
  adminInvalid: "Controlla i campi evidenziati: niente è stato salvato.",
  adminFailed: "Errore durante il salvataggio: riprova.",
} as const;

/** Why a subscription was not registered: what the form says, and the status. */
export const SUBSCRIBE_REFUSALS = refusalTable({
  rateLimited: { message: NEWSLETTER_MESSAGES.rateLimited, status: 429 },
  unavailable: { message: NEWSLETTER_MESSAGES.unavailable, status: 503 },
  failed: { message: NEWSLETTER_MESSAGES.failed, status: 500 },
});
