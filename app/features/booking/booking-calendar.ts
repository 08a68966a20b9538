import { formatItalianMonth } from "~/core/format/italian-format";

// The free days laid out as month calendars, Monday first: pure date arithmetic on "YYYY-MM-DD"
// (calendar days in Italy, as the free times give them), so the server and the browser agree.

export interface CalendarDay<Day> {
  date: string;
  /** Day of the month, 1–31. */
  number: number;
  /** The free day's own data; undefined for a day without free times. */
  free: Day | undefined;
}

export interface CalendarMonth<Day> {
  /** "YYYY-MM". */
  month: string;
  /** "dicembre 2026". */
  label: string;
  /** Weeks of seven cells, Monday to Sunday; null before the 1st and after the last day. */
  weeks: (CalendarDay<Day> | null)[][];
}

const iso = (date: Date) => date.toISOString().slice(0, 10);

/** Every month from the first free day's to the last one's, each whole; none when no day is free. */
export function calendarMonths<Day extends { date: string }>(days: readonly Day[]): CalendarMonth<Day>[] {
  if (!days.length) return [];
  const byDate = new Map(days.map((day) => [day.date, day]));
  const dates = days.map((day) => day.date).sort();
  const last = dates.at(-1)!.slice(0, 7);
  const months: CalendarMonth<Day>[] = [];
  for (let month = dates[0]!.slice(0, 7); month <= last; ) {
    const first = new Date(`${month}-01T12:00:00Z`);
    // Monday 0 … Sunday 6.
    const lead = (first.getUTCDay() + 6) % 7;
    const cells: (CalendarDay<Day> | null)[] = Array.from({ length: lead }, () => null);
    for (const day = new Date(first); iso(day).startsWith(month); day.setUTCDate(day.getUTCDate() + 1)) {
      const date = iso(day);
      cells.push({ date, number: day.getUTCDate(), free: byDate.get(date) });
    }
    while (cells.length % 7) cells.push(null);
    const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
    months.push({ month, label: formatItalianMonth(month), weeks });
    first.setUTCMonth(first.getUTCMonth() + 1);
    month = iso(first).slice(0, 7);
  }
  return months;
}
