import { describe, expect, it } from "vitest";
import { addDays, romeDate, romeInstant, romeOffsetMinutes, romeTime } from "./rome-clock";

const intl = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Rome",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
/** Intl's reading of the instant in Rome: ["YYYY-MM-DD", "HH:MM"]. */
function intlReading(instant: number): [string, string] {
  const parts = Object.fromEntries(intl.formatToParts(instant).map((part) => [part.type, part.value]));
  return [`${parts.year}-${parts.month}-${parts.day}`, `${parts.hour}:${parts.minute}`];
}

describe("Italy's clock without Intl", () => {
  it("reads every instant as Intl's time zone data does, across ten years of summer time changes", () => {
    // Every 7 h 13 min: every hour of the day, both sides of each change.
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2035, 0, 1); t += 26_000_000)
      expect([romeDate(t), romeTime(t)], new Date(t).toISOString()).toEqual(intlReading(t));
    // Minute by minute around the changes of 2026 (29 March and 25 October, 01:00 UTC).
    for (const change of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)])
      for (let t = change - 90 * 60_000; t <= change + 90 * 60_000; t += 60_000)
        expect([romeDate(t), romeTime(t)], new Date(t).toISOString()).toEqual(intlReading(t));
  });

  it("turns a day and a time in Italy into the instant, in winter and in summer", () => {
    expect(new Date(romeInstant("2026-01-15", 9 * 60)).toISOString()).toBe("2026-01-15T08:00:00.000Z");
    expect(new Date(romeInstant("2026-07-15", 9 * 60)).toISOString()).toBe("2026-07-15T07:00:00.000Z");
    expect(new Date(romeInstant("2026-07-15", 0)).toISOString()).toBe("2026-07-14T22:00:00.000Z");
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 3_600_000 * 5 + 60_000 * 7) {
      const [date, time] = intlReading(t);
      const [h, m] = time.split(":").map(Number);
      // The October hour read twice maps to its first reading; every other instant comes back whole.
      if (romeOffsetMinutes(t) === 60 && romeOffsetMinutes(t - 3_600_000) === 120) continue;
      expect(romeInstant(date, h! * 60 + m!), new Date(t).toISOString()).toBe(t);
    }
  });

  it("on the nights of the change: the hour skipped in March and the hour read twice in October", () => {
    // 29 March 2026: 02:00 becomes 03:00. 01:59 is 00:59 UTC, 03:00 is 01:00 UTC.
    expect(new Date(romeInstant("2026-03-29", 60 + 59)).toISOString()).toBe("2026-03-29T00:59:00.000Z");
    expect(new Date(romeInstant("2026-03-29", 3 * 60)).toISOString()).toBe("2026-03-29T01:00:00.000Z");
    // 02:30 does not exist: the instant it would be had the clock not moved, which reads 03:30.
    expect(romeTime(romeInstant("2026-03-29", 150))).toBe("03:30");
    // 25 October 2026: 03:00 becomes 02:00; 02:30 is first read at 00:30 UTC.
    expect(new Date(romeInstant("2026-10-25", 150)).toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(new Date(romeInstant("2026-10-25", 3 * 60)).toISOString()).toBe("2026-10-25T02:00:00.000Z");
  });

  it("counts calendar days across month ends, leap days and the changes of time", () => {
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-10-24", 60)).toBe("2026-12-23");
  });
});
