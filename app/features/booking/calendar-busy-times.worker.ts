// The worker thread a calendar is read in (calendar-reading.server.ts): ical.js parses and expands
// the text here, so a calendar that takes too long or too much memory is stopped from outside and
// never holds the site's event loop. Its own entry of the server build (vite.config.ts).

import { parentPort, workerData } from "node:worker_threads";
import { BUSY_TIMES_LIMITS, busyTimesFromICalendar } from "./calendar-busy-times";

/** What the reading sends: the text, the horizon in milliseconds, where to write each event's start. */
export type CalendarWorkerInput = { text: string; from: number; to: number; progress: SharedArrayBuffer };

const input = workerData as CalendarWorkerInput;
const current = new Float64Array(input.progress);
const parsed = busyTimesFromICalendar(
  input.text,
  { from: new Date(input.from), to: new Date(input.to) },
  BUSY_TIMES_LIMITS,
  (startsAt) => {
    current[0] = startsAt;
  },
);
parentPort?.postMessage(parsed);
