// Reading her calendars and storing their busy times (decision 53): every few minutes by the job, and
// one calendar at once when she presses "Aggiorna ora". No connection is held while a calendar is
// fetched and read: the store is one short transaction afterwards.

import type { Logger } from "pino";
import type { CalendarSource } from "./schema";
import type { ScheduledJob } from "~/core/jobs/scheduler.server";
import type { BookingSettingsRepository } from "./booking-settings.server";
import { type CalendarReadOptions, readCalendarBusyTimes } from "./calendar-reading.server";
import { type CalendarReadOutcome, type CalendarSourceRepository, readHorizon } from "./calendar-sources.server";

export interface CalendarRefreshDeps {
  calendarSources: CalendarSourceRepository;
  bookingSettings: Pick<BookingSettingsRepository, "get">;
  /** CALENDAR_FETCH_ALLOW_PRIVATE: private addresses and plain http allowed. */
  allowPrivate: boolean;
  /** Tests: a shorter deadline, a smaller cap. */
  readLimits?: Pick<CalendarReadOptions, "timeoutMs" | "maxBytes" | "worker">;
}

/** Every ten minutes, and at start. */
export const CALENDAR_REFRESH_EVERY_MS = 10 * 60_000;

/**
 * Reads one calendar and stores what came of it. A conditional request (its ETag/Last-Modified) only
 * while its stored busy times reach the horizon's end: once a new day enters the horizon the whole
 * calendar is read again, or its recurring events would be missing there.
 */
export async function refreshCalendarSource(
  deps: CalendarRefreshDeps,
  source: CalendarSource,
  horizonDays: number,
  now = new Date(),
  signal?: AbortSignal,
): Promise<CalendarReadOutcome> {
  const horizon = readHorizon(horizonDays, now);
  const current = source.readUntil !== null && source.readUntil.getTime() >= horizon.to.getTime();
  const read = await readCalendarBusyTimes(source.url, {
    horizon,
    allowPrivate: deps.allowPrivate,
    etag: current ? source.etag : null,
    lastModified: current ? source.lastModified : null,
    ...deps.readLimits,
    signal,
  });
  const outcome: CalendarReadOutcome = !read.ok
    ? {
        status: "failed",
        reason: read.reason,
        httpStatus: read.detail?.status ?? null,
        eventAt: read.detail?.eventAt ?? null,
      }
    : read.value.status === "not_modified"
      ? { status: "not_modified" }
      : {
          status: "read",
          busy: read.value.busy,
          etag: read.value.etag,
          lastModified: read.value.lastModified,
          readUntil: horizon.to,
        };
  // Not read because others were being read: nothing learnt about this calendar, nothing recorded.
  if (outcome.status !== "failed" || outcome.reason !== "busy")
    await deps.calendarSources.record(source.id, outcome, now);
  return outcome;
}

/**
 * Every calendar read once, one after the other, but those waiting after a failure (until their
 * `nextReadAt`: not at every start either); the busy times over deleted.
 */
export async function refreshCalendarSources(
  deps: CalendarRefreshDeps,
  now = new Date(),
  signal?: AbortSignal,
): Promise<{
  read: number;
  unchanged: number;
  failed: Array<{ id: string; reason: string }>;
  waiting: number;
  deleted: number;
}> {
  const deleted = await deps.calendarSources.deletePast(now);
  const [sources, settings] = await Promise.all([deps.calendarSources.list(), deps.bookingSettings.get()]);
  const due = sources.filter((source) => source.nextReadAt === null || source.nextReadAt.getTime() <= now.getTime());
  const failed: Array<{ id: string; reason: string }> = [];
  const tally = { read: 0, unchanged: 0, failed, waiting: sources.length - due.length, deleted };
  for (const source of due) {
    if (signal?.aborted) break;
    const outcome = await refreshCalendarSource(deps, source, settings.horizonDays, now, signal);
    if (outcome.status === "read") tally.read++;
    else if (outcome.status === "not_modified") tally.unchanged++;
    else tally.failed.push({ id: source.id, reason: outcome.reason });
  }
  return tally;
}

/** The job of the one scheduler (server/jobs.ts): her calendars read every ten minutes and at start. */
export function calendarSourceJobs(deps: CalendarRefreshDeps & { logger: Logger }): ScheduledJob[] {
  return [
    {
      name: "booking-calendar-sources",
      schedule: { everyMs: CALENDAR_REFRESH_EVERY_MS },
      atStart: true,
      // Ten calendars of 15 s of fetching at most each, and their reading (10 s of busy time each at
      // most, 60 s on a starved machine): past it the read under way is stopped, recorded as a timeout.
      timeoutMs: 5 * 60_000,
      async run({ signal, logger }) {
        const tally = await refreshCalendarSources(deps, new Date(), signal);
        // Ids and reason codes only: a calendar's address is a secret.
        if (tally.failed.length) logger.warn({ failed: tally.failed }, "some calendars could not be read");
        if (tally.read || tally.deleted) logger.info(tally, "calendars read");
        if (tally.waiting)
          logger.info({ waiting: tally.waiting }, "calendars waiting to be read again after a failure");
      },
    },
  ];
}
