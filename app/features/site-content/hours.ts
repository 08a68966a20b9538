import { joinedList } from "~/core/format/italian-format";
import { weekdays, type DayHours, type TimeRange, type Weekday } from "./site-content";

const shortNames: Record<Weekday, string> = {
  Monday: "Lun",
  Tuesday: "Mar",
  Wednesday: "Mer",
  Thursday: "Gio",
  Friday: "Ven",
  Saturday: "Sab",
  Sunday: "Dom",
};

export const dayNames: Record<Weekday, string> = {
  Monday: "Lunedì",
  Tuesday: "Martedì",
  Wednesday: "Mercoledì",
  Thursday: "Giovedì",
  Friday: "Venerdì",
  Saturday: "Sabato",
  Sunday: "Domenica",
};

/** "09:00" → "9:00", as Italians write hours. */
export function formatTime(time: string): string {
  return time.replace(/^0(\d)/, "$1");
}

export function minutes(time: string): number {
  const [h, m] = time.split(":").map(Number);
  return h! * 60 + m!;
}

function formatRanges(ranges: TimeRange[]): string {
  return ranges.map((r) => `${formatTime(r.opens)}–${formatTime(r.closes)}`).join(" e ");
}

/** One day as a line: "9:00–13:00 e 14:00–19:00", or "Chiuso". */
export function dayHoursText(ranges: TimeRange[]): string {
  return ranges.length ? formatRanges(ranges) : CLOSED;
}

export interface HoursGroup {
  /** "Lun–Ven", "Lun–Mer, Ven". */
  days: string;
  /** "Lunedì – Venerdì", for lists with room for whole words. */
  daysLong: string;
  /** "9:00–19:00", "9:00–13:00 e 15:00–19:00"; "Chiuso" for closed days. */
  time: string;
  closed: boolean;
}

const CLOSED = "Chiuso";

/**
 * Days with the same hours grouped, in week order of their first day; runs of adjacent open days
 * are written as a span ("Lun–Ven"). Closed days make one group too, listed day by day ("Sab, Dom",
 * "Sabato e Domenica", "Chiuso"): a span there read as if the days between were closed too.
 */
export function groupOpeningHours(hours: DayHours[]): HoursGroup[] {
  const groups = new Map<string, Weekday[]>();
  for (const day of weekdays) {
    const ranges = hours.find((h) => h.day === day)?.ranges ?? [];
    const time = ranges.length ? formatRanges(ranges) : CLOSED;
    groups.set(time, [...(groups.get(time) ?? []), day]);
  }
  return [...groups].map(([time, days]) =>
    time === CLOSED
      ? {
          days: days.map((day) => shortNames[day]).join(", "),
          daysLong: joinedList(days.map((day) => dayNames[day])),
          time,
          closed: true,
        }
      : {
          days: spans(days, shortNames, "–").join(", "),
          daysLong: joinedList(spans(days, dayNames, " – ")),
          time,
          closed: false,
        },
  );
}

/** The open days grouped, as `groupOpeningHours`; none when every day is closed (then "Su appuntamento"). */
export function openGroups(hours: DayHours[]): HoursGroup[] {
  return groupOpeningHours(hours).filter((group) => !group.closed);
}

function spans(days: Weekday[], names: Record<Weekday, string>, dash: string): string[] {
  const runs: Weekday[][] = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && weekdays.indexOf(day) === weekdays.indexOf(last.at(-1)!) + 1) last.push(day);
    else runs.push([day]);
  }
  return runs.map((run) => (run.length === 1 ? names[run[0]!] : `${names[run[0]!]}${dash}${names[run.at(-1)!]}`));
}

/** "Lun–Ven 9:00–19:00, Sab 9:00–13:00"; "Su appuntamento" when every day is closed. */
export function openingHoursLine(hours: DayHours[]): string {
  const groups = openGroups(hours);
  if (!groups.length) return "Su appuntamento";
  return groups.map((g) => `${g.days} ${g.time}`).join(", ");
}

/** schema.org OpeningHoursSpecification entries: one per group of days and time range. */
export function openingHoursSpecification(hours: DayHours[]) {
  const byRange = new Map<string, { days: Weekday[]; range: TimeRange }>();
  for (const day of weekdays) {
    for (const range of hours.find((h) => h.day === day)?.ranges ?? []) {
      const key = `${range.opens}-${range.closes}`;
      const entry = byRange.get(key) ?? { days: [], range };
      entry.days.push(day);
      byRange.set(key, entry);
    }
  }
  return [...byRange.values()].map(({ days, range }) => ({
    "@type": "OpeningHoursSpecification" as const,
    dayOfWeek: days,
    opens: range.opens,
    closes: range.closes,
  }));
}
