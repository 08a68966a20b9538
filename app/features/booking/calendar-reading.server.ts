// Reading one of her calendars by its address: fetched checked (core/net/safe-fetch.server.ts),
// then only its busy times kept (calendar-busy-times.ts). The composition says whether private
// addresses and plain http are allowed (CALENDAR_FETCH_ALLOW_PRIVATE) and keeps the validators for
// the next read.

import {
  type SafeFetchDetail,
  type SafeFetchOptions,
  type SafeFetchRefusal,
  safeFetch,
} from "~/core/net/safe-fetch.server";
import { refused, type Result, succeeded } from "~/core/result";
import { type BusyInterval, type BusyTimesRefusal, busyTimesFromICalendar } from "./calendar-busy-times";

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

export type CalendarReadRefusal = SafeFetchRefusal | BusyTimesRefusal;

export const CALENDAR_READ_DEFAULTS = { timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024 };

/** Reads the calendar at `url` (`webcal:` or `https:`): its busy times, "not modified", or why not. */
export async function readCalendarBusyTimes(
  url: string,
  options: CalendarReadOptions,
): Promise<Result<CalendarRead, CalendarReadRefusal, SafeFetchDetail>> {
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
  const parsed = busyTimesFromICalendar(answer.body.toString("utf8"), options.horizon);
  if (!parsed.ok) return refused(parsed.reason);
  return succeeded({
    status: "read" as const,
    ...parsed.value,
    etag: answer.etag,
    lastModified: answer.lastModified,
  });
}
