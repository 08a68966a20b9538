import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, getTableColumns, gt, gte, inArray, isNull, lt, lte, ne, type SQL, sql } from "drizzle-orm";
import { type AppointmentStatus, timeHoldingStatuses } from "~/core/db/booking-values";
import type { Db } from "~/core/db/database.server";
import { type Appointment, appointments, timeOff, type VisitType, visitTypes } from "~/core/db/schema";
import type { EventBus } from "~/core/events/event-bus.server";
import { changeAnnouncer, type OnChangeError } from "~/core/events/publish-change.server";
import { addDays, romeDate } from "~/core/format/rome-clock";
import type { Executor } from "~/core/mail/outbox.server";
import { type AvailabilityInput, isFreeStart, type WeeklyHours } from "./availability";
import { readBookingSettings } from "./booking-settings.server";
import { BOOKING_MESSAGES } from "./messages";

/** 32 random bytes, base64url: 256 bits, 43 characters (as the review invitations' tokens). */
const TOKEN_BYTES = 32;
const tokenShape = /^[A-Za-z0-9_-]{43}$/;
const MINUTE = 60_000;

/** Only the SHA-256 of a patient's link token is stored: the table alone opens no booking. */
export function hashManageToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** An appointment as the code passes it around: never its token's hash. */
export type AppointmentRecord = Omit<Appointment, "manageTokenHash">;

/** With its visit type's name, for the agenda. */
export interface AgendaEntry extends AppointmentRecord {
  visitTypeName: string;
}

export interface BookingRequest {
  visitTypeId: string;
  /** The studio's key, or null for an online visit. */
  studioKey: string | null;
  startsAt: Date;
  patient: { name: string; email: string; phone: string };
  note: string | null;
}

/** Why a booking was refused: the time was taken meanwhile, is not one offered, or the visit type is not offered there. */
export type BookingRefusal = "taken" | "unavailable" | "visit_type_unavailable";

export type BookingResult =
  | { ok: true; appointment: AppointmentRecord; manageToken: string }
  | { ok: false; reason: BookingRefusal; message: string };

/** Why a patient's link cannot change the booking: unknown link, no longer active, or past the cancellation limit. */
export type PatientChangeRefusal = "unknown" | "inactive" | "too_late";

export type PatientCancelResult =
  | { ok: true; appointment: AppointmentRecord }
  | { ok: false; reason: PatientChangeRefusal; message: string };

export type PatientMoveResult =
  | { ok: true; appointment: AppointmentRecord; previous: AppointmentRecord }
  | { ok: false; reason: PatientChangeRefusal | BookingRefusal; message: string };

/** Writes that belong with a change, in its transaction (e.g. the e-mail in the outbox). */
export type AlsoWrite = (appointment: AppointmentRecord, tx: Executor) => Promise<void>;

/** For a new booking: also gets the link's token (its e-mail carries it; only the hash is stored). */
export type BookingWrite = (appointment: AppointmentRecord, tx: Executor, manageToken: string) => Promise<void>;

const { manageTokenHash: _hash, ...recordColumns } = getTableColumns(appointments);

/** Whether drizzle's error wraps PostgreSQL's exclusion violation (23P01) of the no-overlap constraint. */
function isOverlap(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: string };
    if (code) return code === "23P01";
  }
  return false;
}

function offeredAt(type: VisitType, studioKey: string | null): boolean {
  return type.active && (studioKey === null ? type.online : type.studioKeys.includes(studioKey));
}

const refusalMessages: Record<BookingRefusal | PatientChangeRefusal, string> = {
  taken: BOOKING_MESSAGES.taken,
  unavailable: BOOKING_MESSAGES.unavailable,
  visit_type_unavailable: BOOKING_MESSAGES.visitTypeUnavailable,
  unknown: BOOKING_MESSAGES.linkInvalid,
  inactive: BOOKING_MESSAGES.inactive,
  too_late: BOOKING_MESSAGES.tooLate,
};
const refusal = <R extends BookingRefusal | PatientChangeRefusal>(reason: R) => ({
  ok: false as const,
  reason,
  message: refusalMessages[reason],
});

const holdsTime = (status: AppointmentStatus) => (timeHoldingStatuses as readonly string[]).includes(status);

/**
 * The appointments: every query and transaction of the appointments table (reading the visit types,
 * settings and time off it depends on), each change announced on the bus once committed. No two
 * appointments holding their time overlap: the database refuses it (appointments_no_overlap).
 */
export function createAppointmentRepository(db: Db, bus: Pick<EventBus, "publish">, onError: OnChangeError = () => {}) {
  const announceChange = changeAnnouncer(bus, onError, "announcing an appointment change failed");
  const announce = (action: "insert" | "update" | "delete", id: string) =>
    announceChange({ table: "booking", action, id });

  /**
   * One conditional update that marks the appointments `where` selects, with what `alsoWrite` adds
   * for each in the same transaction (two runs at once mark, and write, once); each one announced.
   * In the caller's transaction when one is given (a job's, under its lock).
   */
  async function markWith(
    set: Partial<typeof appointments.$inferInsert>,
    where: SQL | undefined,
    alsoWrite?: AlsoWrite,
    executor?: Executor,
  ): Promise<AppointmentRecord[]> {
    const mark = async (tx: Executor) => {
      const rows = await tx.update(appointments).set(set).where(where).returning(recordColumns);
      for (const row of rows) await alsoWrite?.(row, tx);
      return rows;
    };
    const marked = await (executor ? mark(executor) : db.transaction(mark));
    for (const row of marked) await announce("update", row.id);
    return marked;
  }

  /** What the free times of a visit type depend on, as the database holds them at `now`. */
  async function availabilityInput(
    executor: Pick<Executor, "select">,
    type: VisitType,
    hours: WeeklyHours,
    now: Date,
    /** An appointment being moved: its own time does not count as taken. */
    exceptId?: string,
  ): Promise<AvailabilityInput> {
    const settings = await readBookingSettings(executor);
    const today = romeDate(now.getTime());
    // A day past the horizon's last: its appointments' buffers may reach back into it.
    const until = new Date(Date.parse(`${addDays(today, settings.horizonDays + 1)}T00:00:00Z`));
    const [offDays, taken] = await Promise.all([
      executor
        .select({ startsOn: timeOff.startsOn, endsOn: timeOff.endsOn })
        .from(timeOff)
        .where(gte(timeOff.endsOn, today)),
      executor
        .select({ startsAt: appointments.startsAt, blockedUntil: appointments.blockedUntil })
        .from(appointments)
        .where(
          and(
            inArray(appointments.status, timeHoldingStatuses),
            gt(appointments.blockedUntil, now),
            lt(appointments.startsAt, until),
            exceptId ? ne(appointments.id, exceptId) : undefined,
          ),
        ),
    ]);
    return {
      hours,
      durationMinutes: type.durationMinutes,
      bufferMinutes: settings.bufferMinutes,
      minimumNoticeMinutes: settings.minimumNoticeHours * 60,
      horizonDays: settings.horizonDays,
      timeOff: offDays,
      taken,
      now,
    };
  }

  /**
   * The times to write for a visit of `type` starting at `startsAt`, if that is one of the free
   * times; otherwise throws Refused ("unavailable" when it never was one, "taken" when it is held).
   */
  async function checkedTimes(
    tx: Pick<Executor, "select">,
    type: VisitType,
    startsAt: Date,
    hours: WeeklyHours,
    now: Date,
    exceptId?: string,
  ) {
    const input = await availabilityInput(tx, type, hours, now, exceptId);
    if (!isFreeStart({ ...input, taken: [] }, startsAt)) throw new Refused("unavailable");
    if (!isFreeStart(input, startsAt)) throw new Refused("taken");
    const endsAt = new Date(startsAt.getTime() + type.durationMinutes * MINUTE);
    return { startsAt, endsAt, blockedUntil: new Date(endsAt.getTime() + input.bufferMinutes * MINUTE) };
  }

  /** Whether the patient may still change an appointment starting at `startsAt`: before the cancellation limit. */
  async function beforeLimit(tx: Pick<Executor, "select">, startsAt: Date, now: Date): Promise<boolean> {
    const { cancellationLimitHours } = await readBookingSettings(tx);
    return startsAt.getTime() > now.getTime() + cancellationLimitHours * 60 * MINUTE;
  }

  /** Inserts a booking with a new link token; throws PostgreSQL's 23P01 if its time overlaps one held. */
  async function insertBooking(
    tx: Executor,
    type: VisitType,
    request: BookingRequest,
    times: { startsAt: Date; endsAt: Date; blockedUntil: Date },
    status: AppointmentStatus,
    alsoWrite?: BookingWrite,
  ): Promise<{ appointment: AppointmentRecord; manageToken: string }> {
    const manageToken = randomBytes(TOKEN_BYTES).toString("base64url");
    const [row] = await tx
      .insert(appointments)
      .values({
        visitTypeId: type.id,
        studioKey: request.studioKey,
        online: request.studioKey === null,
        ...times,
        status,
        patientName: request.patient.name,
        patientEmail: request.patient.email,
        patientPhone: request.patient.phone,
        note: request.note,
        manageTokenHash: hashManageToken(manageToken),
      })
      .returning(recordColumns);
    await alsoWrite?.(row!, tx, manageToken);
    return { appointment: row!, manageToken };
  }

  /**
   * A transaction that writes held times, one at a time (a transaction-scoped advisory lock): two
   * inserts of overlapping ranges would otherwise each wait on the other's row while checking the
   * exclusion constraint, a deadlock PostgreSQL breaks only after its deadlock_timeout (1 s) — 20
   * patients at once then took seconds, or tens of them on a busy machine. The constraint remains the
   * guarantee against overlaps; the lock only orders the writers, each a few milliseconds.
   */
  function writingHeldTimes<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('booking:held-times', 0))`);
      return work(tx);
    });
  }

  /**
   * A new booking written by `write` among the held times, then announced: a refusal it throws, or a
   * time another booking committed first (the exclusion constraint), comes back as the refusal.
   */
  async function insertingBooking(
    write: (tx: Executor) => Promise<{ appointment: AppointmentRecord; manageToken: string }>,
  ): Promise<BookingResult> {
    let booked: { appointment: AppointmentRecord; manageToken: string };
    try {
      booked = await writingHeldTimes(write);
    } catch (error) {
      if (error instanceof Refused) return refusal(error.reason as BookingRefusal);
      if (isOverlap(error)) return refusal("taken");
      throw error;
    }
    await announce("insert", booked.appointment.id);
    return { ok: true, ...booked };
  }

  async function findType(executor: Pick<Executor, "select">, id: string): Promise<VisitType | undefined> {
    const [type] = await executor.select().from(visitTypes).where(eq(visitTypes.id, id));
    return type;
  }

  /** Moves an appointment from one of the statuses `from` to `to`; undefined when it is in none of them (or does not exist). */
  async function changeStatus(
    id: string,
    from: readonly AppointmentStatus[],
    to: AppointmentStatus,
    alsoWrite?: AlsoWrite,
  ): Promise<AppointmentRecord | undefined> {
    const moved = await writingHeldTimes(async (tx) => {
      const [row] = await tx
        .update(appointments)
        .set({ status: to })
        .where(and(eq(appointments.id, id), inArray(appointments.status, from)))
        .returning(recordColumns);
      if (row) await alsoWrite?.(row, tx);
      return row;
    });
    if (moved) await announce("update", id);
    return moved;
  }

  async function get(id: string): Promise<AppointmentRecord | undefined> {
    const [row] = await db.select(recordColumns).from(appointments).where(eq(appointments.id, id));
    return row;
  }

  /** The appointment a patient's link opens; undefined for a token of another shape or unknown. */
  async function findByManageToken(token: string): Promise<AppointmentRecord | undefined> {
    if (!tokenShape.test(token)) return undefined;
    const [row] = await db
      .select(recordColumns)
      .from(appointments)
      .where(eq(appointments.manageTokenHash, hashManageToken(token)));
    return row;
  }

  return {
    get,
    findByManageToken,

    /**
     * The input of the free times of a visit type at a place (a studio's key, or null for online),
     * whose opening hours the caller gives; undefined when the type is not offered there.
     */
    async availability(
      visitTypeId: string,
      studioKey: string | null,
      hours: WeeklyHours,
      now = new Date(),
    ): Promise<AvailabilityInput | undefined> {
      const type = await findType(db, visitTypeId);
      if (!type || !offeredAt(type, studioKey)) return undefined;
      return availabilityInput(db, type, hours, now);
    },

    /**
     * Books a time for a patient, in one transaction with whatever `alsoWrite` adds: the time is
     * checked against the free times again, whatever the page offered, and the exclusion constraint
     * refuses it if another booking of an overlapping time committed first. Confirmed at once or
     * pending, as the visit type says. The link token is returned once; only its hash is stored.
     */
    async book(
      request: BookingRequest,
      context: { hours: WeeklyHours; now?: Date },
      alsoWrite?: BookingWrite,
    ): Promise<BookingResult> {
      const now = context.now ?? new Date();
      return insertingBooking(async (tx) => {
        const type = await findType(tx, request.visitTypeId);
        if (!type || !offeredAt(type, request.studioKey)) throw new Refused("visit_type_unavailable");
        const times = await checkedTimes(tx, type, request.startsAt, context.hours, now);
        const status = type.confirmation === "immediate" ? "confirmed" : "pending";
        return insertBooking(tx, type, request, times, status, alsoWrite);
      });
    },

    /**
     * She adds a visit herself (a booking by phone): confirmed, at any time she chooses, in or out of
     * the opening hours; only a time already held is refused (the exclusion constraint). Any visit
     * type, offered online or at any studio or not: she knows what she agreed.
     */
    async bookByPractitioner(request: BookingRequest, alsoWrite?: BookingWrite): Promise<BookingResult> {
      return insertingBooking(async (tx) => {
        const type = await findType(tx, request.visitTypeId);
        if (!type) throw new Refused("visit_type_unavailable");
        const { bufferMinutes } = await readBookingSettings(tx);
        const endsAt = new Date(request.startsAt.getTime() + type.durationMinutes * MINUTE);
        const blockedUntil = new Date(endsAt.getTime() + bufferMinutes * MINUTE);
        const times = { startsAt: request.startsAt, endsAt, blockedUntil };
        return insertBooking(tx, type, request, times, "confirmed", alsoWrite);
      });
    },

    /** She confirms a request. */
    confirm: (id: string, alsoWrite?: AlsoWrite) => changeStatus(id, ["pending"], "confirmed", alsoWrite),
    /** She declines a request: its time is free again. */
    decline: (id: string, alsoWrite?: AlsoWrite) => changeStatus(id, ["pending"], "declined", alsoWrite),
    /** She cancels a request or a confirmed visit: its time is free again. */
    cancel: (id: string, alsoWrite?: AlsoWrite) => changeStatus(id, timeHoldingStatuses, "cancelled", alsoWrite),

    /**
     * She moves a visit to the time she chooses (agreed with the patient), in or out of the opening
     * hours; only a time held by another appointment is refused. Status kept, the buffer now in
     * force, the reminder due again. `alsoWrite` gets the time it had before.
     */
    async moveByPractitioner(
      id: string,
      startsAt: Date,
      alsoWrite?: (appointment: AppointmentRecord, tx: Executor, previous: AppointmentRecord) => Promise<void>,
    ): Promise<
      | { ok: true; appointment: AppointmentRecord; previous: AppointmentRecord }
      | { ok: false; reason: "taken" | "inactive"; message: string }
    > {
      let result: { appointment: AppointmentRecord; previous: AppointmentRecord };
      try {
        result = await writingHeldTimes(async (tx) => {
          const [previous] = await tx
            .select(recordColumns)
            .from(appointments)
            .where(eq(appointments.id, id))
            .for("update");
          if (!previous || !holdsTime(previous.status)) throw new Refused("inactive");
          const { bufferMinutes } = await readBookingSettings(tx);
          const endsAt = new Date(startsAt.getTime() + (previous.endsAt.getTime() - previous.startsAt.getTime()));
          const [row] = await tx
            .update(appointments)
            .set({
              startsAt,
              endsAt,
              blockedUntil: new Date(endsAt.getTime() + bufferMinutes * MINUTE),
              reminderSentAt: null,
            })
            .where(eq(appointments.id, id))
            .returning(recordColumns);
          await alsoWrite?.(row!, tx, previous);
          return { appointment: row!, previous };
        });
      } catch (error) {
        if (error instanceof Refused) return refusal(error.reason as "inactive");
        if (isOverlap(error)) return refusal("taken");
        throw error;
      }
      await announce("update", id);
      return { ok: true, ...result };
    },

    /**
     * Marks the confirmed visits whose reminder is due as reminded, in one transaction with what
     * `alsoWrite` adds for each (the reminder in the outbox), and returns them. Due: the reminder
     * time (the settings', in Italy) on the day before the visit has come, the visit has not begun,
     * and it was booked before that time (a visit booked later has just had its confirmation). Run
     * it every few minutes: a run missed catches up until the visit; two runs at once remind once.
     * In the caller's transaction when `executor` is one.
     */
    async claimDueReminders(now: Date, alsoWrite?: AlsoWrite, executor?: Executor): Promise<AppointmentRecord[]> {
      const { reminderTime } = await readBookingSettings(executor ?? db);
      const remindAt = sql`((date_trunc('day', ${appointments.startsAt} at time zone 'Europe/Rome') - interval '1 day' + ${reminderTime}::time) at time zone 'Europe/Rome')`;
      return markWith(
        { reminderSentAt: now },
        and(
          eq(appointments.status, "confirmed"),
          isNull(appointments.reminderSentAt),
          gt(appointments.startsAt, now),
          // The reminder falls at most two days before: a bound the starts_at index serves.
          lt(appointments.startsAt, new Date(now.getTime() + 2 * 86_400_000)),
          lte(remindAt, now),
          lt(appointments.createdAt, remindAt),
        ),
        alsoWrite,
        executor,
      );
    },

    /**
     * She invites the patient of a visit that took place (confirmed, ended) to review it: marked in
     * one conditional update with `alsoWrite` (the invitation and its e-mail) in its transaction, so
     * two presses send one. Undefined when it is not such a visit or was invited already.
     */
    async inviteToReview(id: string, now: Date, alsoWrite: AlsoWrite): Promise<AppointmentRecord | undefined> {
      const [marked] = await markWith(
        { reviewInvitedAt: now },
        and(
          eq(appointments.id, id),
          eq(appointments.status, "confirmed"),
          isNull(appointments.reviewInvitedAt),
          lte(appointments.endsAt, now),
        ),
        alsoWrite,
      );
      return marked;
    },

    /**
     * With the setting on, the visits that took place whose invitation is due: from 10:00 in Italy
     * the day after the visit, until the end of the second day after it (a run missed catches up;
     * visits from before she turned it on are not reached back for). Marked in one transaction with
     * the invitations and their e-mails, so two runs at once invite once. Missed or cancelled
     * visits are never invited (their status is not confirmed).
     */
    async claimDueReviewInvites(now: Date, alsoWrite: AlsoWrite, executor?: Executor): Promise<AppointmentRecord[]> {
      if (!(await readBookingSettings(executor ?? db)).reviewInviteNextDay) return [];
      const visitDay = sql`date_trunc('day', ${appointments.startsAt} at time zone 'Europe/Rome')`;
      return markWith(
        { reviewInvitedAt: now },
        and(
          eq(appointments.status, "confirmed"),
          isNull(appointments.reviewInvitedAt),
          lte(appointments.endsAt, now),
          // Three days back at most: a bound the starts_at index serves.
          gt(appointments.startsAt, new Date(now.getTime() - 4 * 86_400_000)),
          lte(sql`((${visitDay} + interval '1 day 10 hours') at time zone 'Europe/Rome')`, now),
          gt(sql`((${visitDay} + interval '3 days') at time zone 'Europe/Rome')`, now),
        ),
        alsoWrite,
        executor,
      );
    },

    /** She marks a confirmed visit that has begun as missed ("non si è presentato"); undefined otherwise. */
    async markNoShow(id: string, now = new Date()): Promise<AppointmentRecord | undefined> {
      const [row] = await db
        .update(appointments)
        .set({ status: "no_show" })
        .where(and(eq(appointments.id, id), eq(appointments.status, "confirmed"), lte(appointments.startsAt, now)))
        .returning(recordColumns);
      if (row) await announce("update", id);
      return row;
    },

    /**
     * Deletes the appointments that ended longer ago than the retention period (the settings'
     * months), for the daily job; returns how many. Not announced: no page shows them any more.
     */
    async deleteExpired(now = new Date(), executor: Pick<Db, "delete" | "select"> = db): Promise<number> {
      const { retentionMonths } = await readBookingSettings(executor);
      const deleted = await executor
        .delete(appointments)
        .where(
          lt(appointments.endsAt, sql`${now.toISOString()}::timestamptz - make_interval(months => ${retentionMonths})`),
        )
        .returning({ id: appointments.id });
      return deleted.length;
    },

    /**
     * The patient cancels by link, up to the cancellation limit before the visit (the settings'
     * hours); after it the visit stays and the answer says to call the studio.
     */
    async cancelByPatient(token: string, now = new Date(), alsoWrite?: AlsoWrite): Promise<PatientCancelResult> {
      const found = await findByManageToken(token);
      if (!found) return refusal("unknown");
      let cancelled: AppointmentRecord;
      try {
        cancelled = await db.transaction(async (tx) => {
          const [current] = await tx
            .select(recordColumns)
            .from(appointments)
            .where(eq(appointments.id, found.id))
            .for("update");
          if (!current || !holdsTime(current.status)) throw new Refused("inactive");
          if (!(await beforeLimit(tx, current.startsAt, now))) throw new Refused("too_late");
          const [row] = await tx
            .update(appointments)
            .set({ status: "cancelled" })
            .where(eq(appointments.id, found.id))
            .returning(recordColumns);
          await alsoWrite?.(row!, tx);
          return row!;
        });
      } catch (error) {
        if (error instanceof Refused) return refusal(error.reason as PatientChangeRefusal);
        throw error;
      }
      await announce("update", cancelled.id);
      return { ok: true, appointment: cancelled };
    },

    /**
     * The patient moves her visit by link to another free time, up to the cancellation limit: the
     * same checks as a booking (its own old time not counting as taken), the same row and link, the
     * buffer now in force, confirmed or a request again as the visit type says, the reminder to be
     * sent again. `alsoWrite` gets the time it had before, for the e-mails.
     */
    async moveByPatient(
      token: string,
      startsAt: Date,
      context: { hours: WeeklyHours; now?: Date },
      alsoWrite?: (appointment: AppointmentRecord, tx: Executor, previous: AppointmentRecord) => Promise<void>,
    ): Promise<PatientMoveResult> {
      const now = context.now ?? new Date();
      const found = await findByManageToken(token);
      if (!found) return refusal("unknown");
      let result: { appointment: AppointmentRecord; previous: AppointmentRecord };
      try {
        result = await writingHeldTimes(async (tx) => {
          const [previous] = await tx
            .select(recordColumns)
            .from(appointments)
            .where(eq(appointments.id, found.id))
            .for("update");
          if (!previous || !holdsTime(previous.status)) throw new Refused("inactive");
          if (!(await beforeLimit(tx, previous.startsAt, now))) throw new Refused("too_late");
          const type = await findType(tx, previous.visitTypeId);
          if (!type || !offeredAt(type, previous.studioKey)) throw new Refused("visit_type_unavailable");
          const [row] = await tx
            .update(appointments)
            .set({
              ...(await checkedTimes(tx, type, startsAt, context.hours, now, previous.id)),
              status: type.confirmation === "immediate" ? "confirmed" : "pending",
              reminderSentAt: null,
            })
            .where(eq(appointments.id, previous.id))
            .returning(recordColumns);
          await alsoWrite?.(row!, tx, previous);
          return { appointment: row!, previous };
        });
      } catch (error) {
        if (error instanceof Refused) return refusal(error.reason);
        if (isOverlap(error)) return refusal("taken");
        throw error;
      }
      await announce("update", result.appointment.id);
      return { ok: true, ...result };
    },

    /**
     * Runs `work` only while no other instance runs the job `name` (a transaction-scoped advisory
     * lock, released at its end); undefined when another holds it. The transaction holds a pooled
     * connection: `work` reads and writes through it alone (what it needs besides, read before).
     */
    async withJobLock<T>(
      name: string,
      work: (tx: Executor & Pick<Db, "delete">) => Promise<T>,
    ): Promise<T | undefined> {
      return db.transaction(async (tx) => {
        const result = await tx.execute(
          sql`select pg_try_advisory_xact_lock(hashtextextended(${`booking:${name}`}, 0)) as locked`,
        );
        // Both drivers answer raw SQL with { rows }.
        if (!(result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return undefined;
        return work(tx);
      });
    },

    /** The requests waiting for her answer whose time has not passed: the panel's count. */
    async countPending(now = new Date()): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(appointments)
        .where(and(eq(appointments.status, "pending"), gt(appointments.startsAt, now)));
      return row?.n ?? 0;
    },

    /**
     * The agenda: appointments starting from `from` (and before `until`, when given), earliest first,
     * with their visit type's name; by default those that hold their time (requests and confirmed).
     */
    listUpcoming(
      from: Date,
      options: { until?: Date; statuses?: readonly AppointmentStatus[] } = {},
    ): Promise<AgendaEntry[]> {
      return db
        .select({ ...recordColumns, visitTypeName: visitTypes.name })
        .from(appointments)
        .innerJoin(visitTypes, eq(visitTypes.id, appointments.visitTypeId))
        .where(
          and(
            gte(appointments.startsAt, from),
            options.until ? lt(appointments.startsAt, options.until) : undefined,
            inArray(appointments.status, options.statuses ?? timeHoldingStatuses),
          ),
        )
        .orderBy(asc(appointments.startsAt));
    },
  };
}

/** Thrown inside a transaction to roll it back with the reason of the refusal. */
class Refused extends Error {
  // A plain field, not a parameter property: scripts load this module with Node's type stripping.
  readonly reason: BookingRefusal | PatientChangeRefusal;
  constructor(reason: BookingRefusal | PatientChangeRefusal) {
    super(reason);
    this.reason = reason;
  }
}

export type AppointmentRepository = ReturnType<typeof createAppointmentRepository>;
