import { describe, expect, it } from "vitest";
import { formatLongDateTime, formatNumericDateTime } from "./admin-format";
import {
  formatCount,
  formatEuro,
  formatItalianDay,
  formatItalianDayRange,
  formatDecimal,
  formatItalianDate,
  formatItalianDateTime,
  formatItalianNumericDate,
  formatOneDecimal,
  formatPercent,
  joinedList,
  nameAfter,
} from "./italian-format";

const intlDate = new Intl.DateTimeFormat("it-IT", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Rome",
});

describe("Italian formats without Intl", () => {
  it("writes dates as Intl does for Europe/Rome, across summer time changes and midnight", () => {
    const instants: string[] = [];
    // Every 7 h 13 min over six years: every hour of the day, both sides of each change of time.
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2030, 0, 1); t += 26_000_000)
      instants.push(new Date(t).toISOString());
    // The hours around the changes of 2026 (29 March, 25 October, at 01:00 UTC) and around midnight in Rome.
    for (const around of [
      "2026-03-29T01:00:00Z",
      "2026-10-25T01:00:00Z",
      "2026-03-28T23:00:00Z",
      "2026-07-31T22:00:00Z",
    ])
      for (const minutes of [-61, -60, -1, 0, 1, 59, 60, 61])
        instants.push(new Date(Date.parse(around) + minutes * 60_000).toISOString());
    for (const iso of instants) expect(formatItalianDate(iso), iso).toBe(intlDate.format(new Date(iso)));
    expect(formatItalianDate("2026-03-01T10:00:00Z")).toBe("1 marzo 2026");
  });

  it("writes counts, one-decimal averages and percentages as Intl does in Italian", () => {
    for (const n of [0, 1, 7, 999, 1000, 1234, 9999, 10_000, 12_345, 999_999, 1_234_567])
      expect(formatCount(n)).toBe(n.toLocaleString("it-IT"));
    const oneDecimal = new Intl.NumberFormat("it-IT", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    for (const n of [1, 3.95, 4, 4.05, 4.25, 4.65, 4.666_666, 4.749, 4.75, 5])
      expect(formatOneDecimal(n)).toBe(oneDecimal.format(n));
    const percent = new Intl.NumberFormat("it-IT", { style: "percent", maximumFractionDigits: 0 });
    for (let count = 0; count <= 40; count++)
      for (const total of [1, 3, 7, 40])
        if (count <= total) expect(formatPercent(count / total)).toBe(percent.format(count / total));
  });

  it("writes the admin's dates in figures and with the time as Intl does for Europe/Rome", () => {
    const numeric = new Intl.DateTimeFormat("it-IT", {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      timeZone: "Europe/Rome",
    });
    const dateTime = new Intl.DateTimeFormat("it-IT", {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: "Europe/Rome",
    });
    const instants: string[] = [];
    // Every 3 h 7 min over three years, and the minutes around the changes of 2027 and midnight in Rome.
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2029, 0, 1); t += 11_220_000)
      instants.push(new Date(t).toISOString());
    for (const around of ["2027-03-28T01:00:00Z", "2027-10-31T01:00:00Z", "2027-12-31T23:00:00Z"])
      for (const minutes of [-61, -1, 0, 1, 59, 61])
        instants.push(new Date(Date.parse(around) + minutes * 60_000).toISOString());
    for (const iso of instants) {
      expect(formatItalianNumericDate(iso), iso).toBe(numeric.format(new Date(iso)));
      expect(formatItalianDateTime(iso), iso).toBe(dateTime.format(new Date(iso)));
    }
    expect(formatItalianDateTime("2026-03-05T08:07:00Z")).toBe("5 marzo 2026 alle ore 09:07");
    expect(formatItalianNumericDate("2026-03-05T08:07:00Z")).toBe("05/03/2026");
  });

  it("writes at most one decimal as Intl does in Italian", () => {
    const upToOne = new Intl.NumberFormat("it-IT", { maximumFractionDigits: 1 });
    for (const n of [0, 0.04, 0.05, 1, 1.25, 4.05, 9.96, 10, 12.3, 1234.56, 12_345.67, 99_999.96])
      expect(formatDecimal(n, 1), String(n)).toBe(upToOne.format(n));
  });
});

describe("the admin's formats", () => {
  it("writes at most one decimal as Intl does in Italian, none when it is zero", () => {
    const intl = (value: number) => value.toLocaleString("it-IT", { maximumFractionDigits: 1 });
    for (const value of [
      0, 0.04, 0.05, 1, 1.25, 1.95, 4.05, 9.99, 12.5, 999.96, 1023.9, 1234.56, 12_345.6, 1_048_575.99,
    ])
      expect(formatDecimal(value, 1), String(value)).toBe(intl(value));
    expect(formatDecimal(1.5, 1)).toBe("1,5");
    expect(formatDecimal(2, 1)).toBe("2");
  });

  it("writes dates and times in Rome, in figures or in words, in winter and in summer time", () => {
    expect(formatItalianNumericDate("2026-03-05T09:07:00Z")).toBe("05/03/2026");
    expect(formatNumericDateTime(new Date("2026-03-05T09:07:00Z"))).toBe("05/03/26, 10:07");
    expect(formatLongDateTime(new Date("2026-03-05T09:07:00Z"))).toBe("giovedì 5 marzo 2026 alle ore 10:07");
    expect(formatNumericDateTime("2026-07-31T22:30:00Z")).toBe("01/08/26, 00:30");
    expect(formatItalianNumericDate(new Date("2026-07-31T22:30:00Z"))).toBe("01/08/2026");
  });

  it("writes decimals with at most the digits asked, no trailing zeros, as Intl does in Italian", () => {
    for (const digits of [0, 1, 2]) {
      const intl = new Intl.NumberFormat("it-IT", { maximumFractionDigits: digits });
      for (const n of [0, 0.05, 0.25, 0.5, 1, 1.005, 1.25, 1.3, 2.675, 12.5, 333.333, 999.99, 1250, 12_345.67, -1.5])
        expect(formatDecimal(n, digits), `${n} with ${digits}`).toBe(intl.format(n));
    }
  });
});

describe("booking's formats", () => {
  it("writes a calendar day with its weekday, as Intl does", () => {
    for (const date of ["2030-01-07", "2026-03-29", "2026-10-25", "2027-12-31"]) {
      const intl = new Intl.DateTimeFormat("it-IT", {
        weekday: "long",
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      }).format(new Date(`${date}T12:00:00Z`));
      expect(formatItalianDay(date)).toBe(intl);
    }
  });

  it("writes prices in euro with a comma and no needless decimals", () => {
    expect(formatEuro(8000)).toBe("80 €");
    expect(formatEuro(8250)).toBe("82,50 €");
    expect(formatEuro(120_000)).toBe("1200 €");
    expect(formatEuro(1_200_000)).toBe("12.000 €");
  });
});

describe("formatItalianDayRange", () => {
  it("reads a span of days as a sentence does, eliding before a vowel", () => {
    expect(formatItalianDayRange("2026-12-24", "2026-12-31")).toBe("dal 24 al 31 dicembre 2026");
    expect(formatItalianDayRange("2026-11-28", "2026-12-03")).toBe("dal 28 novembre al 3 dicembre 2026");
    expect(formatItalianDayRange("2026-12-28", "2027-01-06")).toBe("dal 28 dicembre 2026 al 6 gennaio 2027");
    expect(formatItalianDayRange("2026-08-01", "2026-08-11")).toBe("dal 1° all'11 agosto 2026");
    expect(formatItalianDayRange("2026-08-08", "2026-08-21")).toBe("dall'8 al 21 agosto 2026");
    expect(formatItalianDayRange("2026-12-24", "2026-12-24")).toBe("giovedì 24 dicembre 2026");
  });
});

describe("Italian lists and names with a title", () => {
  it("joins a list one way: commas, then «e» before the last", () => {
    expect(joinedList([])).toBe("");
    expect(joinedList(["Lunedì"])).toBe("Lunedì");
    expect(joinedList(["Lunedì", "Giovedì"])).toBe("Lunedì e Giovedì");
    expect(joinedList(["Lunedì", "Mercoledì", "Venerdì", "Domenica"])).toBe("Lunedì, Mercoledì, Venerdì e Domenica");
  });

  it("puts the article a title wants after the word before it, joined to a preposition", () => {
    expect(nameAfter("di", "Dott.ssa Elena Marchetti")).toBe("della Dott.ssa Elena Marchetti");
    expect(nameAfter("Sono", "Dott.ssa Elena Marchetti")).toBe("Sono la Dott.ssa Elena Marchetti");
    expect(nameAfter("con", "Dott. Marco Rossi")).toBe("con il Dott. Marco Rossi");
    expect(nameAfter("Di", "Dott. Marco Rossi")).toBe("Del Dott. Marco Rossi");
    expect(nameAfter("di", "Elena Marchetti")).toBe("di Elena Marchetti");
  });
});
