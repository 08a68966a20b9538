import { describe, expect, it } from "vitest";
import { calendarMonths } from "./booking-calendar";

const free = (date: string) => ({ date, count: 3 });

describe("free days as month calendars", () => {
  it("lays a month out Monday first, with the free days marked and the others not", () => {
    // 1 December 2026 is a Tuesday.
    const [december] = calendarMonths([free("2026-12-01"), free("2026-12-31")]);
    expect(december!.label).toBe("dicembre 2026");
    expect(december!.weeks[0]![0]).toBeNull();
    expect(december!.weeks[0]![1]).toMatchObject({ date: "2026-12-01", number: 1, free: { count: 3 } });
    expect(december!.weeks[0]![2]).toMatchObject({ date: "2026-12-02", number: 2, free: undefined });
    // The 31st is a Thursday: the last week ends with three empty cells.
    expect(december!.weeks.at(-1)).toEqual([
      expect.objectContaining({ date: "2026-12-28" }),
      expect.objectContaining({ date: "2026-12-29" }),
      expect.objectContaining({ date: "2026-12-30" }),
      expect.objectContaining({ date: "2026-12-31", free: { date: "2026-12-31", count: 3 } }),
      null,
      null,
      null,
    ]);
    expect(december!.weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(december!.weeks.every((week) => week.length === 7)).toBe(true);
  });

  it("covers every month from the first free day to the last, also one without free days, across a year", () => {
    const months = calendarMonths([free("2027-01-04"), free("2026-11-30"), free("2027-02-26")]);
    expect(months.map((m) => m.month)).toEqual(["2026-11", "2026-12", "2027-01", "2027-02"]);
    expect(months[1]!.weeks.flat().some((cell) => cell?.free)).toBe(false);
    // February 2027: 28 days, from a Monday; the days of March 2027's change of clocks play no part.
    expect(months[3]!.weeks.flat().filter(Boolean)).toHaveLength(28);
    expect(months[3]!.weeks[0]![0]).toMatchObject({ date: "2027-02-01" });
  });

  it("gives no month when no day is free", () => {
    expect(calendarMonths([])).toEqual([]);
  });
});
