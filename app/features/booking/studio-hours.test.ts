import { describe, expect, it } from "vitest";
import { weeklyHours } from "./studio-hours";

describe("a place's week as booking takes it", () => {
  it("gives each weekday its ranges, a missing day closed", () => {
    const days = [
      { day: "Monday" as const, ranges: [{ opens: "09:00", closes: "13:00" }] },
      { day: "Sunday" as const, ranges: [] },
    ];
    expect(weeklyHours(days)).toEqual({
      Monday: [{ opens: "09:00", closes: "13:00" }],
      Tuesday: [],
      Wednesday: [],
      Thursday: [],
      Friday: [],
      Saturday: [],
      Sunday: [],
    });
  });
});
