import { setTimeout as delay } from "node:timers/promises";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveCalendars } from "../../../tests/support/factory";
import {
  HOSTILE_EVENT_START,
  slowRulesCalendar,
  zoneSpellingsCalendar,
} from "../../../tests/support/hostile-calendars";
import type { CalendarSource } from "./schema";
import { CALENDAR_WORKER_LIMITS, calendarReads, readCalendarBusyTimes } from "./calendar-reading.server";
import { calendarSourceView } from "./calendar-sources-admin.server";
import { canonicalZone, knownZone } from "./calendar-zones";

const horizon = { from: new Date("2026-03-01T00:00:00Z"), to: new Date("2026-05-01T00:00:00Z") };

/** The longest the event loop went without running a timer due every 20 ms, while `work` ran. */
async function longestStall<T>(work: Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 20);
  try {
    const result = await work;
    return { result, stallMs };
  } finally {
    clearInterval(tick);
  }
}

describe("a calendar read in a worker thread", () => {
  let provider: Awaited<ReturnType<typeof serveCalendars>>;
  beforeAll(async () => {
    provider = await serveCalendars({ "ostile.ics": slowRulesCalendar(200), "zone.ics": zoneSpellingsCalendar() });
  });
  afterAll(() => provider.close());

  it("200 yearly rules ical.js walks to the year 20000 on: refused as too complex by its first event's time, the event loop free", {
    timeout: 60_000,
  }, async () => {
    const worker = { ...CALENDAR_WORKER_LIMITS, cpuMs: 2_000, deadlineMs: 20_000 };
    const started = performance.now();
    const { result, stallMs } = await longestStall(
      readCalendarBusyTimes(provider.url("ostile.ics"), { horizon, allowPrivate: true, worker }),
    );
    expect(result).toEqual({ ok: false, reason: "tooComplex", detail: { eventAt: HOSTILE_EVENT_START } });
    expect(performance.now() - started).toBeLessThan(worker.deadlineMs);
    expect(stallMs).toBeLessThan(1_000);
  });

  it("past its deadline a read is stopped too, even before its CPU budget", { timeout: 30_000 }, async () => {
    const worker = { ...CALENDAR_WORKER_LIMITS, cpuMs: 60_000, deadlineMs: 1_500 };
    const result = await readCalendarBusyTimes(provider.url("ostile.ics"), { horizon, allowPrivate: true, worker });
    expect(result).toMatchObject({ ok: false, reason: "tooComplex" });
  });

  it("a read given up (the job's time is over) stops the worker at once", { timeout: 30_000 }, async () => {
    const controller = new AbortController();
    const reading = readCalendarBusyTimes(provider.url("ostile.ics"), {
      horizon,
      allowPrivate: true,
      signal: controller.signal,
    });
    await delay(300);
    controller.abort();
    expect(await reading).toMatchObject({ ok: false, reason: "timeout" });
  });

  it("one read at a time in a process, four waiting: a sixth at once is refused as busy, never a sixth thread", {
    timeout: 60_000,
  }, async () => {
    const worker = { ...CALENDAR_WORKER_LIMITS, cpuMs: 60_000, deadlineMs: 700 };
    const reads = Array.from({ length: 6 }, () =>
      readCalendarBusyTimes(provider.url("ostile.ics"), { horizon, allowPrivate: true, worker }),
    );
    expect(calendarReads.running).toBe(1);
    const results = await Promise.all(reads);
    expect(results.map((result) => (result.ok ? "read" : result.reason))).toEqual([
      "tooComplex",
      "tooComplex",
      "tooComplex",
      "tooComplex",
      "tooComplex",
      "busy",
    ]);
  });

  it("20,000 spellings of one time zone: read within the worker's heap, the site's heap not grown", {
    timeout: 60_000,
  }, async () => {
    const before = process.memoryUsage().heapUsed;
    const result = await readCalendarBusyTimes(provider.url("zone.ics"), { horizon, allowPrivate: true });
    expect(result).toMatchObject({
      ok: true,
      value: { busy: [{ start: new Date("2026-03-02T13:00:00Z"), end: new Date("2026-03-02T14:00:00Z") }] },
    });
    // The text and its copy to the worker: a few MB, never hundreds.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(48 * 1024 * 1024);
  });

  it("a worker over its heap limit is stopped and the read refused as too heavy", { timeout: 60_000 }, async () => {
    const worker = { ...CALENDAR_WORKER_LIMITS, heapMb: 4 };
    const result = await readCalendarBusyTimes(provider.url("zone.ics"), { horizon, allowPrivate: true, worker });
    expect(result).toMatchObject({ ok: false, reason: "tooHeavy" });
  });
});

describe("time-zone names", () => {
  it("every spelling of a zone is its one canonical name, registered once; a name no zone has is none", () => {
    // ICU's canonical name for it is the older America/Buenos_Aires.
    expect(knownZone("America/Argentina/Buenos_Aires")).toBe("America/Buenos_Aires");
    const registered = ICAL.TimezoneService.count;
    const name = "america/argentina/buenos_aires";
    for (let n = 0; n < 2_000; n++) {
      const spelling = [...name].map((char, i) => ((n >> i) & 1 ? char.toUpperCase() : char)).join("");
      expect(knownZone(spelling)).toBe("America/Buenos_Aires");
    }
    expect(ICAL.TimezoneService.count).toBe(registered);
    expect(canonicalZone("us/eastern")).toBe("America/New_York");
    expect(canonicalZone("Europe/Roma")).toBeUndefined();
    expect(canonicalZone(`Europe/${"x".repeat(100)}`)).toBeUndefined();
  });
});

describe("her screen", () => {
  it("names the event whose rule could not be read by its time, never its title, and when it is read again", () => {
    const now = new Date("2026-03-02T13:40:00Z");
    const source: CalendarSource = {
      id: "00000000-0000-4000-8000-000000000001",
      name: "Personale",
      url: "https://calendar.example/segreto/basic.ics",
      studioKeys: null,
      blocksOnline: true,
      etag: null,
      lastModified: null,
      readUntil: null,
      lastReadAt: null,
      lastFailure: "tooComplex",
      lastFailureStatus: null,
      lastFailedAt: new Date("2026-03-02T13:32:00Z"),
      lastFailureEventAt: HOSTILE_EVENT_START,
      consecutiveFailures: 2,
      nextReadAt: new Date("2026-03-02T13:42:00Z"),
      createdAt: new Date("2026-03-01T10:00:00Z"),
    };
    expect(calendarSourceView(source, [], now).failure).toBe(
      "Ultima lettura non riuscita (alle 14:32 di oggi): il calendario ha una regola di ripetizione troppo complessa da leggere: è quella dell'evento che inizia il 20 aprile 2026 alle ore 10:00 (cambiala o toglila, poi premi «Aggiorna ora»). Nuovo tentativo alle 14:42 di oggi.",
    );
  });
});
