import { and, eq, gt, isNull, lt, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { appointments } from "./schema";
import type { Executor } from "~/core/db/database.server";
import { type AlsoWrite, type Announce, type AppointmentRecord, recordColumns } from "./appointment-records.server";
import { readBookingSettings } from "./booking-settings.server";

/** What the scheduled jobs and her after-visit actions mark: reminders, review invitations, no-shows, expiry. */
export function appointmentMarks(db: Db, announce: Announce) {
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

  return {
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
  };
}
