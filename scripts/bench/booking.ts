// `npm run bench:booking`, also the last figure of `npm run bench`: how long the free times of a
// 60-day horizon take to compute with 2,000 appointments already taken in it. Target: p95
// ≤ 50 ms. The calculation alone, as the booking page's loader and the booking's check run it, on a
// generated agenda given in random order (so its sort is measured too). Exit code 1 when the target
// is missed.
import { performance } from "node:perf_hooks";
import "../lib/load-app-modules.ts";
import { percentile } from "../lib/percentile.ts";
import type { AvailabilityInput } from "../../app/features/booking/availability.ts";

const { freeDays } = await import("../../app/features/booking/availability.ts");
const { addDays, romeDate, romeInstant } = await import("../../app/core/format/rome-clock.ts");

const HORIZON_DAYS = 60;
const APPOINTMENTS = 2_000;
const WARM_UP_RUNS = 30;
const RUNS = 300;
const TARGET_P95_MS = 50;

/** Deterministic pseudo-random numbers, so every run measures the same agenda. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The opening hours of the benchmarks' practice: weekdays 8–13 and 14–20, Saturday morning. */
const weekday = [
  { opens: "08:00", closes: "13:00" },
  { opens: "14:00", closes: "20:00" },
];
export const sampleHours: AvailabilityInput["hours"] = {
  Monday: weekday,
  Tuesday: weekday,
  Wednesday: weekday,
  Thursday: weekday,
  Friday: weekday,
  Saturday: [{ opens: "09:00", closes: "13:00" }],
  Sunday: [],
};

/**
 * A practice's agenda: from ten months before `now` to three months after, within the opening hours,
 * about half of each day booked with visits of 30 to 60 minutes and a 10-minute buffer, in random
 * order (none overlap, as the database guarantees).
 */
export function sampleAgenda(now: Date): { startsAt: Date; blockedUntil: Date }[] {
  const MINUTE = 60_000;
  const random = mulberry32(27);
  const hours = sampleHours;
  const minuteOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  const agenda: { startsAt: Date; blockedUntil: Date }[] = [];
  const today = romeDate(now.getTime());
  for (let offset = -300; offset < 90; offset++) {
    const date = addDays(today, offset);
    const day = (["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const)[
      new Date(`${date}T00:00:00Z`).getUTCDay()
    ]!;
    for (const range of hours[day]) {
      let start = romeInstant(date, minuteOfDay(range.opens));
      const closes = romeInstant(date, minuteOfDay(range.closes));
      while (true) {
        const minutes = 30 + 15 * Math.floor(random() * 3);
        if (start + minutes * MINUTE > closes) break;
        if (random() < 0.55) {
          agenda.push({ startsAt: new Date(start), blockedUntil: new Date(start + (minutes + 10) * MINUTE) });
          start += (minutes + 10) * MINUTE;
        } else start += 15 * MINUTE;
      }
    }
  }
  for (let i = agenda.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [agenda[i], agenda[j]] = [agenda[j]!, agenda[i]!];
  }
  return agenda;
}

/** Builds the agenda, times the calculation and says how it did against the target. */
export function measureFreeTimes(): { summary: string; ok: boolean } {
  // A Monday morning in winter; the horizon then crosses no change of time (the unit tests cover those).
  const now = new Date("2027-01-04T07:30:00Z");
  const hours = sampleHours;
  const today = romeDate(now.getTime());
  // 2,000 of the agenda kept (a random pick). All are passed in, as a loader that read every
  // appointment would; the horizon's own days keep free times between them.
  const agenda = sampleAgenda(now);
  if (agenda.length < APPOINTMENTS) throw new Error(`the generated agenda has only ${agenda.length} appointments`);
  const taken = agenda.slice(0, APPOINTMENTS);
  const inHorizon = taken.filter(
    (t) => t.startsAt >= now && romeDate(t.startsAt.getTime()) <= addDays(today, HORIZON_DAYS - 1),
  ).length;

  const input: AvailabilityInput = {
    hours,
    durationMinutes: 45,
    bufferMinutes: 10,
    minimumNoticeMinutes: 24 * 60,
    horizonDays: HORIZON_DAYS,
    timeOff: [
      { startsOn: "2027-01-06", endsOn: "2027-01-06" },
      { startsOn: "2027-02-15", endsOn: "2027-02-19" },
    ],
    taken,
    now,
  };

  let offered = 0;
  for (let i = 0; i < WARM_UP_RUNS; i++) offered = freeDays(input).reduce((sum, day) => sum + day.times.length, 0);
  const durations: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    freeDays(input);
    durations.push(performance.now() - started);
  }

  const p95 = percentile(durations, 95);
  const ok = p95 <= TARGET_P95_MS;
  const summary =
    `Free times, ${HORIZON_DAYS}-day horizon, ${APPOINTMENTS} appointments (${inHorizon} of them in the horizon), ` +
    `${offered} times offered: ` +
    `p50 ${percentile(durations, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${Math.max(...durations).toFixed(2)} ms ` +
    `over ${RUNS} runs — ${ok ? "meets" : "MISSES"} the target of p95 ≤ ${TARGET_P95_MS} ms`;
  return { summary, ok };
}

if (import.meta.main) {
  const { summary, ok } = measureFreeTimes();
  console.log(summary);
  process.exitCode = ok ? 0 : 1;
}
