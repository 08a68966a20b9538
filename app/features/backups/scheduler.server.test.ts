import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { romeTime } from "~/core/format/rome-clock";
import { scheduleNightly } from "./scheduler.server";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// BACKUP_TIME is the time in Italy whatever the server's TZ: here New York's, whose clocks change on
// other Sundays than Italy's (the last Sundays of March and October).
const tz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "America/New_York";
});
afterAll(() => {
  process.env.TZ = tz;
});
afterEach(() => {
  vi.useRealTimers();
});

async function slotsOver(days: number, from: string, time: { hour: number; minute: number }) {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(from));
  const slots: string[] = [];
  const schedule = scheduleNightly(time, async (slot) => {
    slots.push(slot.toISOString());
    // A backup takes a while: the slot stays the scheduled time, not the moment it ends.
    await new Promise((resolve) => setTimeout(resolve, 10 * 60_000));
  });
  await vi.advanceTimersByTimeAsync(days * DAY);
  schedule.stop();
  await vi.advanceTimersByTimeAsync(2 * DAY);
  return slots;
}

describe("nightly schedule (BACKUP_TIME, the time in Italy)", () => {
  it("runs once a night at the local time; the night the clocks go forward, when the skipped hour ends", async () => {
    const slots = await slotsOver(4, "2026-03-27T12:00:00+01:00", { hour: 2, minute: 30 });
    expect(slots).toEqual([
      "2026-03-28T01:30:00.000Z", // 02:30 CET
      "2026-03-29T01:00:00.000Z", // 02:30 does not exist: 03:00 CEST
      "2026-03-30T00:30:00.000Z", // 02:30 CEST
      "2026-03-31T00:30:00.000Z",
    ]);
  });

  it("runs once the night the clocks go back, though 02:30 happens twice; none after stop()", async () => {
    const slots = await slotsOver(4, "2026-10-23T12:00:00+02:00", { hour: 2, minute: 30 });
    expect(slots).toEqual([
      "2026-10-24T00:30:00.000Z", // 02:30 CEST
      "2026-10-25T00:30:00.000Z", // the first 02:30 only
      "2026-10-26T01:30:00.000Z", // 02:30 CET
      "2026-10-27T01:30:00.000Z",
    ]);
  });

  it("keeps the wall-clock time across the change for a time outside the changing hour", async () => {
    const slots = await slotsOver(3, "2026-10-24T12:00:00+02:00", { hour: 23, minute: 5 });
    expect(slots.map((iso) => romeTime(Date.parse(iso)))).toEqual(["23:05", "23:05", "23:05"]);
  });
});
