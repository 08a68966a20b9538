import type { DayPart } from "./waiting-list-values";
import { type FreeDay, type FreeTime, weekdays } from "./availability";

// Which free times suit a patient on the waiting list: pure arithmetic, so the job
// and its tests agree on what "a matching time" is.

/** The part of the day a start time ("HH:MM" in Italy) falls in: before 13, 13 to 18, from 18. */
export function dayPartOf(time: string): DayPart {
  const hour = Number(time.slice(0, 2));
  return hour < 13 ? "mattina" : hour < 18 ? "pomeriggio" : "sera";
}

export interface WaitingPreferences {
  /** ISO weekdays, Monday 1 to Sunday 7. */
  weekdays: readonly number[];
  dayParts: readonly DayPart[];
}

/**
 * The free times that suit `preferences` and that the freed interval made possible: the time the
 * visit would hold (`heldMs`, its buffer included) meets [startsAt, endsAt). Earliest first.
 */
export function matchingTimes(
  days: readonly FreeDay[],
  freed: { startsAt: Date; endsAt: Date },
  heldMs: number,
  preferences: WaitingPreferences,
): { date: string; time: FreeTime }[] {
  const from = freed.startsAt.getTime();
  const until = freed.endsAt.getTime();
  return days.flatMap((day) =>
    preferences.weekdays.includes(weekdays.indexOf(day.weekday) + 1)
      ? day.times
          .filter((time) => {
            const start = Date.parse(time.startsAt);
            return start < until && start + heldMs > from && preferences.dayParts.includes(dayPartOf(time.time));
          })
          .map((time) => ({ date: day.date, time }))
      : [],
  );
}
