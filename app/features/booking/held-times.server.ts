import { and, gt, gte, inArray, lt, ne, sql } from "drizzle-orm";
import { timeHoldingStatuses } from "./booking-values";
import type { Db } from "~/core/db/database.server";
import { appointments, timeOff, type VisitType } from "./schema";
import { addDays, romeDate } from "~/core/format/rome-clock";
import type { Executor } from "~/core/db/database.server";
import { refused } from "~/core/result";
import { type BookingRefusal, MINUTE, type PatientChangeRefusal, Refused } from "./appointment-records.server";
import { type AvailabilityInput, isFreeStart, type WeeklyHours } from "./availability";
import { readBookingSettings } from "./booking-settings.server";
import { busyTimesAt } from "./calendar-sources.server";
import { holidayClosedDays } from "./holidays.server";

/**
 * A transaction that writes held times, one at a time (a transaction-scoped advisory lock): two
 * inserts of overlapping ranges would otherwise each wait on the other's row while checking the
 * exclusion constraint, a deadlock PostgreSQL breaks only after its deadlock_timeout (1 s) — 20
 * patients at once then took seconds, or tens of them on a busy machine. The constraint remains the
 * guarantee against overlaps; the lock only orders the writers, each a few milliseconds.
 */
export function writingHeldTimes<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('booking:held-times', 0))`);
    return work(tx);
  });
}

/** Whether drizzle's error wraps PostgreSQL's exclusion violation (23P01) of the no-overlap constraint. */
function isOverlap(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: string };
    if (code) return code === "23P01";
  }
  return false;
}

/**
 * The refusal a failed write of held times comes back as: the one it threw (Refused), or "taken" when
 * another appointment committed an overlapping time first (the exclusion constraint); else rethrown.
 */
export function refusalOf<R extends BookingRefusal | PatientChangeRefusal>(error: unknown) {
  if (error instanceof Refused) return refused(error.reason as R);
  if (isOverlap(error)) return refused("taken" as R);
  throw error;
}

/** What the free times of a visit type depend on, as the database holds them at `now`. */
export async function availabilityInput(
  executor: Pick<Executor, "select">,
  type: VisitType,
  /** The place: a studio's key, or null for online. Her busy times and closed days may depend on it. */
  studioKey: string | null,
  hours: WeeklyHours,
  now: Date,
  /** An appointment being moved: its own time does not count as taken. */
  exceptId?: string,
): Promise<AvailabilityInput> {
  const settings = await readBookingSettings(executor);
  const today = romeDate(now.getTime());
  // A day past the horizon's last: its appointments' buffers may reach back into it.
  const until = new Date(Date.parse(`${addDays(today, settings.horizonDays + 1)}T00:00:00Z`));
  // One query after another: on a transaction they share one connection, which runs one at a time.
  const offDays = await executor
    .select({ startsOn: timeOff.startsOn, endsOn: timeOff.endsOn })
    .from(timeOff)
    .where(gte(timeOff.endsOn, today));
  const taken = await executor
    .select({ startsAt: appointments.startsAt, blockedUntil: appointments.blockedUntil })
    .from(appointments)
    .where(
      and(
        inArray(appointments.status, timeHoldingStatuses),
        gt(appointments.blockedUntil, now),
        lt(appointments.startsAt, until),
        exceptId ? ne(appointments.id, exceptId) : undefined,
      ),
    );
  // Her other calendars' busy times where they block this place (decision 53).
  const busy = await busyTimesAt(executor, studioKey, now, until);
  // The holidays closed at this place (national, its patron saint), as time off.
  const holidays = await holidayClosedDays(executor, studioKey, today, addDays(today, settings.horizonDays));
  return {
    hours,
    durationMinutes: type.durationMinutes,
    bufferMinutes: settings.bufferMinutes,
    minimumNoticeMinutes: settings.minimumNoticeHours * 60,
    horizonDays: settings.horizonDays,
    timeOff: [...offDays, ...holidays],
    taken,
    busy,
    now,
  };
}

/**
 * The times to write for a visit of `type` starting at `startsAt`, if that is one of the free
 * times; otherwise throws Refused ("unavailable" when it never was one, "taken" when it is held).
 */
export async function checkedTimes(
  tx: Pick<Executor, "select">,
  type: VisitType,
  studioKey: string | null,
  startsAt: Date,
  hours: WeeklyHours,
  now: Date,
  exceptId?: string,
) {
  const input = await availabilityInput(tx, type, studioKey, hours, now, exceptId);
  if (!isFreeStart({ ...input, taken: [] }, startsAt)) throw new Refused("unavailable");
  if (!isFreeStart(input, startsAt)) throw new Refused("taken");
  return timesFrom(startsAt, type.durationMinutes * MINUTE, input.bufferMinutes);
}

/** The times a visit of `durationMs` starting at `startsAt` holds, its buffer after it. */
export function timesFrom(startsAt: Date, durationMs: number, bufferMinutes: number) {
  const endsAt = new Date(startsAt.getTime() + durationMs);
  return { startsAt, endsAt, blockedUntil: new Date(endsAt.getTime() + bufferMinutes * MINUTE) };
}
