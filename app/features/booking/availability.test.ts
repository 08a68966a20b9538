import { describe, expect, it } from "vitest";
import {
  type AvailabilityInput,
  type FreeDay,
  freeDays,
  isFreeStart,
  type OpeningRange,
  type Weekday,
  type WeeklyHours,
} from "./availability";

const closedWeek: WeeklyHours = {
  Monday: [],
  Tuesday: [],
  Wednesday: [],
  Thursday: [],
  Friday: [],
  Saturday: [],
  Sunday: [],
};
const week = (days: Partial<Record<Weekday, OpeningRange[]>>): WeeklyHours => ({ ...closedWeek, ...days });
const range = (opens: string, closes: string): OpeningRange => ({ opens, closes });
const weekdaysOnly = (...ranges: OpeningRange[]) =>
  week({ Monday: ranges, Tuesday: ranges, Wednesday: ranges, Thursday: ranges, Friday: ranges });

// Sunday 6 December 2026, 12:00 in Italy (winter time, UTC+1).
const SUNDAY_NOON = new Date("2026-12-06T11:00:00Z");

function input(overrides: Partial<AvailabilityInput> = {}): AvailabilityInput {
  return {
    hours: weekdaysOnly(range("09:00", "12:00")),
    durationMinutes: 60,
    bufferMinutes: 0,
    minimumNoticeMinutes: 0,
    horizonDays: 7,
    timeOff: [],
    taken: [],
    now: SUNDAY_NOON,
    ...overrides,
  };
}

const day = (days: FreeDay[], date: string) => {
  const found = days.find((d) => d.date === date);
  if (!found) throw new Error(`${date} is not in the horizon`);
  return found;
};
const timesOn = (days: FreeDay[], date: string) => day(days, date).times.map((t) => t.time);
/** A taken appointment, times in Italy on `date` (winter time unless the date says otherwise). */
const taken = (date: string, from: string, until: string, offset = "+01:00") => ({
  startsAt: new Date(`${date}T${from}:00${offset}`),
  blockedUntil: new Date(`${date}T${until}:00${offset}`),
});

describe("free times", () => {
  describe("opening hours", () => {
    it("offers every quarter hour from the opening at which the visit ends by the closing", () => {
      const days = freeDays(input());
      expect(timesOn(days, "2026-12-07")).toEqual([
        "09:00",
        "09:15",
        "09:30",
        "09:45",
        "10:00",
        "10:15",
        "10:30",
        "10:45",
        "11:00",
      ]);
      // Posted back as the instant: 9:00 in Italy in winter is 8:00 UTC.
      expect(day(days, "2026-12-07").times[0]!.startsAt).toBe("2026-12-07T08:00:00.000Z");
    });

    it("offers the morning and the afternoon, each from its own opening", () => {
      const days = freeDays(input({ hours: weekdaysOnly(range("15:00", "16:30"), range("09:00", "10:00")) }));
      expect(timesOn(days, "2026-12-07")).toEqual(["09:00", "15:00", "15:15", "15:30"]);
    });

    it("says which days are closed, and lists every day of the horizon from today", () => {
      const days = freeDays(input());
      expect(days.map((d) => [d.date, d.weekday, d.status])).toEqual([
        ["2026-12-06", "Sunday", "closed"],
        ["2026-12-07", "Monday", "open"],
        ["2026-12-08", "Tuesday", "open"],
        ["2026-12-09", "Wednesday", "open"],
        ["2026-12-10", "Thursday", "open"],
        ["2026-12-11", "Friday", "open"],
        ["2026-12-12", "Saturday", "closed"],
      ]);
      expect(day(days, "2026-12-12").times).toEqual([]);
    });

    it("offers a visit longer than what is left of the opening only where it fits", () => {
      expect(timesOn(freeDays(input({ durationMinutes: 90 })), "2026-12-07").at(-1)).toBe("10:30");
      // Longer than the whole morning: the day is open, with nothing to offer.
      const long = day(freeDays(input({ durationMinutes: 240 })), "2026-12-07");
      expect(long).toMatchObject({ status: "open", times: [] });
      // 45 minutes left before the lunch break do not take an hour's visit; the afternoon does.
      const split = freeDays(input({ hours: weekdaysOnly(range("09:00", "09:45"), range("14:00", "15:00")) }));
      expect(timesOn(split, "2026-12-07")).toEqual(["14:00"]);
    });

    it("takes another step between start times", () => {
      expect(timesOn(freeDays(input({ stepMinutes: 60 })), "2026-12-07")).toEqual(["09:00", "10:00", "11:00"]);
    });
  });

  describe("taken appointments and the buffer", () => {
    const morning = { hours: weekdaysOnly(range("09:00", "13:00")) };
    // A visit from 10:30 to 11:30 booked with a 15-minute buffer: it holds 10:30–11:45.
    const booked = [taken("2026-12-07", "10:30", "11:45")];

    it("keeps the new visit and its buffer clear of a taken time", () => {
      expect(timesOn(freeDays(input({ ...morning, taken: booked, bufferMinutes: 15 })), "2026-12-07")).toEqual([
        "09:00",
        "09:15",
        "11:45",
        "12:00",
      ]);
      // Without a buffer, 9:30–10:30 fits just before it.
      expect(timesOn(freeDays(input({ ...morning, taken: booked })), "2026-12-07")).toEqual([
        "09:00",
        "09:15",
        "09:30",
        "11:45",
        "12:00",
      ]);
    });

    it("lets the last visit's buffer run past the closing", () => {
      expect(timesOn(freeDays(input({ ...morning, bufferMinutes: 30 })), "2026-12-07").at(-1)).toBe("12:00");
    });

    it("refuses every time a taken appointment overlaps even in part", () => {
      const days = freeDays(
        input({
          ...morning,
          taken: [
            // From before the opening into the morning.
            taken("2026-12-07", "08:30", "09:40"),
            // From late morning past the closing.
            taken("2026-12-07", "12:20", "14:00"),
            // Given out of order, and overlapping each other (the input is not trusted to be tidy).
            taken("2026-12-07", "10:50", "11:05"),
            taken("2026-12-07", "10:45", "11:00"),
          ],
        }),
      );
      expect(timesOn(days, "2026-12-07")).toEqual(["09:45", "11:15"]);
    });

    it("takes a fully booked morning away, and is not confused by appointments already over", () => {
      const days = freeDays(
        input({ taken: [taken("2026-12-01", "09:00", "12:00"), taken("2026-12-08", "09:00", "12:00")] }),
      );
      expect(timesOn(days, "2026-12-07")).toHaveLength(9);
      expect(day(days, "2026-12-08")).toMatchObject({ status: "open", times: [] });
    });
  });

  describe("minimum notice and horizon", () => {
    it("offers nothing sooner than the notice after now", () => {
      const monday8 = new Date("2026-12-07T07:00:00Z");
      expect(timesOn(freeDays(input({ now: monday8, minimumNoticeMinutes: 120 })), "2026-12-07")[0]).toBe("10:00");
      // 24 hours from Monday 10:05: nothing on Monday, Tuesday from the next quarter hour.
      const days = freeDays(input({ now: new Date("2026-12-07T09:05:00Z"), minimumNoticeMinutes: 24 * 60 }));
      expect(timesOn(days, "2026-12-07")).toEqual([]);
      expect(timesOn(days, "2026-12-08")).toEqual(["10:15", "10:30", "10:45", "11:00"]);
    });

    it("never offers a time already past, even without notice", () => {
      const days = freeDays(input({ now: new Date("2026-12-07T09:20:00Z") }));
      expect(timesOn(days, "2026-12-07")[0]).toBe("10:30");
    });

    it("starts the horizon on today in Italy, not in UTC", () => {
      // 23:30 UTC on Sunday is 00:30 on Monday in Italy.
      const days = freeDays(input({ now: new Date("2026-12-06T23:30:00Z"), horizonDays: 2 }));
      expect(days.map((d) => d.date)).toEqual(["2026-12-07", "2026-12-08"]);
    });

    it("offers as many days as the horizon says, today included", () => {
      const days = freeDays(input({ horizonDays: 60 }));
      expect(days).toHaveLength(60);
      expect(days.at(-1)!.date).toBe("2027-02-03");
    });
  });

  describe("time off", () => {
    it("closes every day of a range, first and last included", () => {
      const days = freeDays(input({ timeOff: [{ startsOn: "2026-12-08", endsOn: "2026-12-09" }] }));
      expect(days.map((d) => d.status).slice(1, 5)).toEqual(["open", "time_off", "time_off", "open"]);
      expect(day(days, "2026-12-08").times).toEqual([]);
    });

    it("closes a single day, and one that began before today", () => {
      const days = freeDays(
        input({
          timeOff: [
            { startsOn: "2026-12-10", endsOn: "2026-12-10" },
            { startsOn: "2026-11-20", endsOn: "2026-12-07" },
          ],
        }),
      );
      expect(day(days, "2026-12-07").status).toBe("time_off");
      expect(day(days, "2026-12-10").status).toBe("time_off");
      expect(day(days, "2026-12-11").status).toBe("open");
    });
  });

  describe("summer time in Italy", () => {
    const everyDay = (opens: string, closes: string) =>
      week({
        Monday: [range(opens, closes)],
        Tuesday: [range(opens, closes)],
        Wednesday: [range(opens, closes)],
        Thursday: [range(opens, closes)],
        Friday: [range(opens, closes)],
        Saturday: [range(opens, closes)],
        Sunday: [range(opens, closes)],
      });

    it("keeps 9:00 at 9:00 in Italy on both sides of the change in March, the instant moving by an hour", () => {
      const days = freeDays(
        input({ hours: everyDay("09:00", "10:00"), now: new Date("2026-03-26T12:00:00Z"), horizonDays: 6 }),
      );
      // Thursday's 9:00 is past at 13:00.
      expect(days.map((d) => [d.date, d.times.map((t) => t.time)])).toEqual([
        ["2026-03-26", []],
        ["2026-03-27", ["09:00"]],
        ["2026-03-28", ["09:00"]],
        ["2026-03-29", ["09:00"]],
        ["2026-03-30", ["09:00"]],
        ["2026-03-31", ["09:00"]],
      ]);
      expect(day(days, "2026-03-28").times[0]!.startsAt).toBe("2026-03-28T08:00:00.000Z");
      // The change happens at 2:00 on Sunday the 29th: that morning is already summer time.
      expect(day(days, "2026-03-29").times[0]!.startsAt).toBe("2026-03-29T07:00:00.000Z");
    });

    it("keeps 9:00 at 9:00 on both sides of the change in October", () => {
      const days = freeDays(
        input({ hours: everyDay("09:00", "10:00"), now: new Date("2026-10-23T12:00:00Z"), horizonDays: 5 }),
      );
      expect(day(days, "2026-10-24").times).toEqual([{ startsAt: "2026-10-24T07:00:00.000Z", time: "09:00" }]);
      expect(day(days, "2026-10-25").times).toEqual([{ startsAt: "2026-10-25T08:00:00.000Z", time: "09:00" }]);
      expect(day(days, "2026-10-26").times).toEqual([{ startsAt: "2026-10-26T08:00:00.000Z", time: "09:00" }]);
    });

    it("on the March night, an hour shorter: a visit lasts its real minutes across the skipped hour", () => {
      const night = week({ Sunday: [range("01:00", "04:00")] });
      const days = freeDays(input({ hours: night, now: new Date("2026-03-28T12:00:00Z"), horizonDays: 2 }));
      // 1:00 to 4:00 on the clock is two real hours: the last hour's visit starts at 3:00 (summer time).
      expect(day(days, "2026-03-29").times).toEqual([
        { startsAt: "2026-03-29T00:00:00.000Z", time: "01:00" },
        { startsAt: "2026-03-29T00:15:00.000Z", time: "01:15" },
        { startsAt: "2026-03-29T00:30:00.000Z", time: "01:30" },
        { startsAt: "2026-03-29T00:45:00.000Z", time: "01:45" },
        { startsAt: "2026-03-29T01:00:00.000Z", time: "03:00" },
      ]);
    });

    it("on the October night, an hour longer: 2:00 to 2:45 are offered twice, as two instants", () => {
      const night = week({ Sunday: [range("01:00", "04:00")] });
      const days = freeDays(input({ hours: night, now: new Date("2026-10-24T12:00:00Z"), horizonDays: 2 }));
      const times = day(days, "2026-10-25").times;
      expect(times.map((t) => t.time)).toEqual([
        "01:00",
        "01:15",
        "01:30",
        "01:45",
        "02:00",
        "02:15",
        "02:30",
        "02:45",
        "02:00",
        "02:15",
        "02:30",
        "02:45",
        "03:00",
      ]);
      expect(new Set(times.map((t) => t.startsAt)).size).toBe(13);
      expect(times.at(-1)!.startsAt).toBe("2026-10-25T02:00:00.000Z");
    });

    it("counts the notice in real hours across the change", () => {
      // Saturday 28 March 10:00 (winter time) + 48 hours = Monday 30 March 11:00 (summer time).
      const days = freeDays(
        input({
          hours: weekdaysOnly(range("09:00", "13:00")),
          now: new Date("2026-03-28T09:00:00Z"),
          minimumNoticeMinutes: 48 * 60,
        }),
      );
      expect(timesOn(days, "2026-03-30")[0]).toBe("11:00");
    });
  });

  describe("a start time posted back", () => {
    const monday9 = new Date("2026-12-07T08:00:00Z");

    it("is free when it is one of the times offered", () => {
      expect(isFreeStart(input(), monday9)).toBe(true);
      expect(isFreeStart(input(), new Date("2026-12-07T10:00:00Z"))).toBe(true);
    });

    it("is refused off the grid, past, beyond the horizon, on time off, closed days and over a taken time", () => {
      expect(isFreeStart(input(), new Date("2026-12-07T08:05:00Z"))).toBe(false);
      expect(isFreeStart(input(), new Date("2026-12-07T10:15:00Z"))).toBe(false); // would end at 12:15
      expect(isFreeStart(input({ now: new Date("2026-12-07T09:00:00Z") }), monday9)).toBe(false);
      expect(isFreeStart(input({ horizonDays: 1 }), monday9)).toBe(false);
      expect(isFreeStart(input({ horizonDays: 2 }), monday9)).toBe(true);
      expect(isFreeStart(input({ timeOff: [{ startsOn: "2026-12-07", endsOn: "2026-12-07" }] }), monday9)).toBe(false);
      expect(isFreeStart(input(), new Date("2026-12-06T08:00:00Z"))).toBe(false);
      expect(isFreeStart(input({ taken: [taken("2026-12-07", "09:50", "10:00")] }), monday9)).toBe(false);
    });
  });
});

describe("her other calendars' busy times", () => {
  const morning = { hours: weekdaysOnly(range("09:00", "13:00")) };
  // A personal event 10:30–11:00, with a visit taken from 12:15.
  const busy = [taken("2026-12-07", "10:30", "11:00")];

  it("keep every visit and its buffer clear of a busy time, as taken appointments do", () => {
    const days = freeDays(
      input({ ...morning, busy, taken: [taken("2026-12-07", "12:15", "13:00")], bufferMinutes: 15 }),
    );
    expect(timesOn(days, "2026-12-07")).toEqual(["09:00", "09:15", "11:00"]);
  });

  it("refuse a start over a busy time even with no appointment taken", () => {
    const at = new Date("2026-12-07T10:00:00+01:00");
    expect(isFreeStart(input({ ...morning }), at)).toBe(true);
    expect(isFreeStart(input({ ...morning, busy }), at)).toBe(false);
  });
});
