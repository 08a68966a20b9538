import { describe, expect, it } from "vitest";
import { defaultSiteContent } from "./defaults";
import { formatTime, groupOpeningHours, openingHoursLine, openingHoursSpecification } from "./hours";
import type { DayHours } from "./site-content";

const week = (...days: DayHours[]): DayHours[] => days;
const defaultWeek = defaultSiteContent.studios[0]!.hours;

describe("opening hours shown grouped", () => {
  it("writes hours without a leading zero", () => {
    expect(formatTime("09:00")).toBe("9:00");
    expect(formatTime("19:00")).toBe("19:00");
  });

  it("groups the default week as Lun–Ven 9:00–19:00, Sab 9:00–13:00", () => {
    expect(openingHoursLine(defaultWeek)).toBe("Lun–Ven 9:00–19:00, Sab 9:00–13:00");
    expect(groupOpeningHours(defaultWeek)[0]).toEqual({
      days: "Lun–Ven",
      daysLong: "Lunedì – Venerdì",
      time: "9:00–19:00",
      closed: false,
    });
  });

  it("says closed days as closed, listed one by one (never as a span), grouped like the open ones, in week order", () => {
    const hours = week(
      { day: "Monday", ranges: [] },
      { day: "Tuesday", ranges: [{ opens: "09:00", closes: "13:00" }] },
      { day: "Wednesday", ranges: [{ opens: "09:00", closes: "13:00" }] },
      { day: "Thursday", ranges: [] },
      { day: "Friday", ranges: [{ opens: "09:00", closes: "13:00" }] },
      { day: "Saturday", ranges: [] },
      { day: "Sunday", ranges: [] },
    );
    expect(groupOpeningHours(hours)).toEqual([
      { days: "Lun, Gio, Sab, Dom", daysLong: "Lunedì, Giovedì, Sabato e Domenica", time: "Chiuso", closed: true },
      { days: "Mar–Mer, Ven", daysLong: "Martedì – Mercoledì e Venerdì", time: "9:00–13:00", closed: false },
    ]);
    // The editor's one-line summary names the open days only.
    expect(openingHoursLine(hours)).toBe("Mar–Mer, Ven 9:00–13:00");
  });

  it("joins days with the same hours even when apart, and shows two ranges", () => {
    const hours = week(
      {
        day: "Monday",
        ranges: [
          { opens: "09:00", closes: "13:00" },
          { opens: "15:00", closes: "19:00" },
        ],
      },
      {
        day: "Tuesday",
        ranges: [
          { opens: "09:00", closes: "13:00" },
          { opens: "15:00", closes: "19:00" },
        ],
      },
      { day: "Wednesday", ranges: [] },
      {
        day: "Thursday",
        ranges: [
          { opens: "09:00", closes: "13:00" },
          { opens: "15:00", closes: "19:00" },
        ],
      },
      { day: "Friday", ranges: [{ opens: "14:00", closes: "18:30" }] },
      { day: "Saturday", ranges: [] },
      { day: "Sunday", ranges: [] },
    );
    expect(openingHoursLine(hours)).toBe("Lun–Mar, Gio 9:00–13:00 e 15:00–19:00, Ven 14:00–18:30");
  });

  it("says 'Su appuntamento' when every day is closed", () => {
    expect(openingHoursLine(defaultWeek.map((d) => ({ ...d, ranges: [] })))).toBe("Su appuntamento");
  });

  it("gives search engines one specification per range with its days", () => {
    expect(openingHoursSpecification(defaultWeek)).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "09:00",
        closes: "19:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "09:00", closes: "13:00" },
    ]);
  });
});
