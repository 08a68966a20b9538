import { nameAfter } from "~/core/format/italian-format";
import ical, { ICalCalendarMethod, type ICalEventData, ICalEventStatus } from "ical-generator";
import type { AppointmentStatus } from "./booking-values";
import { formatItalianDateTime } from "~/core/format/italian-format";

// iCalendar (RFC 5545) files for booking, written by ical-generator: the patient's event (attached to
// her e-mails) and the practitioner's subscription feed. Times are written in UTC, as the library
// recommends: an exact instant every calendar shows in its own zone, with no time zone table to ship;
// X-WR-TIMEZONE names Europe/Rome for the calendars that take a default zone from it, and the
// patient's event says the time in Italy in words. Each holds only what the calendar needs.

/** Where the visit takes place: a studio, or null for an online visit. */
export interface EventStudio {
  name: string;
  /** "Via Giuseppe Verdi 18, 20121 Milano (MI)". */
  address: string;
  mapsUrl: string;
}

export interface CalendarAppointment {
  id: string;
  startsAt: Date;
  endsAt: Date;
  status: AppointmentStatus;
}

const ROME = "Europe/Rome";

const eventStatus = (status: AppointmentStatus): ICalEventStatus =>
  status === "confirmed"
    ? ICalEventStatus.CONFIRMED
    : status === "pending"
      ? ICalEventStatus.TENTATIVE
      : ICalEventStatus.CANCELLED;

/** A visit no longer held (cancelled by either of them, a request declined) leaves the patient's calendar. */
const withdrawn = (status: AppointmentStatus) => status === "cancelled" || status === "declined";

/**
 * The patient's file's iTIP method (RFC 5546): PUBLISH while the visit holds, CANCEL once it is
 * withdrawn (a calendar then removes the event of that UID rather than keeping a cancelled one).
 */
export const patientEventMethod = (status: AppointmentStatus): "PUBLISH" | "CANCEL" =>
  withdrawn(status) ? "CANCEL" : "PUBLISH";

/** The same UID in every file about one appointment, so a calendar updates the event instead of adding one. */
const uid = (appointmentId: string, siteHost: string) => `appointment-${appointmentId}@${siteHost}`;

const prodId = (siteHost: string) => ({ company: siteHost, product: "prenotazioni", language: "IT" });

/**
 * The patient's event: when, where (the studio's address and map link) and with whom; nothing of
 * hers (she knows who she is) and no link to change the booking (the e-mail carries it).
 */
export function patientEventFile(input: {
  /**
   * `sequence`: the appointment's revision, higher in each file after a change (RFC 5545 SEQUENCE);
   * `onlineRoomUrl`: the online visit's room (item 7), this patient's only.
   */
  appointment: CalendarAppointment & { sequence: number; onlineRoomUrl?: string | null };
  visitTypeName: string;
  practitionerName: string;
  /** Null for an online visit. */
  studio: EventStudio | null;
  /** The site's host name, e.g. "giuliaferrari-nutrizionista.it": the events' UID domain. */
  siteHost: string;
  /**
   * The practice, as ORGANIZER (name and mailto:): a calendar shows whom the visit is with and
   * where a reply goes; RFC 5546 wants one in a CANCEL. Left out when the practice has no address.
   */
  organizer?: { name: string; email: string } | null;
  now?: Date;
}): string {
  const { appointment, studio } = input;
  const when = formatItalianDateTime(appointment.startsAt.toISOString());
  const pending = appointment.status === "pending";
  // Item 7: the room goes in LOCATION and URL while the visit holds (a withdrawn file names none).
  const room = studio || withdrawn(appointment.status) ? null : (appointment.onlineRoomUrl ?? null);
  const description = [
    `${input.visitTypeName} ${nameAfter("con", input.practitionerName)}, ${when} (ora italiana).`,
    pending ? "Richiesta in attesa di conferma: riceverai un'e-mail quando sarà confermata." : null,
    studio
      ? `${studio.name}, ${studio.address}\nMappa: ${studio.mapsUrl}`
      : room
        ? `Visita online: ${room}`
        : "Visita online.",
  ]
    .filter(Boolean)
    .join("\n");
  const event: ICalEventData = {
    id: uid(appointment.id, input.siteHost),
    start: appointment.startsAt,
    end: appointment.endsAt,
    stamp: input.now ?? new Date(),
    summary: `${input.visitTypeName} – ${input.practitionerName}${pending ? " (da confermare)" : ""}`,
    location: studio ? `${studio.name}, ${studio.address}` : (room ?? "Visita online"),
    url: room,
    description,
    status: eventStatus(appointment.status),
    sequence: appointment.sequence,
    organizer: input.organizer ?? undefined,
  };
  return ical({
    prodId: prodId(input.siteHost),
    method: ICalCalendarMethod[patientEventMethod(appointment.status)],
    x: [["X-WR-TIMEZONE", ROME]],
    events: [event],
  }).toString();
}

/** "Maria Rossi" → "Maria R."; one word stays as it is: the feed names a patient no further. */
export function firstNameAndInitial(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return words[0] ?? "";
  return `${words[0]} ${words.at(-1)!.charAt(0).toUpperCase()}.`;
}

export interface FeedEntry extends CalendarAppointment {
  visitTypeName: string;
  patientName: string;
  /** Null for an online visit. */
  studioKey: string | null;
}

/**
 * The practitioner's agenda as a feed her calendar subscribes to: each appointment's time, place,
 * type, and the patient's first name and initial. No contacts, no notes: the feed's address is a
 * secret, but calendars copy what they fetch to other servers.
 */
export function practitionerFeedFile(input: {
  entries: readonly FeedEntry[];
  /** The studios' names by key; a key not found is shown as "Studio". */
  studioNames: ReadonlyMap<string, string>;
  calendarName: string;
  siteHost: string;
  now?: Date;
}): string {
  const stamp = input.now ?? new Date();
  return ical({
    prodId: prodId(input.siteHost),
    method: ICalCalendarMethod.PUBLISH,
    name: input.calendarName,
    // How often a subscribed calendar should fetch it again (clients may wait longer).
    ttl: 15 * 60,
    x: [["X-WR-TIMEZONE", ROME]],
    events: input.entries.map(
      (entry): ICalEventData => ({
        id: uid(entry.id, input.siteHost),
        start: entry.startsAt,
        end: entry.endsAt,
        stamp,
        summary: `${entry.status === "pending" ? "Richiesta: " : ""}${entry.visitTypeName} – ${firstNameAndInitial(entry.patientName)}`,
        location: entry.studioKey === null ? "Online" : (input.studioNames.get(entry.studioKey) ?? "Studio"),
        status: eventStatus(entry.status),
      }),
    ),
  }).toString();
}
