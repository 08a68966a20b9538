// Her other calendars (decision 53): every query of calendar_sources and calendar_busy_intervals, the
// read of one calendar stored (its busy times replaced whole, in one transaction), and the busy times
// the free times of a place leave out. The address is a secret: it never reaches a log or a page.

import { and, asc, count, eq, exists, gt, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { type CalendarReadFailure, calendarSourceLimits } from "./calendar-source-values";
import type { Db, Executor } from "~/core/db/database.server";
import { appointments, type CalendarSource, calendarBusyIntervals, calendarSources } from "./schema";
import type { EventBus } from "~/core/events/event-bus.server";
import { changeAnnouncer, type OnChangeError } from "~/core/events/publish-change.server";
import { addDays, romeDate, romeInstant } from "~/core/format/rome-clock";
import { type Result, refused, succeeded } from "~/core/result";
import type { TakenTime } from "./availability";
import type { BusyInterval } from "./calendar-busy-times";

export interface CalendarSourceData {
  name: string;
  /** As she gave it (webcal: or https:); read as https. */
  url: string;
  /** The studios it blocks; null: every studio, those added later too. */
  studioKeys: string[] | null;
  blocksOnline: boolean;
}

/** What a read of one calendar came to, for its row. */
export type CalendarReadOutcome =
  | { status: "read"; busy: BusyInterval[]; etag: string | null; lastModified: string | null; readUntil: Date }
  | { status: "not_modified" }
  | { status: "failed"; reason: CalendarReadFailure; httpStatus: number | null; eventAt: Date | null };

/**
 * How long after its `failures`-th failure in a row a calendar waits before the job reads it again:
 * 5 minutes doubled each time, at most 6 hours. Stored on its row, so a server that starts again
 * waits too, and a calendar that stops the reading is not read at every start.
 */
export function retryDelayMs(failures: number): number {
  return Math.min(5 * 60_000 * 2 ** Math.max(failures - 1, 0), 6 * 3_600_000);
}

const b = calendarBusyIntervals;
const s = calendarSources;

/** The sources whose busy times block `studioKey` (null: the online visits). */
const blocksPlace = (studioKey: string | null) =>
  studioKey === null ? eq(s.blocksOnline, true) : or(isNull(s.studioKeys), sql`${studioKey} = any(${s.studioKeys})`);

/**
 * The times she is busy in the calendars that block `studioKey` (null: online), within [from, until):
 * what the free times leave out (availabilityInput).
 */
export function busyTimesAt(
  executor: Pick<Executor, "select">,
  studioKey: string | null,
  from: Date,
  until: Date,
): Promise<TakenTime[]> {
  return executor
    .select({ startsAt: b.startsAt, blockedUntil: b.endsAt })
    .from(b)
    .innerJoin(s, eq(s.id, b.sourceId))
    .where(and(gt(b.endsAt, from), lt(b.startsAt, until), blocksPlace(studioKey)));
}

/**
 * The instants a read keeps busy times within: from today's start in Italy to the end of the day
 * after the booking horizon's last (the free times' own bound).
 */
export function readHorizon(horizonDays: number, now: Date): { from: Date; to: Date } {
  const today = romeDate(now.getTime());
  return {
    from: new Date(romeInstant(today, 0)),
    to: new Date(romeInstant(addDays(today, horizonDays + 1), 0)),
  };
}

/** Her calendars: added, removed, each read stored; every change announced under "booking" (free times change). */
export function createCalendarSourceRepository(
  db: Db,
  bus: Pick<EventBus, "publish">,
  onError: OnChangeError = () => {},
) {
  const announceChange = changeAnnouncer(bus, onError, "announcing a calendar source change failed");
  const announce = (action: "insert" | "update" | "delete", id: string) =>
    announceChange({ table: "booking", action, id });

  return {
    /** Every calendar, the first added first. */
    list(): Promise<CalendarSource[]> {
      return db.select().from(s).orderBy(asc(s.createdAt), asc(s.id));
    },

    async find(id: string): Promise<CalendarSource | undefined> {
      const [row] = await db.select().from(s).where(eq(s.id, id));
      return row;
    },

    /** Added unless she has the most calendars allowed already (counted under a lock: two adds at once add one). */
    async add(data: CalendarSourceData): Promise<Result<CalendarSource, "tooMany">> {
      const row = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('booking:calendar-sources', 0))`);
        const [held] = await tx.select({ n: count() }).from(s);
        if ((held?.n ?? 0) >= calendarSourceLimits.count.max) return undefined;
        const [added] = await tx.insert(s).values(data).returning();
        return added;
      });
      if (!row) return refused("tooMany");
      await announce("insert", row.id);
      return succeeded(row);
    },

    /** Removed with its busy times (the foreign key cascades); false when it no longer exists. */
    async remove(id: string): Promise<boolean> {
      const deleted = await db.delete(s).where(eq(s.id, id)).returning({ id: s.id });
      if (deleted.length) await announce("delete", id);
      return deleted.length > 0;
    },

    /**
     * A read's outcome written on its calendar at `now`: busy times replaced whole (one transaction,
     * the row locked first), or the read time alone, or the failure, the busy times known kept.
     * False when the calendar was removed meanwhile.
     */
    async record(id: string, outcome: CalendarReadOutcome, now: Date): Promise<boolean> {
      const done = await db.transaction(async (tx) => {
        const [held] = await tx
          .select({ id: s.id, failures: s.consecutiveFailures })
          .from(s)
          .where(eq(s.id, id))
          .for("update");
        if (!held) return false;
        if (outcome.status === "failed") {
          const failures = held.failures + 1;
          await tx
            .update(s)
            .set({
              lastFailure: outcome.reason,
              lastFailureStatus: outcome.httpStatus,
              lastFailedAt: now,
              lastFailureEventAt: outcome.eventAt,
              consecutiveFailures: Math.min(failures, 1_000),
              nextReadAt: new Date(now.getTime() + retryDelayMs(failures)),
            })
            .where(eq(s.id, id));
          return true;
        }
        const succeededRead = {
          lastReadAt: now,
          lastFailure: null,
          lastFailureStatus: null,
          lastFailedAt: null,
          lastFailureEventAt: null,
          consecutiveFailures: 0,
          nextReadAt: null,
        };
        if (outcome.status === "not_modified") {
          await tx.update(s).set(succeededRead).where(eq(s.id, id));
          return true;
        }
        await tx.delete(b).where(eq(b.sourceId, id));
        if (outcome.busy.length)
          await tx
            .insert(b)
            .values(outcome.busy.map((interval) => ({ sourceId: id, startsAt: interval.start, endsAt: interval.end })));
        await tx
          .update(s)
          .set({
            ...succeededRead,
            etag: outcome.etag,
            lastModified: outcome.lastModified,
            readUntil: outcome.readUntil,
          })
          .where(eq(s.id, id));
        return true;
      });
      // A failure leaves the free times as they were: nothing to announce.
      if (done && outcome.status === "read") await announce("update", id);
      return done;
    },

    /** Busy times over by `now`, of every calendar: no longer of use (privacy page). How many. */
    async deletePast(now: Date): Promise<number> {
      const deleted = await db.delete(b).where(lte(b.endsAt, now)).returning({ id: b.id });
      return deleted.length;
    },

    /** Calendars not read since `since` (never read: added before it): what her to-do counts. */
    async countUnreadSince(since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(s)
        .where(or(lt(s.lastReadAt, since), and(isNull(s.lastReadAt), lt(s.createdAt, since))));
      return row?.n ?? 0;
    },

    /**
     * Of these appointments, those a busy time of a calendar blocking their place overlaps: shown on
     * each in her agenda, never cancelled.
     */
    async overlapping(appointmentIds: readonly string[]): Promise<Set<string>> {
      if (!appointmentIds.length) return new Set();
      const a = appointments;
      const rows = await db
        .select({ id: a.id })
        .from(a)
        .where(
          and(
            inArray(a.id, [...appointmentIds]),
            exists(
              db
                .select({ one: sql`1` })
                .from(b)
                .innerJoin(s, eq(s.id, b.sourceId))
                .where(
                  and(
                    lt(b.startsAt, a.endsAt),
                    gt(b.endsAt, a.startsAt),
                    sql`case when ${a.studioKey} is null then ${s.blocksOnline} else ${s.studioKeys} is null or ${a.studioKey} = any(${s.studioKeys}) end`,
                  ),
                ),
            ),
          ),
        );
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type CalendarSourceRepository = ReturnType<typeof createCalendarSourceRepository>;
