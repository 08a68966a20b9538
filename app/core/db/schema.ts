import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

// The tables of the infrastructure every feature uses (outbox, rate limits, live versions, media,
// secrets); each feature declares its own tables in app/features/<name>/schema.ts (decision 81).

/** One stored rendition of an uploaded image (see app/media). */
export interface ImageVariant {
  key: string;
  width: number;
  height: number;
}

/** Every rendition of one uploaded image, smallest first. */
export interface StoredImage {
  width: number;
  height: number;
  /** Every rendition is WebP (app/core/media/image-pipeline.server.ts). */
  format: "webp";
  variants: ImageVariant[];
}

/**
 * Outgoing e-mail, written in the same transaction as what it announces and
 * sent by a worker that claims rows with FOR UPDATE SKIP LOCKED.
 */
/** A small text file sent with an e-mail (e.g. an iCalendar file). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Files sent with it (a calendar file), kept in the row so a retry sends the same message. */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    /** Where a reply goes when not to the sender (a patient's reply reaches the practice). */
    replyTo: text("reply_to"),
    /** Extra header lines (a mailing list's List-Unsubscribe, RFC 8058), sent as they are. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    attempts: integer("attempts").notNull().default(0),
    /** Not tried before this time: the backoff after a failure, or another worker's lease. */
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Set once it is given up (a permanent refusal or too many attempts). */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_due_idx").on(t.runAfter).where(sql`${t.sentAt} is null and ${t.failedAt} is null`)],
);

/** Timestamps of attempts per key (login by email or IP, review posts by IP), for throttling across instances. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("rate_limit_hits_key_idx").on(t.key, t.createdAt)],
);

/**
 * The newest change announced for each table that live pages show, stamped with the database's
 * clock in milliseconds (and always above the previous stamp). A page carries the stamps it was
 * rendered with; a process compares them with these to tell whether it missed a change.
 */
export const liveVersions = pgTable("live_versions", {
  tableName: text("table_name").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});

/**
 * Every media object the app writes, recorded before its bytes are: an upload cut short
 * by a crash leaves a row here that no other table mentions, and the orphan sweep removes both.
 */
export const mediaObjects = pgTable(
  "media_objects",
  {
    key: text("key").primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [index("media_objects_created_idx").on(t.createdAt)],
);

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** Random keys the app creates on first start (cookie signing, form tokens); never in the repository. */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
