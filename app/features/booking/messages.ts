/** Booking's Italian messages: what a patient is told when a time cannot be booked, cancelled or changed. */
export const BOOKING_MESSAGES = {
  taken: "Questo orario è appena stato prenotato da un'altra persona: scegli uno degli altri orari liberi.",
  unavailable: "Questo orario non è disponibile: scegli uno degli orari liberi proposti.",
  visitTypeUnavailable: "Questo tipo di visita non è prenotabile in questa sede: scegli tra quelli proposti.",
  linkInvalid: "Il link non è valido o la prenotazione non esiste più.",
  inactive: "Questa prenotazione è stata annullata o non è stata confermata: non si può più modificare.",
  tooLate: "Non è più possibile annullare o spostare questa visita dal sito: chiama lo studio per qualsiasi modifica.",
} as const;
