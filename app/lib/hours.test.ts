import { describe, expect, it } from "vitest";
import { formatOpeningHours, formatTime } from "./hours";

describe("opening hours in Italian", () => {
  it("writes hours without a leading zero", () => {
    expect(formatTime("09:00")).toBe("9:00");
    expect(formatTime("19:00")).toBe("19:00");
  });

  it("shows the spec's week: Monday to Friday 9–19, Saturday 9–13", () => {
    expect(
      formatOpeningHours({ days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], label: "", opens: "09:00", closes: "19:00" }),
    ).toEqual({ days: "Lunedì – Venerdì", time: "9:00 – 19:00" });
    expect(formatOpeningHours({ days: ["Saturday"], label: "", opens: "09:00", closes: "13:00" })).toEqual({
      days: "Sabato",
      time: "9:00 – 13:00",
    });
  });

  it("lists days that are not a run one by one, in week order", () => {
    expect(formatOpeningHours({ days: ["Thursday", "Monday"], label: "", opens: "14:00", closes: "18:30" })).toEqual({
      days: "Lunedì, Giovedì",
      time: "14:00 – 18:30",
    });
  });
});
