import { countOf } from "~/core/format/plural";
import { formatItalianDateTime, nameAfter } from "~/core/format/italian-format";
import { romeDate, romeTime } from "~/core/format/rome-clock";
import { type Mail, type MailLink, renderMail } from "~/core/mail/mail-layout";

// The booking's e-mails: to the patient (booked, cancelled, moved), with the studio's address and
// map, and her two links; to the practitioner for each new booking. Written on the core's layout.

export interface NoticeAppointment {
  startsAt: Date;
  status: string;
  patientName: string;
  patientEmail: string;
  patientPhone: string;
  note: string | null;
  /** Item 7: the online visit's room, this patient's only; null or absent when none is set up. */
  onlineRoomUrl?: string | null;
}

export interface NoticePlace {
  name: string;
  address: string | null;
  mapsUrl: string | null;
}

/** Every booking mail's shape: greeting and message, the visit's rows, then her links. */
const render = (subject: string, intro: string[], rows: [string, string][], links: MailLink[]) =>
  renderMail({ subject, blocks: [{ paragraphs: intro }, { rows }, { links }] });

const when = (appointment: NoticeAppointment) =>
  `${formatItalianDateTime(appointment.startsAt.toISOString())} (ora italiana)`;

/** Item 7: the room's link while the visit holds its time (a withdrawn visit's e-mail gives none). */
const roomUrl = (appointment: NoticeAppointment) =>
  appointment.onlineRoomUrl && (appointment.status === "pending" || appointment.status === "confirmed")
    ? appointment.onlineRoomUrl
    : null;

/** The link to enter the online visit, first among the e-mail's links; none when not known. */
function roomLinks(appointment: NoticeAppointment): MailLink[] {
  const url = roomUrl(appointment);
  return url ? [{ label: "Entra nella visita online", url }] : [];
}

function placeRows(place: NoticePlace, appointment: NoticeAppointment): [string, string][] {
  if (!place.address)
    return [
      [
        "Dove",
        roomUrl(appointment)
          ? "Visita online: entra dal collegamento qui sotto"
          : "Visita online: riceverai il collegamento prima della visita",
      ],
    ];
  const rows: [string, string][] = [["Dove", `${place.name}, ${place.address}`]];
  if (place.mapsUrl) rows.push(["Mappa", place.mapsUrl]);
  return rows;
}

/** The visit's price as she shows it on the site ("80,00 €"); no row when she does not show it. */
export const priceRows = (price: string | null | undefined): [string, string][] => (price ? [["Prezzo", price]] : []);

/** To the patient, at once: her request received, or her visit confirmed; with her two links. */
export function patientBookedNotice(input: {
  appointment: NoticeAppointment;
  visitTypeName: string;
  practitionerName: string;
  place: NoticePlace;
  manageUrl: string;
  changeUrl: string;
  cancellationLimitHours: number;
  phone: string;
  /** "moved": the time changed by her link. */
  kind?: "booked" | "moved";
  /** The price, when she shows it (see `priceRows`). */
  price?: string | null;
}): Mail {
  const pending = input.appointment.status === "pending";
  const moved = input.kind === "moved";
  const subject = pending
    ? `${moved ? "Nuovo orario richiesto" : "Richiesta di prenotazione ricevuta"}: ${input.visitTypeName}`
    : `${moved ? "Nuovo orario confermato" : "Prenotazione confermata"}: ${input.visitTypeName}`;
  const intro = [
    `Gentile ${input.appointment.patientName},`,
    pending
      ? `ho ricevuto la tua richiesta di ${input.visitTypeName.toLowerCase()}. Ti scriverò appena l'avrò confermata.`
      : `la tua visita è confermata. Trovi in allegato il file da aggiungere al tuo calendario.`,
    `Puoi annullare o cambiare l'orario dai link qui sotto fino a ${countOf(input.cancellationLimitHours, ["ora", "ore"])} prima della visita; dopo, chiama lo studio al ${input.phone}.`,
  ];
  return render(
    subject,
    intro,
    [
      ["Visita", input.visitTypeName],
      ["Con", input.practitionerName],
      ["Quando", when(input.appointment)],
      ...placeRows(input.place, input.appointment),
      ...priceRows(input.price),
      ["Stato", pending ? "In attesa di conferma" : "Confermata"],
    ],
    [
      ...roomLinks(input.appointment),
      { label: "Annulla la visita", url: input.manageUrl },
      { label: "Cambia l'orario", url: input.changeUrl },
    ],
  );
}

/** To the patient, when she cancelled by her link. */
export function patientCancelledNotice(input: {
  appointment: NoticeAppointment;
  visitTypeName: string;
  place: NoticePlace;
  bookingUrl: string;
}): Mail {
  return render(
    `Visita annullata: ${input.visitTypeName}`,
    [`Gentile ${input.appointment.patientName},`, "la tua visita è stata annullata, come hai chiesto."],
    [
      ["Visita", input.visitTypeName],
      ["Era prevista", when(input.appointment)],
      ...placeRows(input.place, input.appointment),
    ],
    [{ label: "Prenota un'altra visita", url: input.bookingUrl }],
  );
}

/**
 * To the practitioner, for each new booking (or a time changed by the patient's link); with the link
 * to it in her agenda, where she answers a request.
 */
export function practitionerBookingNotice(input: {
  appointment: NoticeAppointment;
  visitTypeName: string;
  place: NoticePlace;
  kind: "booked" | "moved" | "cancelled";
  previousStartsAt?: Date;
  agendaUrl?: string;
}): Mail {
  const { appointment } = input;
  const pending = appointment.status === "pending";
  const subject =
    input.kind === "cancelled"
      ? `Visita annullata dal paziente: ${appointment.patientName}`
      : input.kind === "moved"
        ? `Visita spostata dal paziente: ${appointment.patientName}`
        : pending
          ? `Nuova richiesta di prenotazione: ${appointment.patientName}`
          : `Nuova prenotazione: ${appointment.patientName}`;
  const intro =
    input.kind === "cancelled"
      ? "Un paziente ha annullato la visita dal link della sua e-mail: l'orario è di nuovo libero."
      : input.kind === "moved"
        ? "Un paziente ha cambiato l'orario della visita dal link della sua e-mail."
        : pending
          ? "È arrivata una nuova richiesta di prenotazione dal sito: aspetta la tua conferma."
          : "È arrivata una nuova prenotazione dal sito, già confermata.";
  const rows: [string, string][] = [
    ["Visita", input.visitTypeName],
    ["Quando", when(appointment)],
  ];
  if (input.previousStartsAt)
    rows.push(["Prima era", `${formatItalianDateTime(input.previousStartsAt.toISOString())} (ora italiana)`]);
  rows.push(
    ["Dove", input.place.address ? input.place.name : "Online"],
    ["Nome", appointment.patientName],
    ["E-mail", appointment.patientEmail],
    ["Telefono", appointment.patientPhone],
  );
  if (appointment.note) rows.push(["Nota", appointment.note]);
  const agenda = input.agendaUrl
    ? [{ label: pending ? "Rispondi alla richiesta" : "Apri l'agenda", url: input.agendaUrl }]
    : [];
  return render(subject, [intro], rows, agenda);
}

/** What she did from her agenda that the patient is told of. */
export type AgendaNoticeKind = "confirmed" | "declined" | "cancelled" | "moved";

/**
 * To the patient, when the practitioner confirmed, declined, cancelled or moved her visit from the
 * agenda. No links of hers (only their hash is stored): the first e-mail's links keep working.
 */
export function patientAgendaNotice(input: {
  appointment: NoticeAppointment;
  visitTypeName: string;
  practitionerName: string;
  place: NoticePlace;
  kind: AgendaNoticeKind;
  phone: string;
  bookingUrl: string;
  previousStartsAt?: Date;
  /** The price, when she shows it (see `priceRows`). */
  price?: string | null;
}): Mail {
  const { kind } = input;
  const subject = {
    confirmed: `Prenotazione confermata: ${input.visitTypeName}`,
    declined: `Richiesta non accettata: ${input.visitTypeName}`,
    cancelled: `Visita annullata: ${input.visitTypeName}`,
    moved: `Nuovo orario della visita: ${input.visitTypeName}`,
  }[kind];
  const body = {
    confirmed:
      "la tua visita è confermata. Trovi in allegato il file da aggiungere al tuo calendario. Per annullarla o cambiare l'orario usa i link dell'e-mail che hai ricevuto alla prenotazione.",
    declined: `purtroppo non posso accettare la tua richiesta per questo orario. Puoi scegliere un altro orario dal sito o chiamare lo studio al ${input.phone}.`,
    cancelled: `la tua visita è stata annullata dallo studio. Per fissarne un'altra puoi prenotare dal sito o chiamare lo studio al ${input.phone}.`,
    moved:
      "l'orario della tua visita è cambiato, come concordato. Trovi in allegato il file aggiornato per il tuo calendario.",
  }[kind];
  const rows: [string, string][] = [
    ["Visita", input.visitTypeName],
    ["Con", input.practitionerName],
    [kind === "declined" || kind === "cancelled" ? "Era prevista" : "Quando", when(input.appointment)],
  ];
  if (input.previousStartsAt)
    rows.push(["Prima era", `${formatItalianDateTime(input.previousStartsAt.toISOString())} (ora italiana)`]);
  rows.push(...placeRows(input.place, input.appointment));
  if (kind === "confirmed" || kind === "moved") rows.push(...priceRows(input.price));
  const links =
    kind === "declined" || kind === "cancelled"
      ? [{ label: "Prenota un'altra visita", url: input.bookingUrl }]
      : roomLinks(input.appointment);
  return render(subject, [`Gentile ${input.appointment.patientName},`, body], rows, links);
}

/**
 * When the visit is, as the reminder says it: "domani", or "oggi alle 10:30" when a run caught up
 * late on the visit's own day (a server down the evening before).
 */
export function reminderDay(startsAt: Date, sentAt: Date): string {
  const start = startsAt.getTime();
  return romeDate(start) === romeDate(sentAt.getTime()) ? `oggi alle ${romeTime(start)}` : "domani";
}

/** To the patient, the day before her confirmed visit. No links of hers (only their hash is stored). */
export function patientReminderNotice(input: {
  appointment: NoticeAppointment;
  visitTypeName: string;
  practitionerName: string;
  place: NoticePlace;
  phone: string;
  /** When it is sent: a reminder caught up on the visit's own day says "oggi", not "domani". */
  sentAt: Date;
  /** The price, when she shows it (see `priceRows`). */
  price?: string | null;
}): Mail {
  const day = reminderDay(input.appointment.startsAt, input.sentAt);
  return render(
    `Promemoria: ${input.visitTypeName} ${day}`,
    [
      `Gentile ${input.appointment.patientName},`,
      `ti ricordo la visita di ${day}. Per annullarla o spostarla usa i link dell'e-mail di conferma o chiama lo studio.`,
    ],
    [
      ["Visita", input.visitTypeName],
      ["Con", input.practitionerName],
      ["Quando", when(input.appointment)],
      ...placeRows(input.place, input.appointment),
      ...priceRows(input.price),
      ["Telefono dello studio", input.phone],
    ],
    roomLinks(input.appointment),
  );
}

/**
 * To the patient after her visit: the review invitation's personal link and how long it is valid.
 * Nothing about the visit itself (no type, no time): an e-mail is no place for health data.
 */
export function patientReviewInviteNotice(input: {
  patientName: string;
  practitionerName: string;
  url: string;
  validDays: number;
}): Mail {
  return render(
    `Come è andata la visita ${nameAfter("con", input.practitionerName)}?`,
    [
      `Gentile ${input.patientName},`,
      "grazie per la fiducia. Se ti va, puoi lasciare una recensione con il tuo link personale qui sotto.",
      `Il link vale ${countOf(input.validDays, ["giorno", "giorni"])} e per una sola recensione; non serve scrivere nulla sulla tua salute.`,
    ],
    [],
    [{ label: "Lascia una recensione", url: input.url }],
  );
}

/**
 * To the patient, when the follow-up she agreed with the practitioner is due: a
 * link that opens the booking on the follow-up's type with her details filled, valid `validDays`.
 */
export function patientFollowUpNotice(input: {
  patientName: string;
  visitTypeName: string;
  practitionerName: string;
  phone: string;
  url: string;
  validDays: number;
  /** The price, when she shows it (see `priceRows`). */
  price?: string | null;
}): Mail {
  return render(
    `È il momento di prenotare: ${input.visitTypeName}`,
    [
      `Gentile ${input.patientName},`,
      `come concordato alla tua ultima visita, è il momento di prenotare la prossima: ${input.visitTypeName.toLowerCase()}.`,
      `Dal link qui sotto trovi i tuoi dati già inseriti: scegli solo il giorno e l'orario. Il link vale ${countOf(input.validDays, ["giorno", "giorni"])}; puoi anche chiamare lo studio al ${input.phone}.`,
    ],
    [["Visita", input.visitTypeName], ["Con", input.practitionerName], ...priceRows(input.price)],
    [{ label: "Prenota la visita", url: input.url }],
  );
}
