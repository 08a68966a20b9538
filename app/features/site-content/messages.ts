import { refusalTable } from "~/core/forms/refusals";

/** The content editor's Italian messages (the form fields' own messages are in their schemas). */
export const CONTENT_MESSAGES = {
  /** The first-run setup ended. */
  setupFinished: "Configurazione completata.",
  saved: "Modifiche pubblicate: il sito è già aggiornato.",
  unchanged: "Nessuna modifica da pubblicare: il sito è già così.",
  conflictShort: "Il contenuto è stato modificato nel frattempo: non è stato sovrascritto nulla.",
  conflict:
    "Il contenuto è stato modificato nel frattempo (in un'altra scheda o da un altro dispositivo). Non è stato sovrascritto nulla: ricarica la pagina per vedere la versione attuale e ripeti la modifica.",
  invalid: "Alcuni campi non sono validi: correggi i campi segnalati.",
  restored: (version: number) => `Versione ${version} ripristinata e pubblicata.`,
  sectionRestored: (section: string, version: number) =>
    `«${section}» ripristinata dalla versione ${version} e pubblicata.`,
  missingVersion: "Questa versione non è più disponibile.",
  portraitSaved: "Ritratto pubblicato.",
  portraitRemoved: "Ritratto rimosso: il sito mostra di nuovo l'illustrazione.",
  portraitMissing: "Non c'è nessun ritratto da rimuovere.",
  failed: "Salvataggio non riuscito: riprova tra qualche istante.",
  staleForm: "Il modulo non è più valido: ricarica la pagina e riprova.",
  // A studio's photos.
  photoAltMissing: "Descrivi la foto in poche parole: la leggono i lettori di schermo a chi non può vederla.",
  photoAdded: "Foto aggiunta: è già nella pagina dello studio.",
  photosFull: "Questo studio ha già 6 foto, il massimo: rimuovine una per aggiungerne un'altra.",
  photoStudioGone: "Lo studio non esiste più: la pagina è stata aggiornata.",
  photoAltSaved: "Descrizione della foto aggiornata.",
  photoMoved: "Ordine delle foto aggiornato.",
  photoRemoved: "Foto rimossa dalla pagina dello studio.",
  photoMissing: "La foto non esiste più: la pagina è stata aggiornata.",
  photoFailed: "Operazione non riuscita: riprova tra qualche istante.",
} as const;

/** The contact form's answers from the server: its checks, its limit, sent or failed. */
export const CONTACT_FORM_MESSAGES = {
  sent: "Messaggio inviato",
  nameRequired: "Scrivi il tuo nome e cognome.",
  nameTooLong: "Il nome può avere al massimo 120 caratteri.",
  emailInvalid: "Scrivi un indirizzo email valido, per esempio nome@esempio.it.",
  messageRequired: "Scrivi il messaggio.",
  messageTooLong: "Il messaggio può avere al massimo 4.000 caratteri.",
  rateLimited: "Hai inviato troppi messaggi. Riprova più tardi o chiamami.",
  failed: "Invio non riuscito: riprova tra qualche istante o chiamami.",
} as const;

/** Why a contact message was not queued: what the form says, and the status. */
export const CONTACT_REFUSALS = refusalTable({
  rateLimited: { message: CONTACT_FORM_MESSAGES.rateLimited, status: 429 },
  failed: { message: CONTACT_FORM_MESSAGES.failed, status: 500 },
});
