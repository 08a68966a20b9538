import type { TimeOffDays } from "./availability";
import { italianHolidaysBetween } from "./italian-holidays";

// The holidays that close the free times (decision 54): Italy's national holidays at every place, each
// studio's patron saint at that studio, every year; a date she reopened is open at every place.
// Pure date arithmetic on "YYYY-MM-DD" (days in Italy), for the free times and for her screens.

/** A studio's patron saint: its day every year. */
export interface PatronSaint {
  studioKey: string;
  month: number;
  day: number;
  name: string;
}

/** A holiday on a day: national (studioKey null: every place) or one studio's patron saint. */
export interface Holiday {
  date: string;
  name: string;
  studioKey: string | null;
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** That day of that year, or null when the year has none (29 February in a common year). */
function dayOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 ? `${year}-${twoDigits(month)}-${twoDigits(day)}` : null;
}

/** Every holiday between two days, both included: the nation's and the studios' patrons, in date order. */
export function holidaysBetween(first: string, last: string, patrons: readonly PatronSaint[]): Holiday[] {
  const holidays: Holiday[] = italianHolidaysBetween(first, last).map((holiday) => ({ ...holiday, studioKey: null }));
  for (let year = Number(first.slice(0, 4)); year <= Number(last.slice(0, 4)); year++) {
    for (const patron of patrons) {
      const date = dayOf(year, patron.month, patron.day);
      if (date && date >= first && date <= last)
        holidays.push({ date, name: patron.name, studioKey: patron.studioKey });
    }
  }
  // Stable: on one day the nation's holiday stays before a patron's.
  return holidays.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Whether a holiday closes the place (a studio's key, or null for the online visits). */
export const closesAt = (holiday: Holiday, studioKey: string | null) =>
  holiday.studioKey === null || holiday.studioKey === studioKey;

/** The days the holidays close at a place, as time off for the free times: all but the dates she reopened. */
export function holidayClosures(
  holidays: readonly Holiday[],
  studioKey: string | null,
  reopened: readonly string[],
): TimeOffDays[] {
  const open = new Set(reopened);
  const closed = new Set(holidays.filter((h) => closesAt(h, studioKey) && !open.has(h.date)).map((h) => h.date));
  return [...closed].map((date) => ({ startsOn: date, endsOn: date }));
}
