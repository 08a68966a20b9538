import type { CalendarReadFailure } from "./calendar-source-values";
import { formatItalianDateTime } from "~/core/format/italian-format";
import { refusalTable } from "~/core/forms/refusals";

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

/** Why a booking, or a change by her link, was refused: what the page says, and the status. */
export const BOOKING_REFUSALS = refusalTable({
  // A time gone meanwhile, or not one offered: 409, the page shows the other free times.
  taken: { message: BOOKING_MESSAGES.taken, status: 409 },
  unavailable: { message: BOOKING_MESSAGES.unavailable, status: 409 },
  visitTypeUnavailable: { message: BOOKING_MESSAGES.visitTypeUnavailable, status: 409 },
  unknown: { message: BOOKING_MESSAGES.linkInvalid, status: 404 },
  inactive: { message: BOOKING_MESSAGES.inactive, status: 409 },
  tooLate: { message: BOOKING_MESSAGES.tooLate, status: 409 },
  // The place or the time sent is none of the page's.
  placeUnknown: { message: BOOKING_FORM_MESSAGES.timeMissing, status: 400 },
  timeMissing: { message: BOOKING_FORM_MESSAGES.timeMissing, status: 409 },
  rateLimited: { message: BOOKING_FORM_MESSAGES.rateLimited, status: 429 },
});

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
  reviewsHidden:
    "Le recensioni sono nascoste sul sito: per invitare i pazienti, rimetti la spunta «Mostra le recensioni sul sito» in Contenuti del sito → Dati dello studio.",
  reviewInviteRefused:
    "L'invito si può inviare una volta sola, dopo una visita confermata che si è svolta: forse è già stato inviato.",
  booked: "Appuntamento aggiunto: il paziente riceve un'e-mail di conferma.",
  taken: "Questo orario è già occupato da un altro appuntamento (o dal tempo tra due visite): scegline un altro.",
  dayInvalid: "Scegli un giorno valido.",
  timeInvalid: "Scrivi un orario valido, per esempio 09:30.",
  visitTypeRequired: "Scegli il tipo di visita.",
  placeRequired: "Scegli la sede o la visita online.",
  invalid: "Richiesta non valida: ricarica l'agenda e riprova.",
  followUpWeeks: "Scegli tra quante settimane (da 2 a 26).",
  followUpPlanned: "Promemoria del controllo programmato: il paziente riceverà l'e-mail per prenotarlo.",
  followUpCancelled: "Promemoria del controllo annullato.",
  followUpRefused:
    "Non è possibile programmare il promemoria: la visita deve essere confermata, senza un altro promemoria, e il giorno ancora da venire.",
  followUpMissing: "Non c'è un promemoria da annullare: forse è già stato inviato.",
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
  follow_up: AGENDA_MESSAGES.followUpPlanned,
  follow_up_cancel: AGENDA_MESSAGES.followUpCancelled,
} as const;

/** Why one of her agenda's actions changed nothing: what the agenda says, and the status. */
export const AGENDA_REFUSALS = refusalTable({
  notFound: { message: AGENDA_MESSAGES.notFound, status: 404 },
  notPending: { message: AGENDA_MESSAGES.notPending, status: 409 },
  notActive: { message: AGENDA_MESSAGES.notActive, status: 409 },
  noShowRefused: { message: AGENDA_MESSAGES.noShowRefused, status: 409 },
  reviewInviteRefused: { message: AGENDA_MESSAGES.reviewInviteRefused, status: 409 },
  reviewsHidden: { message: AGENDA_MESSAGES.reviewsHidden, status: 409 },
  taken: { message: AGENDA_MESSAGES.taken, status: 409 },
  placeRequired: { message: AGENDA_MESSAGES.placeRequired, status: 400 },
  visitTypeRequired: { message: AGENDA_MESSAGES.visitTypeRequired, status: 409 },
  followUpRefused: { message: AGENDA_MESSAGES.followUpRefused, status: 409 },
  followUpMissing: { message: AGENDA_MESSAGES.followUpMissing, status: 409 },
});

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
  requestAnswer: "Scrivi entro quante ore rispondi a una richiesta: da 1 a 168 (una settimana).",
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
  // Item 7 (online visits).
  roomKind: "Scegli come si svolge la visita online.",
  roomUrl: "Scrivi un indirizzo che inizia con https://, per esempio https://meet.jit.si/studio-ferrari.",
  roomServer: "Scrivi solo l'indirizzo del server, senza «?» né «#», per esempio https://meet.jit.si.",
  roomProvider: "Scrivi il nome del servizio video, per esempio Jitsi Meet (al massimo 80 caratteri).",
  roomSaved: "Visita online salvata: il collegamento andrà ai pazienti che prenotano da ora.",
  roomRemoved: "Collegamento tolto: le e-mail diranno che lo riceveranno prima della visita.",
  roomNotOnline: "Questo tipo di visita non è offerto online: spunta «Online» e salvalo, poi scegli il collegamento.",
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
  "online-room": BOOKING_SETTINGS_MESSAGES.roomSaved,
} as const;

/** Why a change of the settings was not made: what the screen says, and the status. */
export const BOOKING_SETTINGS_REFUSALS = refusalTable({
  studioInvalid: { message: BOOKING_SETTINGS_MESSAGES.studioInvalid, status: 400 },
  typeMissing: { message: BOOKING_SETTINGS_MESSAGES.typeMissing, status: 404 },
  typeInUse: { message: BOOKING_SETTINGS_MESSAGES.typeInUse, status: 409 },
  timeOffMissing: { message: BOOKING_SETTINGS_MESSAGES.timeOffMissing, status: 404 },
  notOnline: { message: BOOKING_SETTINGS_MESSAGES.roomNotOnline, status: 409 },
});

export const CALENDAR_FEED_MESSAGES = {
  created: "Nuovo indirizzo del calendario creato: copialo ora, non sarà più mostrato.",
  revoked: "Indirizzo del calendario disattivato: i calendari abbonati non ricevono più l'agenda.",
  noneToRevoke: "Non c'era un indirizzo del calendario attivo.",
} as const;

/** Her other calendars on the settings screen (decision 53): the form's fields, the answers, why a read failed. */
export const CALENDAR_SOURCE_MESSAGES = {
  name: "Scrivi un nome per il calendario (al massimo 60 caratteri), per esempio «Personale».",
  address: "Incolla l'indirizzo del calendario: inizia con https:// o webcal://.",
  addressOrHttp: "Incolla l'indirizzo del calendario: inizia con https://, webcal:// o http://.",
  addressTooLong: "L'indirizzo può avere al massimo 2000 caratteri.",
  studioInvalid: "Studio non valido: ricarica la pagina.",
  placeNeeded: "Scegli almeno uno studio o le visite online: dove il calendario toglie gli orari.",
  tooMany: "Puoi aggiungere al massimo 10 calendari: togline uno prima di aggiungerne un altro.",
  missing: "Questo calendario non c'è più: ricarica la pagina.",
  added: "Calendario aggiunto.",
  removed: "Calendario tolto, con i suoi impegni: quegli orari tornano prenotabili.",
  read: (count: number) =>
    count === 1
      ? "Calendario letto: un impegno nei giorni prenotabili."
      : `Calendario letto: ${count} impegni nei giorni prenotabili.`,
  unchanged: "Calendario letto: nessuna modifica dall'ultima lettura.",
  readFailed: (why: string) =>
    `Lettura del calendario non riuscita: ${why} Restano validi gli impegni letti l'ultima volta.`,
} as const;

/** Why a change of her calendars was not made: what the screen says, and the status. */
export const CALENDAR_SOURCE_REFUSALS = refusalTable({
  tooMany: { message: CALENDAR_SOURCE_MESSAGES.tooMany, status: 409 },
  studioInvalid: { message: CALENDAR_SOURCE_MESSAGES.studioInvalid, status: 400 },
  placeNeeded: { message: CALENDAR_SOURCE_MESSAGES.placeNeeded, status: 400 },
  missing: { message: CALENDAR_SOURCE_MESSAGES.missing, status: 404 },
});

/**
 * Why a read of one of her calendars failed, in Italian, by its reason code (and HTTP status, or the
 * start of the event whose rule could not be expanded: its time, never its title).
 */
export function calendarFailureText(
  reason: CalendarReadFailure,
  httpStatus: number | null,
  eventAt: Date | null = null,
): string {
  if (reason === "tooComplex" && eventAt)
    return `il calendario ha una regola di ripetizione troppo complessa da leggere: è quella dell'evento che inizia il ${formatItalianDateTime(eventAt.toISOString())} (cambiala o toglila, poi premi «Aggiorna ora»).`;
  if (reason === "httpStatus") {
    if (httpStatus === 404 || httpStatus === 410)
      return "il calendario non si trova a questo indirizzo (forse l'indirizzo segreto è stato cambiato).";
    if (httpStatus === 401 || httpStatus === 403)
      return "il calendario non è accessibile (forse non è più pubblico o l'indirizzo segreto è stato cambiato).";
    if (httpStatus !== null && httpStatus >= 500) return "il server del calendario ha avuto un errore.";
    return `il server del calendario ha risposto con un errore${httpStatus ? ` (${httpStatus})` : ""}.`;
  }
  return CALENDAR_FAILURE_TEXTS[reason];
}

const CALENDAR_FAILURE_TEXTS: Record<Exclude<CalendarReadFailure, "httpStatus">, string> = {
  timeout: "il calendario non ha risposto in tempo.",
  tooLarge: "il calendario è troppo grande (più di 5 MB).",
  notCalendar: "a questo indirizzo non c'è un calendario (serve l'indirizzo iCal, che finisce spesso con .ics).",
  badUrl: "l'indirizzo non è valido.",
  badScheme: "indirizzo non consentito: serve un indirizzo https:// o webcal://.",
  privateAddress: "indirizzo non consentito: porta a una rete privata.",
  unresolvable: "il sito del calendario non esiste (controlla di aver copiato l'indirizzo per intero).",
  network: "non è stato possibile collegarsi al sito del calendario.",
  tooManyRedirects: "il sito del calendario rimanda ad altri indirizzi troppe volte.",
  tooManyEvents: "il calendario ha troppi eventi (più di 20.000).",
  tooManyOccurrences: "il calendario ha troppi impegni ripetuti nei giorni prenotabili.",
  tooComplex: "il calendario ha regole di ripetizione troppo complesse da leggere.",
  tooHeavy: "il calendario richiede troppa memoria per essere letto.",
  busy: "altri calendari sono in lettura proprio ora: riprova tra un minuto.",
};

/** The holidays' part of the settings screen (decision 54). */
export const HOLIDAY_MESSAGES = {
  reopened: "Festività riaperta: quel giorno si può prenotare.",
  closed: "Festività chiusa di nuovo: quel giorno non si può prenotare.",
  notHoliday: "Quel giorno non è una festività dei prossimi 12 mesi: ricarica la pagina.",
  patronAdded: "Santo patrono aggiunto: ogni anno, in quel giorno, lo studio è chiuso.",
  patronRemoved: "Santo patrono tolto.",
  patronExists: "Questo studio ha già un santo patrono in quel giorno.",
  patronMissing: "Questo santo patrono non esiste più.",
  patronDay: "Scegli un giorno che esiste in quel mese.",
  patronMonth: "Scegli il mese.",
  patronName: "Scrivi il nome del santo (al massimo 80 caratteri).",
} as const;

/** Why a holiday or patron saint change was not made: what the screen says, and the status. */
export const HOLIDAY_REFUSALS = refusalTable({
  notHoliday: { message: HOLIDAY_MESSAGES.notHoliday, status: 400 },
  studioInvalid: { message: BOOKING_SETTINGS_MESSAGES.studioInvalid, status: 400 },
  patronExists: { message: HOLIDAY_MESSAGES.patronExists, status: 409 },
  patronMissing: { message: HOLIDAY_MESSAGES.patronMissing, status: 404 },
});

/** The waiting list's Italian messages: the patient's form and her list. */
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

/** Why she was not put on the waiting list: what the form says, and the status. */
export const WAITING_LIST_REFUSALS = refusalTable({
  choiceMissing: { message: WAITING_LIST_MESSAGES.choiceMissing, status: 400 },
  rateLimited: { message: WAITING_LIST_MESSAGES.rateLimited, status: 429 },
});
