import { asc, eq } from "drizzle-orm";
import { pino } from "pino";
import type { Database } from "~/core/db/database.server";
import { mailOutbox, type OutboxMail } from "~/core/db/schema";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMailer, type Mailer } from "~/core/mail/mailer.server";
import { createMailOutbox } from "~/core/mail/outbox.server";

export interface OutboxReader {
  /** The outbox rows with this subject, oldest first. */
  withSubject(subject: string): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

/**
 * Reads the mail outbox of a server's data directory, whether the server runs or not: the mail
 * tests assert on what the outbox holds (queued, tried, sent) instead of on time passing.
 */
export async function openOutbox(dataDir: string): Promise<OutboxReader> {
  const database = await openSiteDatabase({ dataDir });
  return {
    withSubject: (subject) =>
      database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject)).orderBy(asc(mailOutbox.createdAt)),
    close: () => database.close(),
  };
}

/** What a test checks of an outbox row: where the message stands. */
export function deliveryState(row: OutboxMail) {
  return {
    sent: row.sentAt !== null,
    givenUp: row.failedAt !== null,
    /** At least one attempt was made and failed (the error is kept until a later attempt succeeds). */
    failedAttempt: row.attempts > 0 && row.lastError !== null,
  };
}

/**
 * A mailer with notices on that only queues: its SMTP address has nothing listening and its worker
 * is stopped, so what an action sends stays in the outbox for the test to read.
 */
export async function createQueueOnlyMailer(database: Database): Promise<Mailer> {
  const mailer = createMailer({
    outbox: createMailOutbox(database.db),
    settings: { smtpUrl: "smtp://127.0.0.1:9", from: "sito@example.it", to: undefined },
    fallbackRecipient: "studio@example.it",
    logger: pino({ level: "silent" }),
    pollMs: 60_000,
  });
  await mailer.close();
  return mailer;
}
