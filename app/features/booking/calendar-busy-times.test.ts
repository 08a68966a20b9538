import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { romeInstant, romeTime } from "~/core/format/rome-clock";
import { type BusyInterval, busyTimesFromICalendar } from "./calendar-busy-times";
import { readCalendarBusyTimes } from "./calendar-reading.server";

const fixtures = path.join(import.meta.dirname, "calendar-fixtures");
const fixture = (name: string) => readFileSync(path.join(fixtures, name), "utf8");

/** The local server the tests read the calendar files from, as a calendar provider serves them. */
let server: http.Server;
let base: string;
const served: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    served.push(url.pathname);
    if (url.pathname === "/silent.ics") {
      response.writeHead(200, { "content-type": "text/calendar" }).write("BEGIN:VCALENDAR\r\n");
      return;
    }
    if (url.pathname === "/huge.ics") {
      const event = "BEGIN:VEVENT\r\nUID:x\r\nDTSTART:20260302T090000Z\r\nEND:VEVENT\r\n";
      response.writeHead(200, { "content-type": "text/calendar" });
      response.end(`BEGIN:VCALENDAR\r\n${event.repeat(200_000)}END:VCALENDAR\r\n`);
      return;
    }
    if (url.pathname === "/moved.ics") {
      response.writeHead(302, {
        location: `http://127.0.0.2:${(server.address() as AddressInfo).port}/google-weekly.ics`,
      });
      response.end();
      return;
    }
    let body: string;
    try {
      body = fixture(path.basename(url.pathname));
    } catch {
      response.writeHead(404).end();
      return;
    }
    const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 16)}"`;
    if (request.headers["if-none-match"] === etag) {
      response.writeHead(304, { etag }).end();
      return;
    }
    response.writeHead(200, { "content-type": "text/calendar; charset=utf-8", etag }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const iso = (busy: BusyInterval[]) => busy.map(({ start, end }) => [start.toISOString(), end.toISOString()]);
const spring = { from: new Date("2026-03-01T00:00:00Z"), to: new Date("2026-06-01T00:00:00Z") };

async function read(name: string, horizon = spring) {
  const result = await readCalendarBusyTimes(`${base}/${name}`, { horizon, allowPrivate: true });
  if (!result.ok || result.value.status !== "read") throw new Error(`not read: ${JSON.stringify(result)}`);
  return result.value;
}

describe("busy times from a calendar served over HTTP", () => {
  it("expands a weekly event with an exception, a moved and a cancelled occurrence, keeping only times", async () => {
    const { busy, unreadableEvents } = await read("google-weekly.ics");
    expect(unreadableEvents).toBe(0);
    // 16 March excluded; 23 March moved to Tuesday 24 at 15:00; 6 April cancelled; the series
    // ends before 27 April; the clock stays at 09:00 in Italy across the change of 29 March.
    expect(iso(busy)).toEqual([
      ["2026-03-02T08:00:00.000Z", "2026-03-02T09:00:00.000Z"],
      ["2026-03-09T08:00:00.000Z", "2026-03-09T09:00:00.000Z"],
      ["2026-03-24T14:00:00.000Z", "2026-03-24T15:00:00.000Z"],
      ["2026-03-30T07:00:00.000Z", "2026-03-30T08:00:00.000Z"],
      ["2026-04-12T15:00:00.000Z", "2026-04-12T17:00:00.000Z"],
      ["2026-04-13T07:00:00.000Z", "2026-04-13T08:00:00.000Z"],
      ["2026-04-20T07:00:00.000Z", "2026-04-20T08:00:00.000Z"],
    ]);
    // Nothing but the interval is kept: no title, place or attendee.
    expect(busy.every((interval) => Object.keys(interval).join() === "start,end")).toBe(true);
  });

  it("reads all-day events as whole days in Italy, another time zone, floating times; skips transparent and cancelled ones", async () => {
    const { busy } = await read("outlook-mixed.ics");
    expect(iso(busy)).toEqual([
      // America/New_York without a VTIMEZONE, as Google sends it: 10:00 EDT.
      ["2026-03-10T14:00:00.000Z", "2026-03-10T15:00:00.000Z"],
      // All day on 10 April, in Italy.
      ["2026-04-09T22:00:00.000Z", "2026-04-10T22:00:00.000Z"],
      // Outlook's "W. Europe Standard Time", 14:00–15:30.
      ["2026-04-15T12:00:00.000Z", "2026-04-15T13:30:00.000Z"],
      // A floating 18:00 is Italy's 18:00; one hour (DURATION).
      ["2026-04-20T16:00:00.000Z", "2026-04-20T17:00:00.000Z"],
      // Three whole days, 1–3 May.
      ["2026-04-30T22:00:00.000Z", "2026-05-03T22:00:00.000Z"],
    ]);
  });

  it("keeps a weekly 09:00 event in Rome at 09:00 across both daylight-saving changes", async () => {
    const march = await read("weekly-across-dst.ics", {
      from: new Date("2026-03-20T00:00:00Z"),
      to: new Date("2026-04-04T00:00:00Z"),
    });
    expect(iso(march.busy)).toEqual([
      ["2026-03-23T08:00:00.000Z", "2026-03-23T08:45:00.000Z"],
      ["2026-03-30T07:00:00.000Z", "2026-03-30T07:45:00.000Z"],
    ]);
    const october = await read("weekly-across-dst.ics", {
      from: new Date("2026-10-15T00:00:00Z"),
      to: new Date("2026-11-03T00:00:00Z"),
    });
    expect(iso(october.busy)).toEqual([
      ["2026-10-19T07:00:00.000Z", "2026-10-19T07:45:00.000Z"],
      ["2026-10-26T08:00:00.000Z", "2026-10-26T08:45:00.000Z"],
      ["2026-11-02T08:00:00.000Z", "2026-11-02T08:45:00.000Z"],
    ]);
    for (const { start } of [...march.busy, ...october.busy]) expect(romeTime(start.getTime())).toBe("09:00");
  });

  it("reads a time in the hour Italy skips or repeats as romeInstant does", () => {
    const event = (uid: string, start: string) =>
      `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTART;TZID=Europe/Rome:${start}\r\nDURATION:PT30M\r\nEND:VEVENT\r\n`;
    const text = `BEGIN:VCALENDAR\r\n${event("a", "20260329T023000")}${event("b", "20261025T023000")}END:VCALENDAR\r\n`;
    const result = busyTimesFromICalendar(text, { from: spring.from, to: new Date("2026-12-01T00:00:00Z") });
    expect(result.ok && iso(result.value.busy)).toEqual([
      // 02:30 on 29 March does not exist: it is read as the clock before the change would say, 03:30 summer time.
      [new Date(romeInstant("2026-03-29", 150)).toISOString(), "2026-03-29T02:00:00.000Z"],
      // 02:30 on 25 October comes twice: the first, summer time.
      [new Date(romeInstant("2026-10-25", 150)).toISOString(), "2026-10-25T01:00:00.000Z"],
    ]);
    expect(romeInstant("2026-03-29", 150)).toBe(Date.parse("2026-03-29T01:30:00Z"));
    expect(romeInstant("2026-10-25", 150)).toBe(Date.parse("2026-10-25T00:30:00Z"));
  });

  it("answers not modified when the calendar's ETag has not changed", async () => {
    const first = await read("google-weekly.ics");
    expect(first.etag).toMatch(/^"[0-9a-f]{16}"$/);
    const again = await readCalendarBusyTimes(`${base}/google-weekly.ics`, {
      horizon: spring,
      allowPrivate: true,
      etag: first.etag,
    });
    expect(again).toEqual({ ok: true, value: { status: "not_modified", etag: first.etag, lastModified: null } });
  });

  it("refuses a calendar that times out, one too large, one redirected to a private address", async () => {
    const options = { horizon: spring, allowPrivate: false };
    const onlyThisServer = { ...options, allowPrivate: true };
    expect(await readCalendarBusyTimes(`${base}/silent.ics`, { ...onlyThisServer, timeoutMs: 300 })).toEqual({
      ok: false,
      reason: "timeout",
    });
    expect(await readCalendarBusyTimes(`${base}/huge.ics`, { ...onlyThisServer, maxBytes: 1024 * 1024 })).toEqual({
      ok: false,
      reason: "tooLarge",
    });
    // The first address is allowed, the one it redirects to (another loopback address) is not.
    const redirected = served.length;
    expect(
      await readCalendarBusyTimes(`${base}/moved.ics`, { ...options, allowPrivate: (a) => a === "127.0.0.1" }),
    ).toEqual({ ok: false, reason: "privateAddress" });
    expect(served.slice(redirected)).toEqual(["/moved.ics"]);
    // Without CALENDAR_FETCH_ALLOW_PRIVATE, the address itself is refused before any request.
    const before = served.length;
    expect(await readCalendarBusyTimes(`${base}/google-weekly.ics`, options)).toEqual({
      ok: false,
      reason: "badScheme",
    });
    expect(await readCalendarBusyTimes(`webcal://127.0.0.1/google-weekly.ics`, options)).toEqual({
      ok: false,
      reason: "privateAddress",
    });
    expect(served.length).toBe(before);
  });

  it("refuses what is not a calendar", async () => {
    expect(await readCalendarBusyTimes(`${base}/missing.ics`, { horizon: spring, allowPrivate: true })).toEqual({
      ok: false,
      reason: "httpStatus",
      detail: { status: 404 },
    });
    expect(busyTimesFromICalendar("<html>Accedi</html>", spring)).toEqual({ ok: false, reason: "notCalendar" });
    expect(busyTimesFromICalendar("BEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD\r\n", spring)).toEqual({
      ok: false,
      reason: "notCalendar",
    });
  });
});

describe("bounded work on a hostile calendar", () => {
  it("refuses a FREQ=SECONDLY rule once it passes the occurrences cap", async () => {
    const result = await readCalendarBusyTimes(`${base}/secondly-bomb.ics`, { horizon: spring, allowPrivate: true });
    expect(result).toEqual({ ok: false, reason: "tooManyOccurrences", detail: { eventAt: expect.any(Date) } });
  });

  it("refuses a rule no date satisfies once it passes the steps cap", async () => {
    const result = await readCalendarBusyTimes(`${base}/impossible-rule.ics`, { horizon: spring, allowPrivate: true });
    expect(result).toEqual({ ok: false, reason: "tooComplex", detail: { eventAt: expect.any(Date) } });
  });

  it("refuses a calendar with more events than the cap", () => {
    const event = "BEGIN:VEVENT\r\nUID:x\r\nDTSTART:20260302T090000Z\r\nEND:VEVENT\r\n";
    const text = `BEGIN:VCALENDAR\r\n${event.repeat(11)}END:VCALENDAR\r\n`;
    const limits = { maxEvents: 10, maxOccurrences: 100, maxSteps: 1000 };
    expect(busyTimesFromICalendar(text, spring, limits)).toEqual({ ok: false, reason: "tooManyEvents" });
  });

  it("expands a rule begun years ago from near the horizon, with the same occurrences", () => {
    const text = fixture("weekly-across-dst.ics");
    const horizon = { from: new Date("2026-01-01T00:00:00Z"), to: new Date("2026-12-31T00:00:00Z") };
    const withRule = (rule: string) => text.replace("RRULE:FREQ=WEEKLY;BYDAY=MO", `RRULE:${rule}`);
    for (const rule of [
      "FREQ=WEEKLY;BYDAY=MO",
      "FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,TH",
      "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR",
      "FREQ=HOURLY;INTERVAL=7;BYHOUR=9,16",
      "FREQ=MONTHLY;BYDAY=1MO",
      "FREQ=MONTHLY;INTERVAL=2",
      "FREQ=YEARLY;BYMONTH=3,10;BYDAY=-1MO",
    ]) {
      // COUNT keeps the expansion from the rule's very start: the result must be the same.
      const shifted = busyTimesFromICalendar(withRule(rule), horizon);
      expect(shifted.ok && shifted.value.busy.length, rule).toBeGreaterThan(1);
      expect(shifted, rule).toEqual(busyTimesFromICalendar(withRule(`${rule};COUNT=20000`), horizon));
    }
    // From 2020 weekly is over 300 steps to 2026: a budget of 150 holds only from near the horizon.
    const small = { maxEvents: 10, maxOccurrences: 100, maxSteps: 150 };
    expect(busyTimesFromICalendar(text, horizon, small).ok).toBe(true);
    expect(busyTimesFromICalendar(withRule("FREQ=WEEKLY;BYDAY=MO;COUNT=5000"), horizon, small)).toEqual({
      ok: false,
      reason: "tooComplex",
      detail: { eventAt: new Date("2020-01-06T08:00:00Z") },
    });
  });
});
