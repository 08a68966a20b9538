import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "~/core/db/columns";
import type { StoredImage } from "~/core/db/schema";
import { reportReasons } from "./report-reasons";

export const reviewStatuses = ["pending", "published", "hidden"] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    content: text("content").notNull(),
    rating: smallint("rating").notNull().default(5),
    imageUrl: text("image_url"),
    image: jsonb("image").$type<StoredImage>(),
    status: text("status", { enum: reviewStatuses }).notNull().default("published"),
    /** Sent through an invitation the practitioner gave a patient after a visit. */
    verified: boolean("verified").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_status_valid", sql`${t.status} in ('pending', 'published', 'hidden')`),
    index("reviews_status_created_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * A link the practitioner gives a patient after a visit. Only the SHA-256 of
 * the token is kept, so the table alone cannot be used to write reviews.
 */
export const reviewInvitations = pgTable(
  "review_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The practitioner's own reminder (e.g. who and when); never published. */
    note: text("note"),
    /** Put in the form's name field for the patient; they may change it. */
    patientName: text("patient_name"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    reviewId: uuid("review_id").references(() => reviews.id, { onDelete: "set null" }),
  },
  (t) => [index("review_invitations_created_idx").on(t.createdAt.desc())],
);

/** The practitioner's one public answer to a review. */
export const reviewReplies = pgTable("review_replies", {
  reviewId: uuid("review_id")
    .primaryKey()
    .references(() => reviews.id, { onDelete: "cascade" }),
  content: text("content").notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A visitor's report of a review; who reported is not stored. */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: reportReasons }).notNull(),
    details: text("details"),
    createdAt: createdAt(),
    /** Set when the practitioner dealt with it (hid the review or dismissed the report). */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    check("review_reports_reason_valid", sql`${t.reason} in ('offensive', 'false', 'personal_data', 'other')`),
    index("review_reports_open_idx").on(t.reviewId).where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * The review form's start tokens (their SHA-256) that a saved review used: the key lets each token
 * through once, whichever instance gets it. A row outlives its token's day of validity by no more
 * than the next review's save, which deletes it.
 */
export const usedFormTokens = pgTable(
  "used_form_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("used_form_tokens_used_idx").on(t.usedAt)],
);

export type Review = typeof reviews.$inferSelect;
export type ReviewInvitation = typeof reviewInvitations.$inferSelect;
export type ReviewReply = typeof reviewReplies.$inferSelect;
export type ReviewReport = typeof reviewReports.$inferSelect;
