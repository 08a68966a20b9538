// Calendars as a practitioner's would look (Google's layout: a VTIMEZONE, weekly, daily and monthly
// series with exceptions and moved occurrences, single and all-day events, another time zone),
// for the free-times benchmark, and the time to read their busy times. Run alone, it measures that
// once: `node scripts/bench/calendar-feeds.ts`.
import { performance } from "node:perf_hooks";
import "../lib/load-app-modules.ts";
import { percentile } from "../lib/percentile.ts";

const { busyTimesFromICalendar } = await import("../../app/features/booking/calendar-busy-times.ts");

const ROME_ZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Rome",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** A small deterministic generator (mulberry32), so every run reads the same calendars. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pad = (value: number) => String(value).padStart(2, "0");
/** A local date-time of the calendar, "YYYYMMDDTHHMMSS", `days` after `origin` at hh:mm. */
function local(origin: number, days: number, hour: number, minute: number): string {
  const day = new Date(origin + days * 86_400_000);
  return `${day.getUTCFullYear()}${pad(day.getUTCMonth() + 1)}${pad(day.getUTCDate())}T${pad(hour)}${pad(minute)}00`;
}

/**
 * An iCalendar text of `events` events around `around` (two years before, three months after): a
 * fifth of them recurring (weekly since up to six years, daily with an end, monthly), with
 * exceptions and moved occurrences, the rest single events, some all day, a few in New York,
 * transparent or cancelled.
 */
export function sampleCalendarFeed(options: { events: number; seed: number; around: Date }): string {
  const next = random(options.seed);
  const pick = (n: number) => Math.floor(next() * n);
  const origin = Date.UTC(options.around.getUTCFullYear(), options.around.getUTCMonth(), options.around.getUTCDate());
  const lines = ["BEGIN:VCALENDAR", "PRODID:-//Google Inc//Google Calendar 70.9054//EN", "VERSION:2.0", ...ROME_ZONE];
  for (let index = 0; index < options.events; index++) {
    const uid = `sample-${options.seed}-${index}@google.com`;
    const hour = 7 + pick(12);
    const minute = pick(4) * 15;
    const event = ["BEGIN:VEVENT", `UID:${uid}`, "DTSTAMP:20261127T100000Z", `SUMMARY:Impegno ${index}`];
    if (index % 5 === 0) {
      const startDays = -pick(6 * 365);
      const start = local(origin, startDays, hour, minute);
      event.push(
        `DTSTART;TZID=Europe/Rome:${start}`,
        `DTEND;TZID=Europe/Rome:${local(origin, startDays, hour + 1, minute)}`,
      );
      const kind = pick(3);
      if (kind === 0) event.push("RRULE:FREQ=WEEKLY;BYDAY=MO,WE");
      else if (kind === 1) event.push(`RRULE:FREQ=DAILY;UNTIL=${local(origin, 40 + pick(60), 23, 0)}Z`);
      else event.push("RRULE:FREQ=MONTHLY;BYDAY=2TU");
      event.push(`EXDATE;TZID=Europe/Rome:${local(origin, 7 * pick(8), hour, minute)}`, "END:VEVENT");
      lines.push(...event);
      // A moved occurrence of the series, two hours later the same day.
      const moved = 7 * (1 + pick(8));
      lines.push(
        "BEGIN:VEVENT",
        `UID:${uid}`,
        "DTSTAMP:20261127T100000Z",
        `RECURRENCE-ID;TZID=Europe/Rome:${local(origin, moved, hour, minute)}`,
        `DTSTART;TZID=Europe/Rome:${local(origin, moved, hour + 2, minute)}`,
        `DTEND;TZID=Europe/Rome:${local(origin, moved, hour + 3, minute)}`,
        "END:VEVENT",
      );
      continue;
    }
    const days = pick(2 * 365 + 90) - 2 * 365;
    if (index % 11 === 0) {
      event.push(`DTSTART;VALUE=DATE:${local(origin, days, 0, 0).slice(0, 8)}`);
      event.push(`DTEND;VALUE=DATE:${local(origin, days + 1 + pick(3), 0, 0).slice(0, 8)}`);
    } else if (index % 13 === 0) {
      event.push(`DTSTART;TZID=America/New_York:${local(origin, days, hour, minute)}`);
      event.push(`DTEND;TZID=America/New_York:${local(origin, days, hour + 1, minute)}`);
    } else {
      event.push(`DTSTART;TZID=Europe/Rome:${local(origin, days, hour, minute)}`);
      event.push(`DTEND;TZID=Europe/Rome:${local(origin, days, hour + 1, minute)}`);
    }
    if (index % 17 === 0) event.push("TRANSP:TRANSPARENT");
    if (index % 19 === 0) event.push("STATUS:CANCELLED");
    event.push("END:VEVENT");
    lines.push(...event);
  }
  lines.push("END:VCALENDAR");
  return `${lines.join("\r\n")}\r\n`;
}

/** Three calendars of 500 events each, as the free-times benchmark reads them. */
export function sampleCalendarFeeds(around: Date): string[] {
  return [1, 2, 3].map((seed) => sampleCalendarFeed({ events: 500, seed, around }));
}

/** Reads the busy times of every feed within [from, to): the work of one refresh of her calendars. */
export function readSampleFeeds(feeds: string[], horizon: { from: Date; to: Date }) {
  return feeds.map((feed) => {
    const result = busyTimesFromICalendar(feed, horizon);
    if (!result.ok) throw new Error(`sample calendar refused: ${result.reason}`);
    return result.value.busy;
  });
}

if (import.meta.main) {
  const from = new Date("2026-11-30T00:00:00Z");
  const horizon = { from, to: new Date(from.getTime() + 60 * 86_400_000) };
  const feeds = sampleCalendarFeeds(from);
  const runs: number[] = [];
  const cpu: number[] = [];
  let intervals = 0;
  for (let run = 0; run < 20; run++) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    intervals = readSampleFeeds(feeds, horizon).reduce((sum, busy) => sum + busy.length, 0);
    runs.push(performance.now() - started);
    cpu.push(process.cpuUsage(cpuBefore).user / 1000);
  }
  const hostile = (rule: string) => {
    const text = `BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:h\r\nDTSTART:20261101T090000Z\r\nDTEND:20261101T100000Z\r\nRRULE:${rule}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const result = busyTimesFromICalendar(text, horizon);
    const cpuMs = process.cpuUsage(cpuBefore).user / 1000;
    return `${result.ok ? "read" : result.reason} in ${(performance.now() - started).toFixed(0)} ms (${cpuMs.toFixed(0)} ms of CPU)`;
  };
  const kb = feeds.reduce((sum, feed) => sum + feed.length, 0) / 1024;
  console.log(`3 calendars of 500 events (${kb.toFixed(0)} KB), 60-day horizon: ${intervals} busy intervals`);
  console.log(
    `read (parse + expand), 20 runs: first ${runs[0]!.toFixed(0)} ms, median ${percentile(runs, 50).toFixed(0)} ms, p95 ${percentile(runs, 95).toFixed(0)} ms; CPU median ${percentile(cpu, 50).toFixed(0)} ms`,
  );
  console.log(`FREQ=SECONDLY: ${hostile("FREQ=SECONDLY")}`);
  console.log(`a rule no date satisfies: ${hostile("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30")}`);
  console.log(
    `load average: ${(await import("node:os"))
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(" ")}`,
  );
}
