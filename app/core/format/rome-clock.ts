// Italy's clock (Europe/Rome) without Intl: UTC+1, UTC+2 in summer time, which starts and ends at
// 01:00 UTC on the last Sunday of March and of October (the EU rule since 1996). Fast enough to run
// for every free time of a booking calendar; checked against Intl's time zone data by the tests.

/** The site's time zone: its days, its opening hours and its jobs' times are Italy's. */
export const SITE_TIME_ZONE = "Europe/Rome";

const MINUTE = 60_000;
const DAY = 86_400_000;

/** 01:00 UTC on the last Sunday of a month (0-based): when summer time starts (March) and ends (October) in the EU. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * DAY;
}

/** Minutes Italy's clock is ahead of UTC at this instant: 60, or 120 in summer time. */
export function romeOffsetMinutes(instant: number): 60 | 120 {
  const year = new Date(instant).getUTCFullYear();
  return instant >= lastSundayAtOneUtc(year, 2) && instant < lastSundayAtOneUtc(year, 9) ? 120 : 60;
}

/** The instant as a clock in Italy shows it, in a Date's UTC fields. */
export function romeWallClock(instant: number): Date {
  return new Date(instant + romeOffsetMinutes(instant) * MINUTE);
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** The day in Italy at this instant, "YYYY-MM-DD". */
export function romeDate(instant: number): string {
  const clock = romeWallClock(instant);
  return `${clock.getUTCFullYear()}-${twoDigits(clock.getUTCMonth() + 1)}-${twoDigits(clock.getUTCDate())}`;
}

/** The time in Italy at this instant, "HH:MM". */
export function romeTime(instant: number): string {
  const clock = romeWallClock(instant);
  return `${twoDigits(clock.getUTCHours())}:${twoDigits(clock.getUTCMinutes())}`;
}

/**
 * The instant a clock in Italy reads `minuteOfDay` on `date` ("YYYY-MM-DD"). On the October night
 * whose 02:00–02:59 comes twice, the first (summer time); in the March hour that is skipped, the
 * instant it would be had the clock not moved yet (02:30 is then 03:30 summer time).
 */
export function romeInstant(date: string, minuteOfDay: number): number {
  const local = Date.parse(`${date}T00:00:00Z`) + minuteOfDay * MINUTE;
  const summer = local - 120 * MINUTE;
  if (romeOffsetMinutes(summer) === 120) return summer;
  return local - 60 * MINUTE;
}

/** The calendar day `days` after `date` ("YYYY-MM-DD"). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}
