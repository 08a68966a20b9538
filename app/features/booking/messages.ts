/** Booking's Italian messages: what a patient is told when a time cannot be booked, cancelled or changed. */
export const BOOKING_MESSAGES = {
  taken: "Questo orario è appena stato prenotato da un'altra persona: scegli uno degli altri orari liberi.",
  unavailable: "Questo orario non è disponibile: scegli uno degli orari liberi proposti.",
  visitTypeUnavailable: "Questo tipo di visita non è prenotabile in questa sede: scegli tra quelli proposti.",
  linkInvalid: "Il link non è valido o la prenotazione non esiste più.",
  inactive: "Questa prenotazione è stata annullata o non è stata confermata: non si può più modificare.",
  tooLate: "Non è più possibile annullare o spostare questa visita dal sito: chiama lo studio per qualsiasi modifica.",
} as const;

/** The booking form's Italian messages, next to each field, and the page's answers. */
export const BOOKING_FORM_MESSAGES = {
  nameRequired: "Scrivi il tuo nome e cognome.",
  nameTooLong: "Il nome può avere al massimo 100 caratteri.",
  emailInvalid: "Scrivi un indirizzo e-mail valido, per esempio nome@esempio.it.",
  emailTooLong: "L'indirizzo e-mail può avere al massimo 254 caratteri.",
  phoneInvalid: "Scrivi un numero di telefono valido, per esempio +39 347 123 4567.",
  noteTooLong: "La nota può avere al massimo 500 caratteri.",
  consent: "Per prenotare devi dichiarare di aver letto l'informativa privacy.",
  timeMissing: "Scegli un giorno e un orario tra quelli liberi.",
  rateLimited: "Hai inviato troppe prenotazioni in poco tempo. Riprova più tardi o chiama lo studio.",
  failed: "Non è stato possibile registrare la prenotazione. Riprova tra qualche minuto o chiama lo studio.",
  confirmed: "Prenotazione confermata. Ti abbiamo inviato un'e-mail con i dettagli.",
  requested: "Richiesta inviata. Riceverai un'e-mail quando la visita sarà confermata.",
  cancelled: "La visita è stata annullata. Ti abbiamo inviato un'e-mail di conferma.",
  moved: "L'orario della visita è stato cambiato. Ti abbiamo inviato un'e-mail con i nuovi dettagli.",
  movedRequest: "Hai chiesto un nuovo orario. Riceverai un'e-mail quando sarà confermato.",
} as const;

/** What the routes say for each reason a booking, or a change by her link, was refused. */
export const BOOKING_REFUSAL_MESSAGES = {
  taken: BOOKING_MESSAGES.taken,
  unavailable: BOOKING_MESSAGES.unavailable,
  visit_type_unavailable: BOOKING_MESSAGES.visitTypeUnavailable,
  unknown: BOOKING_MESSAGES.linkInvalid,
  inactive: BOOKING_MESSAGES.inactive,
  too_late: BOOKING_MESSAGES.tooLate,
  // The place or the time sent is none of the page's.
  place_unknown: BOOKING_FORM_MESSAGES.timeMissing,
  time_missing: BOOKING_FORM_MESSAGES.timeMissing,
  rate_limited: BOOKING_FORM_MESSAGES.rateLimited,
} as const;

/** The agenda's Italian messages: her actions' answers and the phone booking form's fields. */
export const AGENDA_MESSAGES = {
  notFound: "Appuntamento non trovato: forse è già stato modificato. Ricarica l'agenda.",
  confirmed: "Richiesta confermata: il paziente riceve un'e-mail.",
  notPending: "Questa richiesta è già stata confermata, rifiutata o annullata.",
  declined: "Richiesta rifiutata: il paziente riceve un'e-mail e l'orario è di nuovo libero.",
  cancelled: "Appuntamento annullato: il paziente riceve un'e-mail e l'orario è di nuovo libero.",
  notActive: "Questo appuntamento è già stato annullato o rifiutato.",
  moved: "Appuntamento spostato: il paziente riceve un'e-mail con il nuovo orario.",
  noShow: "Segnato come «non si è presentato».",
  noShowRefused: "Si può segnare «non si è presentato» solo per una visita confermata già iniziata.",
  reviewInvited: "Invito inviato: il paziente riceve un'e-mail con il link per lasciare una recensione.",
  reviewInviteRefused:
    "L'invito si può inviare una volta sola, dopo una visita confermata che si è svolta: forse è già stato inviato.",
  booked: "Appuntamento aggiunto: il paziente riceve un'e-mail di conferma.",
  taken: "Questo orario è già occupato da un altro appuntamento (o dal tempo tra due visite): scegline un altro.",
  dayInvalid: "Scegli un giorno valido.",
  timeInvalid: "Scrivi un orario valido, per esempio 09:30.",
  visitTypeRequired: "Scegli il tipo di visita.",
  placeRequired: "Scegli la sede o la visita online.",
  invalid: "Richiesta non valida: ricarica l'agenda e riprova.",
} as const;

/** What the agenda's route says when one of her actions worked, by the form's intent. */
export const AGENDA_DONE_MESSAGES = {
  confirm: AGENDA_MESSAGES.confirmed,
  decline: AGENDA_MESSAGES.declined,
  cancel: AGENDA_MESSAGES.cancelled,
  no_show: AGENDA_MESSAGES.noShow,
  review_invite: AGENDA_MESSAGES.reviewInvited,
  move: AGENDA_MESSAGES.moved,
  book: AGENDA_MESSAGES.booked,
} as const;

/** What the agenda's route says for each reason one of her actions changed nothing. */
export const AGENDA_REFUSAL_MESSAGES = {
  not_found: AGENDA_MESSAGES.notFound,
  not_pending: AGENDA_MESSAGES.notPending,
  not_active: AGENDA_MESSAGES.notActive,
  no_show_refused: AGENDA_MESSAGES.noShowRefused,
  review_invite_refused: AGENDA_MESSAGES.reviewInviteRefused,
  taken: AGENDA_MESSAGES.taken,
  place_required: AGENDA_MESSAGES.placeRequired,
  visit_type_required: AGENDA_MESSAGES.visitTypeRequired,
} as const;

/** The booking settings screen's Italian messages: every bad input, and the answers. */
export const BOOKING_SETTINGS_MESSAGES = {
  modeInvalid: "Scegli come si prenota dal sito.",
  buffer: "Il tempo tra due visite va da 0 a 120 minuti.",
  notice: "Il preavviso minimo va da 0 a 720 ore.",
  horizon: "Si può prenotare da 1 a 365 giorni in anticipo.",
  cancellation: "Il limite per annullare o spostare va da 0 a 720 ore prima della visita.",
  reminderTime: "Scrivi l'orario del promemoria, per esempio 18:00.",
  retention: "Gli appuntamenti si conservano da 1 a 120 mesi.",
  waitingListExpiry: "Le iscrizioni alla lista d'attesa si conservano da 1 a 365 giorni.",
  waitingListLink: "Il link dell'orario liberato vale da 1 a 72 ore.",
  saved: "Impostazioni delle prenotazioni salvate.",
  typeName: "Scrivi il nome della visita (al massimo 80 caratteri).",
  duration: "La durata va da 5 a 480 minuti.",
  price: "Scrivi il prezzo intero in euro, per esempio 80 o 82,50.",
  priceToShow: "Per mostrare il prezzo, scrivilo.",
  confirmation: "Scegli se la prenotazione è confermata subito o su richiesta.",
  studioInvalid: "Sede non valida: ricarica la pagina.",
  placeNeeded: "Scegli almeno una sede o la visita online, oppure togli «Prenotabile».",
  typeCreated: "Tipo di visita aggiunto.",
  typeSaved: "Tipo di visita salvato.",
  typeDeleted: "Tipo di visita eliminato.",
  typeMoved: "Ordine dei tipi di visita salvato: la pagina di prenotazione li mostra in quest'ordine.",
  typeMissing: "Questo tipo di visita non esiste più: ricarica la pagina.",
  typeInUse:
    "Questo tipo di visita ha degli appuntamenti e non si può eliminare: toglilo dalle prenotazioni togliendo «Prenotabile».",
  dayInvalid: "Scegli un giorno valido.",
  endBeforeStart: "L'ultimo giorno non può essere prima del primo.",
  label: "La descrizione può avere al massimo 80 caratteri.",
  timeOffAdded: "Giorni di chiusura aggiunti: in quei giorni non si può prenotare.",
  timeOffRemoved: "Giorni di chiusura tolti.",
  timeOffMissing: "Questi giorni di chiusura non esistono più.",
  invalid: "Richiesta non valida: ricarica la pagina e riprova.",
} as const;

/** What the settings screen's route says when a change was made, by the form's intent. */
export const BOOKING_SETTINGS_DONE_MESSAGES = {
  settings: BOOKING_SETTINGS_MESSAGES.saved,
  "type-create": BOOKING_SETTINGS_MESSAGES.typeCreated,
  "type-update": BOOKING_SETTINGS_MESSAGES.typeSaved,
  "type-move": BOOKING_SETTINGS_MESSAGES.typeMoved,
  "type-delete": BOOKING_SETTINGS_MESSAGES.typeDeleted,
  "timeoff-add": BOOKING_SETTINGS_MESSAGES.timeOffAdded,
  "timeoff-remove": BOOKING_SETTINGS_MESSAGES.timeOffRemoved,
} as const;

/** What the settings screen's route says for each reason a change was not made. */
export const BOOKING_SETTINGS_REFUSAL_MESSAGES = {
  studio_invalid: BOOKING_SETTINGS_MESSAGES.studioInvalid,
  type_missing: BOOKING_SETTINGS_MESSAGES.typeMissing,
  type_in_use: BOOKING_SETTINGS_MESSAGES.typeInUse,
  time_off_missing: BOOKING_SETTINGS_MESSAGES.timeOffMissing,
} as const;

export const CALENDAR_FEED_MESSAGES = {
  created: "Nuovo indirizzo del calendario creato: copialo ora, non sarà più mostrato.",
  revoked: "Indirizzo del calendario disattivato: i calendari abbonati non ricevono più l'agenda.",
  noneToRevoke: "Non c'era un indirizzo del calendario attivo.",
} as const;

/** The waiting list's Italian messages (issue 43 item 6): the patient's form and her list. */
export const WAITING_LIST_MESSAGES = {
  weekdaysRequired: "Scegli almeno un giorno della settimana.",
  dayPartsRequired: "Scegli almeno una fascia: mattina, pomeriggio o sera.",
  consent: "Per entrare in lista d'attesa devi dichiarare di aver letto l'informativa privacy.",
  choiceMissing: "Scegli prima la sede e il tipo di visita.",
  failed: "Non è stato possibile registrarti in lista d'attesa. Riprova tra qualche minuto o chiama lo studio.",
  rateLimited: "Hai inviato troppe richieste in poco tempo. Riprova più tardi o chiama lo studio.",
  joined: "Sei in lista d'attesa. Ti scriveremo quando si libera un orario adatto a te.",
  linkExpired:
    "Il link della lista d'attesa è scaduto o l'orario è già stato prenotato: puoi comunque scegliere tra gli orari liberi.",
  removed: "Iscrizione tolta dalla lista d'attesa.",
  missing: "Questa iscrizione non è più in lista d'attesa.",
} as const;
