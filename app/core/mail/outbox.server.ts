import { and, asc, count, desc, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Executor } from "~/core/db/database.server";
import { type MailAttachment, mailOutbox, type OutboxMail } from "~/core/db/schema";
import { rowsOf } from "~/core/db/rows";

export interface MailMessage {
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** Small text files sent with it (e.g. a calendar file). */
  attachments?: MailAttachment[];
  /** Where a reply goes, when not to the sender. */
  replyTo?: string | null;
  /** Extra header lines, e.g. a mailing list's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string> | null;
}

/** How long a claimed message is reserved for the worker that claimed it: longer than the SMTP timeouts add up to. */
const MAIL_LEASE_MS = 60 * 1000;
/** Attempts before a message is given up (about a day with the backoff below). */
const MAIL_MAX_ATTEMPTS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How long a message's copy stays in the outbox: a sent one is in its recipient's mailbox (the copy
 * holds patients' names, contacts and visit times, and contact messages, for nothing); one given up
 * stays long enough for the admin's warning and a look at why. The privacy page states both.
 */
export const OUTBOX_KEEP_SENT_DAYS = 30;
export const OUTBOX_KEEP_GIVEN_UP_DAYS = 90;

/** 15 s, 30 s, 1 min, 2 min… capped at one hour. */
function retryDelayMs(attempts: number): number {
  return Math.min(15_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

export function createMailOutbox(
  db: Db,
  options: { retryDelayMs?: (attempts: number) => number; leaseMs?: number } = {},
) {
  const delayAfter = options.retryDelayMs ?? retryDelayMs;
  const defaultLeaseMs = options.leaseMs ?? MAIL_LEASE_MS;
  return {
    /**
     * Queues a message. Pass the transaction that writes what the message
     * announces: both are saved, or neither.
     */
    async enqueue(message: MailMessage, executor: Executor = db): Promise<string> {
      const [row] = await executor.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
      return row!.id;
    },

    /**
     * Reserves up to `limit` due messages for this worker. Rows another worker
     * holds are skipped, not waited for; a reservation runs out after the lease,
     * so a message claimed by a process that died is tried again later.
     */
    async claimDue(limit: number, leaseMs = defaultLeaseMs): Promise<OutboxMail[]> {
      const result = await db.execute(sql`
        update ${mailOutbox}
        set attempts = attempts + 1,
            run_after = now() + make_interval(secs => ${leaseMs / 1000})
        where id in (
          select id from ${mailOutbox}
          where sent_at is null and failed_at is null and run_after <= now()
          order by run_after
          limit ${limit}
          for update skip locked
        )
        returning id`);
      const ids = rowsOf<{ id: string }>(result).map((row) => row.id);
      if (ids.length === 0) return [];
      return db
        .select()
        .from(mailOutbox)
        .where(
          sql`${mailOutbox.id} in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        )
        .orderBy(asc(mailOutbox.createdAt));
    },

    async markSent(id: string): Promise<void> {
      await db.update(mailOutbox).set({ sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, id));
    },

    /** A failed attempt: tried again after the backoff, or given up when `permanent` or out of attempts. */
    async markFailed(mail: Pick<OutboxMail, "id" | "attempts">, error: string, permanent = false): Promise<void> {
      const giveUp = permanent || mail.attempts >= MAIL_MAX_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          lastError: error.slice(0, 500),
          ...(giveUp ? { failedAt: new Date() } : { runAfter: new Date(Date.now() + delayAfter(mail.attempts)) }),
        })
        .where(eq(mailOutbox.id, mail.id));
    },

    /** Deletes the copies kept long enough (see above); returns how many. Messages still waiting are never deleted. */
    async purgeOld(now = new Date()): Promise<number> {
      const deleted = await db
        .delete(mailOutbox)
        .where(
          or(
            lt(mailOutbox.sentAt, new Date(now.getTime() - OUTBOX_KEEP_SENT_DAYS * DAY_MS)),
            lt(mailOutbox.failedAt, new Date(now.getTime() - OUTBOX_KEEP_GIVEN_UP_DAYS * DAY_MS)),
          ),
        )
        .returning({ id: mailOutbox.id });
      return deleted.length;
    },

    /** Counts for the admin: waiting, given up, and the newest given-up message's error. */
    async status(): Promise<{ waiting: number; failed: number; lastError: string | null }> {
      const [waiting] = await db
        .select({ n: count() })
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)));
      const [failed] = await db.select({ n: count() }).from(mailOutbox).where(isNotNull(mailOutbox.failedAt));
      const [last] = await db
        .select({ lastError: mailOutbox.lastError })
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), isNotNull(mailOutbox.lastError)))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(1);
      return { waiting: waiting?.n ?? 0, failed: failed?.n ?? 0, lastError: last?.lastError ?? null };
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
