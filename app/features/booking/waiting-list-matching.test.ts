import { describe, expect, it } from "vitest";
import type { FreeDay } from "./availability";
import { dayPartOf, matchingTimes } from "./waiting-list-matching";

// Which free times a freed interval makes suit a patient on the waiting list.

const time = (iso: string, clock: string) => ({ startsAt: iso, time: clock });
/** Tuesday 8 January 2030 (Italy, UTC+1): 9:00, 10:00, 12:45, 13:00, 18:00 free. */
const days: FreeDay[] = [
  {
    date: "2030-01-08",
    weekday: "Tuesday",
    status: "open",
    times: [
      time("2030-01-08T08:00:00.000Z", "09:00"),
      time("2030-01-08T09:00:00.000Z", "10:00"),
      time("2030-01-08T11:45:00.000Z", "12:45"),
      time("2030-01-08T12:00:00.000Z", "13:00"),
      time("2030-01-08T17:00:00.000Z", "18:00"),
    ],
  },
];
const HOUR = 3_600_000;
const wholeDay = { startsAt: new Date("2030-01-07T23:00:00Z"), endsAt: new Date("2030-01-08T23:00:00Z") };

describe("the waiting list's matching times", () => {
  it("names the part of the day by the start in Italy: before 13, 13 to 18, from 18", () => {
    expect(["00:00", "12:59", "13:00", "17:59", "18:00", "23:45"].map(dayPartOf)).toEqual([
      "mattina",
      "mattina",
      "pomeriggio",
      "pomeriggio",
      "sera",
      "sera",
    ]);
  });

  it("keeps only the weekdays and parts of day chosen", () => {
    const clocks = (weekdays: number[], dayParts: ("mattina" | "pomeriggio" | "sera")[]) =>
      matchingTimes(days, wholeDay, HOUR, { weekdays, dayParts }).map((match) => match.time.time);
    expect(clocks([2], ["mattina"])).toEqual(["09:00", "10:00", "12:45"]);
    expect(clocks([2], ["pomeriggio", "sera"])).toEqual(["13:00", "18:00"]);
    expect(clocks([1, 3, 4, 5, 6, 7], ["mattina", "pomeriggio", "sera"])).toEqual([]);
  });

  it("keeps only the times whose held interval meets the freed one", () => {
    // 10:00 to 11:00 freed; a visit holds an hour: 9:00 ends as it begins (no), 10:00 is inside.
    const freed = { startsAt: new Date("2030-01-08T09:00:00Z"), endsAt: new Date("2030-01-08T10:00:00Z") };
    const matches = matchingTimes(days, freed, HOUR, { weekdays: [2], dayParts: ["mattina"] });
    expect(matches).toEqual([{ date: "2030-01-08", time: time("2030-01-08T09:00:00.000Z", "10:00") }]);
    // Held for 2 hours, 9:00 reaches into it.
    expect(matchingTimes(days, freed, 2 * HOUR, { weekdays: [2], dayParts: ["mattina"] })).toHaveLength(2);
  });
});
