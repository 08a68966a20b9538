import { describe, expect, it } from "vitest";
import { type AvailabilityInput, type FreeDay, freeDays, isFreeStart } from "./availability";
import { holidayClosures, holidaysBetween, type PatronSaint } from "./holidays";
import { everyDayMornings as everyDay } from "../../../tests/support/factory";

// The free times with the holidays closed, as availabilityInput hands them over: every day open
// 9–12, so only a holiday can close one.

/** Every quarter hour from 9:00 to 11:00: a day open whole. */
const OPEN = 9;
const santAmbrogio: PatronSaint = { studioKey: "studio-di-milano", month: 12, day: 7, name: "Sant'Ambrogio" };

/** The free days from `today` (noon in Italy) over `horizonDays`, at a place, with these holidays' rules. */
function daysAt(
  today: string,
  horizonDays: number,
  studioKey: string | null,
  { patrons = [], reopened = [] }: { patrons?: PatronSaint[]; reopened?: string[] } = {},
): FreeDay[] {
  const last = new Date(Date.parse(`${today}T12:00:00Z`) + horizonDays * 86_400_000).toISOString().slice(0, 10);
  const input: AvailabilityInput = {
    hours: everyDay,
    durationMinutes: 60,
    bufferMinutes: 0,
    minimumNoticeMinutes: 0,
    horizonDays,
    timeOff: holidayClosures(holidaysBetween(today, last, patrons), studioKey, reopened),
    taken: [],
    now: new Date(`${today}T11:00:00Z`),
  };
  return freeDays(input);
}

const statusOf = (days: FreeDay[], date: string) => {
  const found = days.find((d) => d.date === date);
  if (!found) throw new Error(`${date} is not in the horizon`);
  return { status: found.status, times: found.times.length };
};

describe("free times on holidays", () => {
  it("closes Christmas, Santo Stefano, New Year's Day and Epiphany at every place; the days between stay open", () => {
    for (const place of ["studio-di-milano", null]) {
      const days = daysAt("2026-12-20", 20, place);
      for (const date of ["2026-12-25", "2026-12-26", "2027-01-01", "2027-01-06"])
        expect(statusOf(days, date), `${date} at ${place}`).toEqual({ status: "time_off", times: 0 });
      for (const date of ["2026-12-24", "2026-12-27", "2026-12-31", "2027-01-02", "2027-01-05"])
        expect(statusOf(days, date), `${date} at ${place}`).toEqual({ status: "open", times: OPEN });
    }
  });

  it("opens a holiday she reopened, that year only", () => {
    const thisYear = daysAt("2026-12-20", 10, "studio-di-milano", { reopened: ["2026-12-26"] });
    expect(statusOf(thisYear, "2026-12-26")).toEqual({ status: "open", times: OPEN });
    expect(statusOf(thisYear, "2026-12-25")).toEqual({ status: "time_off", times: 0 });
    const nextYear = daysAt("2027-12-20", 10, "studio-di-milano", { reopened: ["2026-12-26"] });
    expect(statusOf(nextYear, "2027-12-26")).toEqual({ status: "time_off", times: 0 });
  });

  it("closes a studio's patron saint at that studio only, every year", () => {
    for (const today of ["2026-12-01", "2031-12-01"]) {
      const date = `${today.slice(0, 4)}-12-07`;
      expect(statusOf(daysAt(today, 10, "studio-di-milano", { patrons: [santAmbrogio] }), date)).toEqual({
        status: "time_off",
        times: 0,
      });
      expect(statusOf(daysAt(today, 10, "studio-di-monza", { patrons: [santAmbrogio] }), date)).toEqual({
        status: "open",
        times: OPEN,
      });
      expect(statusOf(daysAt(today, 10, null, { patrons: [santAmbrogio] }), date)).toEqual({
        status: "open",
        times: OPEN,
      });
    }
    // Reopened that year, the patron's day is open at its studio too.
    const reopened = daysAt("2026-12-01", 10, "studio-di-milano", {
      patrons: [santAmbrogio],
      reopened: ["2026-12-07"],
    });
    expect(statusOf(reopened, "2026-12-07")).toEqual({ status: "open", times: OPEN });
  });

  it("closes Easter Monday as computed each year: 29 March 2027, 17 April 2028", () => {
    const in2027 = daysAt("2027-03-25", 10, null);
    expect(statusOf(in2027, "2027-03-29")).toEqual({ status: "time_off", times: 0 });
    expect(statusOf(in2027, "2027-03-30")).toEqual({ status: "open", times: OPEN });
    const in2028 = daysAt("2028-04-14", 10, "studio-di-milano");
    expect(statusOf(in2028, "2028-04-17")).toEqual({ status: "time_off", times: 0 });
    expect(statusOf(in2028, "2028-04-18")).toEqual({ status: "open", times: OPEN });
    // A year's Easter Monday is not another's.
    expect(statusOf(in2028, "2028-04-15")).toEqual({ status: "open", times: OPEN });
  });

  it("refuses a holiday's time as a booking's start, and takes it once reopened", () => {
    const nine = new Date("2026-12-25T08:00:00Z");
    const input = (reopened: string[]): AvailabilityInput => ({
      hours: everyDay,
      durationMinutes: 60,
      bufferMinutes: 0,
      minimumNoticeMinutes: 0,
      horizonDays: 10,
      timeOff: holidayClosures(holidaysBetween("2026-12-20", "2026-12-31", []), null, reopened),
      taken: [],
      now: new Date("2026-12-20T11:00:00Z"),
    });
    expect(isFreeStart(input([]), nine)).toBe(false);
    expect(isFreeStart(input(["2026-12-25"]), nine)).toBe(true);
  });

  it("keeps a patron saint on 29 February to the leap years", () => {
    const leap: PatronSaint = { studioKey: "studio-di-milano", month: 2, day: 29, name: "San Romano" };
    expect(holidaysBetween("2027-02-01", "2028-03-31", [leap]).filter((h) => h.studioKey)).toEqual([
      { date: "2028-02-29", name: "San Romano", studioKey: "studio-di-milano" },
    ]);
  });
});
