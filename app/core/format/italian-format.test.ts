import { describe, expect, it } from "vitest";
import { formatCount, formatDecimal, formatItalianDate, formatOneDecimal, formatPercent } from "./italian-format";

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

  it("writes decimals with at most the digits asked, no trailing zeros, as Intl does in Italian", () => {
    for (const digits of [0, 1, 2]) {
      const intl = new Intl.NumberFormat("it-IT", { maximumFractionDigits: digits });
      for (const n of [0, 0.05, 0.25, 0.5, 1, 1.005, 1.25, 1.3, 2.675, 12.5, 333.333, 999.99, 1250, 12_345.67, -1.5])
        expect(formatDecimal(n, digits), `${n} with ${digits}`).toBe(intl.format(n));
    }
  });
});
