import { describe, expect, it } from "vitest";
import { copiesToKeep, type DatedCopy } from "./retention";

/** One copy a night at 03:00 Rome (02:00 UTC in winter) for `days` days up to `last`. */
function nightly(days: number, last = Date.UTC(2026, 11, 31, 2, 0)): DatedCopy[] {
  return Array.from({ length: days }, (_, i) => {
    const at = new Date(last - i * 86_400_000);
    return { name: `copy-${at.toISOString().slice(0, 10)}`, at };
  });
}

describe("which copies in the bucket are kept", () => {
  it("keeps everything while there are fewer copies than the policy promises", () => {
    const copies = nightly(5);
    expect(copiesToKeep(copies)).toEqual(new Set(copies.map((c) => c.name)));
  });

  it("keeps the last 7 days, one copy for each of 4 weeks and of 12 months after a year of nights", () => {
    const kept = [...copiesToKeep(nightly(400))].sort();
    // The 7 newest nights.
    for (let day = 25; day <= 31; day++) expect(kept).toContain(`copy-2026-12-${day}`);
    // The newest of each week: Sundays (ISO weeks end on Sunday) before the last 7 days.
    expect(kept).toContain("copy-2026-12-20");
    expect(kept).toContain("copy-2026-12-13");
    // The newest of each month: the last day of each of the 12 months.
    for (const month of ["2026-01-31", "2026-02-28", "2026-06-30", "2026-11-30"])
      expect(kept).toContain(`copy-${month}`);
    expect(kept).not.toContain("copy-2025-12-31");
    expect(kept).not.toContain("copy-2026-12-01");
    expect(kept).not.toContain("copy-2026-12-06");
    // 7 days (among them the newest of 2 weeks, Sunday the 27th and Thursday the 31st, and of December),
    // 2 older weeks, 11 older months.
    expect(kept.length).toBe(7 + 2 + 11);
  });

  it("keeps only the newest of several copies made the same day", () => {
    const at = Date.UTC(2026, 5, 10, 8, 0);
    const copies = [
      { name: "morning", at: new Date(at) },
      { name: "noon", at: new Date(at + 4 * 3_600_000) },
      { name: "evening", at: new Date(at + 10 * 3_600_000) },
    ];
    expect(copiesToKeep(copies)).toEqual(new Set(["evening"]));
  });

  it("counts days by Italy's clock: 23:30 UTC on the 10th is already the 11th in Rome", () => {
    const copies = [
      { name: "rome-11th-late", at: new Date(Date.UTC(2026, 5, 10, 23, 30)) },
      { name: "rome-11th-early", at: new Date(Date.UTC(2026, 5, 10, 22, 30)) },
      { name: "rome-10th", at: new Date(Date.UTC(2026, 5, 10, 21, 30)) },
    ];
    expect(copiesToKeep(copies, { daily: 7, weekly: 0, monthly: 0 })).toEqual(new Set(["rome-11th-late", "rome-10th"]));
  });

  it("never deletes the newest copy, whatever the policy", () => {
    expect(copiesToKeep(nightly(3), { daily: 0, weekly: 0, monthly: 0 })).toEqual(new Set(["copy-2026-12-31"]));
  });

  it("keeps gaps honest: a month without copies is not filled by another month's", () => {
    const copies = [
      { name: "march", at: new Date(Date.UTC(2026, 2, 15)) },
      { name: "january", at: new Date(Date.UTC(2026, 0, 15)) },
      { name: "january-early", at: new Date(Date.UTC(2026, 0, 2)) },
    ];
    expect(copiesToKeep(copies, { daily: 0, weekly: 0, monthly: 12 })).toEqual(new Set(["march", "january"]));
  });
});
