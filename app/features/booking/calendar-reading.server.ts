// Reading one of her calendars by its address: fetched checked (core/net/safe-fetch.server.ts),
// then only its busy times kept (calendar-busy-times.ts), worked out in a worker thread with a heap
// limit, a CPU budget and a deadline: a calendar made to keep ical.js busy for hours, or to fill its
// memory, ends as a failed read of that calendar while the site answers. The composition says
// whether private addresses and plain http are allowed (CALENDAR_FETCH_ALLOW_PRIVATE) and keeps the
// validators for the next read.

import {
  type SafeFetchDetail,
  type SafeFetchOptions,
  type SafeFetchRefusal,
  safeFetch,
} from "~/core/net/safe-fetch.server";
import { createDecodeQueue, DecodeQueueFullError } from "~/core/media/decode-queue.server";
import { refused, type Result, succeeded } from "~/core/result";
import { runInWorker, type WorkerLimits, workerScript } from "~/core/workers/run-in-worker.server";
import type { BusyInterval, BusyTimes, BusyTimesDetail, BusyTimesRefusal } from "./calendar-busy-times";
import type { CalendarWorkerInput } from "./calendar-busy-times.worker";

export type CalendarReadOptions = {
  /** The busy times kept are those within [from, to). */
  horizon: { from: Date; to: Date };
  /** From CALENDAR_FETCH_ALLOW_PRIVATE (see SafeFetchOptions). */
  allowPrivate?: SafeFetchOptions["allowPrivate"];
  /** The validators of the last successful read. */
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs?: number;
  maxBytes?: number;
  /** The worker thread's bounds (tests: smaller). */
  worker?: WorkerLimits;
  /** The read given up (the job's own time is over). */
  signal?: AbortSignal;
};

export type CalendarRead =
  | { status: "not_modified"; etag: string | null; lastModified: string | null }
  | {
      status: "read";
      busy: BusyInterval[];
      unreadableEvents: number;
      etag: string | null;
      lastModified: string | null;
    };

/**
 * A worker stopped for its memory: the calendar needs more than a read may take. Busy: other reads
 * fill the queue (calendarReads).
 */
export type CalendarReadRefusal = SafeFetchRefusal | BusyTimesRefusal | "tooHeavy" | "busy";

/** With the status of an HTTP failure, or the start of the event whose rule could not be expanded. */
export type CalendarReadDetail = SafeFetchDetail & Partial<BusyTimesDetail>;

export const CALENDAR_READ_DEFAULTS = { timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024 };

/**
 * A usual calendar reads in 0.1–0.5 s (decision 53) and 19,000 recurring events in 5 MB took 14 s
 * of wall time on a loaded two-core machine, ending at the occurrences cap: ten seconds of busy time
 * is a calendar made to be slow. The heap: the largest texts allowed (5 MB) read within 96 MB.
 */
export const CALENDAR_WORKER_LIMITS: WorkerLimits = { heapMb: 192, cpuMs: 10_000, deadlineMs: 60_000 };

/**
 * Reads one at a time in a process, a few waiting (fetched only when their turn comes): the job reads
 * one calendar at a time already, and however often she presses "Aggiorna ora" there is never more
 * than one worker's heap in use.
 */
export const calendarReads = createDecodeQueue({
  inFlight: 1,
  waiting: 4,
  maxWaitMs: 2 * CALENDAR_WORKER_LIMITS.deadlineMs,
});

/** Reads the calendar at `url` (`webcal:` or `https:`): its busy times, "not modified", or why not. */
export async function readCalendarBusyTimes(
  url: string,
  options: CalendarReadOptions,
): Promise<Result<CalendarRead, CalendarReadRefusal, CalendarReadDetail>> {
  try {
    return await calendarReads.run(() => readOne(url, options));
  } catch (error) {
    if (error instanceof DecodeQueueFullError) return refused("busy", {});
    throw error;
  }
}

async function readOne(
  url: string,
  options: CalendarReadOptions,
): Promise<Result<CalendarRead, CalendarReadRefusal, CalendarReadDetail>> {
  const fetched = await safeFetch(url, {
    allowPrivate: options.allowPrivate ?? false,
    timeoutMs: options.timeoutMs ?? CALENDAR_READ_DEFAULTS.timeoutMs,
    maxBytes: options.maxBytes ?? CALENDAR_READ_DEFAULTS.maxBytes,
    etag: options.etag ?? null,
    lastModified: options.lastModified ?? null,
    accept: "text/calendar, */*;q=0.5",
  });
  if (!fetched.ok) return fetched;
  const answer = fetched.value;
  if (answer.status === "not_modified") return succeeded(answer);
  const parsed = await busyTimesInWorker(answer.body.toString("utf8"), options);
  if (!parsed.ok) return parsed;
  return succeeded({
    status: "read" as const,
    ...parsed.value,
    etag: answer.etag,
    lastModified: answer.lastModified,
  });
}

/**
 * The busy times of a calendar's text, worked out in a worker thread. Over its CPU budget or past its
 * deadline the thread is terminated and the read refused as too complex, with the start of the event
 * it was expanding (the worker writes each one in shared memory before it starts on it).
 */
async function busyTimesInWorker(
  text: string,
  options: CalendarReadOptions,
): Promise<Result<BusyTimes, CalendarReadRefusal, CalendarReadDetail>> {
  const progress = new SharedArrayBuffer(Float64Array.BYTES_PER_ELEMENT);
  const current = new Float64Array(progress);
  current[0] = Number.NaN;
  const input: CalendarWorkerInput = {
    text,
    from: options.horizon.from.getTime(),
    to: options.horizon.to.getTime(),
    progress,
  };
  const ran = await runInWorker<Result<BusyTimes, BusyTimesRefusal, BusyTimesDetail>>(
    workerScript(import.meta.url, "calendar-busy-times.worker"),
    input,
    options.worker ?? CALENDAR_WORKER_LIMITS,
    options.signal,
  );
  if (ran.ok) return ran.value;
  const eventAt = Number.isNaN(current[0]!) ? null : new Date(current[0]!);
  switch (ran.stop) {
    case "memory":
      return refused("tooHeavy", {});
    case "aborted":
      return refused("timeout", {});
    default:
      return refused("tooComplex", { eventAt });
  }
}
