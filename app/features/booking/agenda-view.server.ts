/** Her agenda as the page shows it: the coming days, and the visits of the last days (to invite a review). */
import type { AppointmentStatus } from "./booking-values";
import { formatItalianDate, formatItalianDay } from "~/core/format/italian-format";
import { addDays, romeDate, romeInstant, romeTime } from "~/core/format/rome-clock";
import { AGENDA_DAYS, RECENT_DAYS } from "./agenda-schema";
import type { AgendaEntry, AppointmentRepository } from "./appointments.server";
import { type BookingSite, placeOf } from "./booking-mails.server";
import type { BookingSettingsRepository } from "./booking-settings.server";
import type { FollowUpRepository } from "./follow-ups.server";
import type { CalendarSourceRepository } from "./calendar-sources.server";

/** Her other calendars, to mark a visit one of their busy times overlaps (decision 53). */
type BusyMarks = { calendarSources?: Pick<CalendarSourceRepository, "overlapping"> };
const busyMarked = async (deps: BusyMarks, entries: AgendaEntry[]) =>
  deps.calendarSources ? deps.calendarSources.overlapping(entries.map((entry) => entry.id)) : new Set<string>();
import { holidaysBetween } from "./holidays";
import type { HolidayRepository } from "./holidays.server";

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
  /** The day in words ("lunedì 7 gennaio 2030"): a request is listed apart from its day. */
  dayLabel: string;
  place: string;
  /** Item 7: the online visit's room while it holds its time, for her to enter; null otherwise. */
  onlineRoomUrl: string | null;
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
  visitTypeId: string;
  /** The follow-up she asked for from this visit: its day, type, and when it went. */
  followUp: { dueOn: string; visitTypeName: string; sentOn: string | null } | null;
  /** One of her other calendars is busy at this time: shown on it, never cancelled. */
  busyElsewhere: boolean;
}

export interface AgendaDay {
  date: string;
  label: string;
  items: AgendaItem[];
}

export function agendaItem(entry: AgendaEntry, site: BookingSite, now: Date, busy?: ReadonlySet<string>): AgendaItem {
  return {
    busyElsewhere: busy?.has(entry.id) ?? false,
    id: entry.id,
    time: `${romeTime(entry.startsAt.getTime())}–${romeTime(entry.endsAt.getTime())}`,
    day: romeDate(entry.startsAt.getTime()),
    dayLabel: formatItalianDay(romeDate(entry.startsAt.getTime())),
    place: placeOf(site, entry).name,
    onlineRoomUrl: entry.status === "pending" || entry.status === "confirmed" ? entry.onlineRoomUrl : null,
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
      : site.reviewsShown && entry.status === "confirmed" && entry.endsAt.getTime() <= now.getTime()
        ? { sentOn: null }
        : null,
    visitTypeId: entry.visitTypeId,
    followUp: null,
  };
}

/** Each visit's follow-up, read in one query for the page's items. */
async function withFollowUps(deps: { followUps: FollowUpRepository }, days: AgendaDay[]): Promise<AgendaDay[]> {
  const planned = await deps.followUps.ofAppointments(days.flatMap((day) => day.items.map((item) => item.id)));
  for (const item of days.flatMap((day) => day.items)) {
    const followUp = planned.get(item.id);
    item.followUp = followUp
      ? {
          dueOn: formatItalianDay(followUp.dueOn),
          visitTypeName: followUp.visitTypeName,
          sentOn: followUp.sentAt ? formatItalianDate(followUp.sentAt.toISOString()) : null,
        }
      : null;
  }
  return days;
}

/** One page of the agenda: the days it shows, and the weeks before and after within the booking's horizon. */
export interface AgendaPage {
  /** Weeks from this week: 0 is today's page. */
  week: number;
  /** The week before and after, when the page has one; null at either end. */
  previousWeek: number | null;
  nextWeek: number | null;
  /** The first and last day shown, in words. */
  from: string;
  to: string;
  days: AgendaDay[];
  /** The page's days closed (or reopened) for a holiday: she sees why no one booked. */
  holidays: AgendaHoliday[];
}

/** A holiday on a day of her agenda, in words: "Festivo: Natale", "Festivo a Studio di Milano: Sant'Ambrogio". */
export interface AgendaHoliday {
  date: string;
  label: string;
  text: string;
}

/** The holidays between two days, both included, each day's in one line. */
async function agendaHolidays(
  holidays: HolidayRepository,
  site: BookingSite,
  first: string,
  last: string,
): Promise<AgendaHoliday[]> {
  const [patrons, reopened] = await Promise.all([holidays.patrons(), holidays.reopenedBetween(first, last)]);
  const found: AgendaHoliday[] = [];
  for (const holiday of holidaysBetween(first, last, patrons)) {
    const studio = site.places.find((place) => place.key === holiday.studioKey)?.name ?? holiday.studioKey;
    const where = holiday.studioKey === null ? "Festivo" : `Festivo a ${studio}`;
    const text = `${where}: ${holiday.name}${reopened.includes(holiday.date) ? " (riaperto)" : ""}`;
    const day = found.at(-1);
    if (day?.date === holiday.date) day.text = `${day.text}; ${text}`;
    else found.push({ date: holiday.date, label: formatItalianDay(holiday.date), text });
  }
  return found;
}

/** The page asked for ("?settimana=3"), within 0 and the last week that reaches into the horizon. */
export function agendaWeek(asked: string | null, horizonDays: number): number {
  const last = lastWeek(horizonDays);
  const week = Number.parseInt(asked ?? "", 10);
  return Number.isFinite(week) ? Math.min(Math.max(week, 0), last) : 0;
}

/** The last page still showing a day a patient can book: the horizon's last day is on it. */
const lastWeek = (horizonDays: number) => Math.max(0, Math.ceil((horizonDays + 1 - AGENDA_DAYS) / 7));

/**
 * Her agenda from today moved by `week` weeks, over AGENDA_DAYS days in Italy, with every request,
 * visit and visit marked missed, by day; the booking horizon bounds how far it moves.
 */
export async function loadAgenda(
  deps: {
    appointments: AppointmentRepository;
    bookingSettings: BookingSettingsRepository;
    holidays: HolidayRepository;
    followUps: FollowUpRepository;
  } & BusyMarks,
  site: BookingSite,
  now = new Date(),
  week = 0,
): Promise<AgendaPage> {
  const { horizonDays } = await deps.bookingSettings.get();
  const shown = Math.min(Math.max(week, 0), lastWeek(horizonDays));
  const first = addDays(romeDate(now.getTime()), shown * 7);
  const entries = await deps.appointments.listUpcoming(new Date(romeInstant(first, 0)), {
    until: new Date(romeInstant(addDays(first, AGENDA_DAYS), 0)),
    statuses: ["pending", "confirmed", "no_show"],
  });
  return {
    week: shown,
    previousWeek: shown > 0 ? shown - 1 : null,
    nextWeek: shown < lastWeek(horizonDays) ? shown + 1 : null,
    from: formatItalianDay(first),
    to: formatItalianDay(addDays(first, AGENDA_DAYS - 1)),
    days: await withFollowUps(deps, byDay(entries, site, now, await busyMarked(deps, entries))),
    holidays: await agendaHolidays(deps.holidays, site, first, addDays(first, AGENDA_DAYS - 1)),
  };
}

/** Every request waiting for her answer, whatever its day, the oldest request first: what her to-do counts. */
export async function loadRequests(
  deps: { appointments: AppointmentRepository } & BusyMarks,
  site: BookingSite,
  now = new Date(),
): Promise<AgendaItem[]> {
  const entries = await deps.appointments.listPending(now);
  const busy = await busyMarked(deps, entries);
  return entries.map((entry) => agendaItem(entry, site, now, busy));
}

/** The visits that took place in the last days before today, the latest day first: to invite a review. */
export async function loadRecentVisits(
  deps: { appointments: AppointmentRepository; followUps: FollowUpRepository },
  site: BookingSite,
  now = new Date(),
): Promise<AgendaDay[]> {
  const today = romeDate(now.getTime());
  const entries = await deps.appointments.listUpcoming(new Date(romeInstant(addDays(today, -RECENT_DAYS), 0)), {
    until: new Date(romeInstant(today, 0)),
    statuses: ["confirmed"],
  });
  return withFollowUps(deps, byDay(entries, site, now).reverse());
}

function byDay(entries: AgendaEntry[], site: BookingSite, now: Date, busy?: ReadonlySet<string>): AgendaDay[] {
  const days: AgendaDay[] = [];
  for (const entry of entries) {
    const item = agendaItem(entry, site, now, busy);
    let day = days.at(-1);
    if (day?.date !== item.day) {
      day = { date: item.day, label: formatItalianDay(item.day), items: [] };
      days.push(day);
    }
    day.items.push(item);
  }
  return days;
}
