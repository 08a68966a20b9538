/** Her agenda as the page shows it: the coming days, and the visits of the last days (to invite a review). */
import type { AppointmentStatus } from "~/core/db/booking-values";
import { formatItalianDate, formatItalianDay } from "~/core/format/italian-format";
import { addDays, romeDate, romeInstant, romeTime } from "~/core/format/rome-clock";
import { AGENDA_DAYS, RECENT_DAYS } from "./agenda-schema";
import type { AgendaEntry, AppointmentRepository } from "./appointments.server";
import { type BookingSite, placeOf } from "./booking-mails.server";

const STATUS_LABELS: Record<AppointmentStatus, string> = {
  pending: "Da confermare",
  confirmed: "Confermata",
  declined: "Rifiutata",
  cancelled: "Annullata",
  no_show: "Non si è presentato",
};

/** One appointment as the agenda shows it. */
export interface AgendaItem {
  id: string;
  /** "09:30–10:30", Italy's clock. */
  time: string;
  day: string;
  place: string;
  visitTypeName: string;
  status: AppointmentStatus;
  statusLabel: string;
  patientName: string;
  patientEmail: string;
  patientPhone: string;
  note: string | null;
  /** Begun: it can be marked missed. */
  started: boolean;
  /**
   * The review invitation: "invite" once a confirmed visit has ended, then the day it was sent
   * ("26 novembre 2026"); null before the visit's end or for any other status.
   */
  reviewInvite: { sentOn: string | null } | null;
}

export interface AgendaDay {
  date: string;
  label: string;
  items: AgendaItem[];
}

export function agendaItem(entry: AgendaEntry, site: BookingSite, now: Date): AgendaItem {
  return {
    id: entry.id,
    time: `${romeTime(entry.startsAt.getTime())}–${romeTime(entry.endsAt.getTime())}`,
    day: romeDate(entry.startsAt.getTime()),
    place: placeOf(site, entry).name,
    visitTypeName: entry.visitTypeName,
    status: entry.status,
    statusLabel: STATUS_LABELS[entry.status],
    patientName: entry.patientName,
    patientEmail: entry.patientEmail,
    patientPhone: entry.patientPhone,
    note: entry.note,
    started: entry.startsAt.getTime() <= now.getTime(),
    reviewInvite: entry.reviewInvitedAt
      ? { sentOn: formatItalianDate(entry.reviewInvitedAt.toISOString()) }
      : entry.status === "confirmed" && entry.endsAt.getTime() <= now.getTime()
        ? { sentOn: null }
        : null,
  };
}

/** Today and the coming days in Italy, with every request, visit and visit marked missed, by day. */
export async function loadAgenda(
  deps: { appointments: AppointmentRepository },
  site: BookingSite,
  now = new Date(),
): Promise<AgendaDay[]> {
  const today = romeDate(now.getTime());
  const entries = await deps.appointments.listUpcoming(new Date(romeInstant(today, 0)), {
    until: new Date(romeInstant(addDays(today, AGENDA_DAYS), 0)),
    statuses: ["pending", "confirmed", "no_show"],
  });
  return byDay(entries, site, now);
}

/** The visits that took place in the last days before today, the latest day first: to invite a review. */
export async function loadRecentVisits(
  deps: { appointments: AppointmentRepository },
  site: BookingSite,
  now = new Date(),
): Promise<AgendaDay[]> {
  const today = romeDate(now.getTime());
  const entries = await deps.appointments.listUpcoming(new Date(romeInstant(addDays(today, -RECENT_DAYS), 0)), {
    until: new Date(romeInstant(today, 0)),
    statuses: ["confirmed"],
  });
  return byDay(entries, site, now).reverse();
}

function byDay(entries: AgendaEntry[], site: BookingSite, now: Date): AgendaDay[] {
  const days: AgendaDay[] = [];
  for (const entry of entries) {
    const item = agendaItem(entry, site, now);
    let day = days.at(-1);
    if (day?.date !== item.day) {
      day = { date: item.day, label: formatItalianDay(item.day), items: [] };
      days.push(day);
    }
    day.items.push(item);
  }
  return days;
}
