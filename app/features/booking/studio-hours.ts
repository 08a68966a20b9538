import { weekdays, type OpeningRange, type Weekday, type WeeklyHours } from "./availability";

// The site content keeps each place's week as a list of days; booking takes it as weekly hours. Plain
// shapes: booking does not import the site content feature; the composition passes the content in.

/** A week as a list of days, each with its ranges, as booking's weekly hours; a day missing is closed. */
export function weeklyHours(days: readonly { day: Weekday; ranges: readonly OpeningRange[] }[]): WeeklyHours {
  return Object.fromEntries(
    weekdays.map((weekday) => [weekday, days.find((d) => d.day === weekday)?.ranges ?? []]),
  ) as Record<Weekday, readonly OpeningRange[]>;
}
