import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "~/core/db/columns";
import type { StoredImage } from "~/core/db/schema";

// The newsletter (decision 64).

/**
 * A newsletter subscriber. Pending until the e-mailed link is confirmed (only the SHA-256 of that
 * link's token is kept; pending rows are deleted once it expires). Unsubscribed: the address is
 * erased at once and only the date stays, with the unsubscribe token, so the link keeps answering.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Lower-case; null once unsubscribed. */
    email: text("email").unique(),
    status: text("status", { enum: ["pending", "confirmed", "unsubscribed"] })
      .notNull()
      .default("pending"),
    confirmTokenHash: text("confirm_token_hash").unique(),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    /** Written into every message's unsubscribe link, so kept as it is: it can only unsubscribe. */
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    /** The consent wording the form showed when the address was given (proof of consent). */
    consentText: text("consent_text").notNull(),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [
    check("newsletter_subscribers_status", sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
    check("newsletter_subscribers_email", sql`${t.email} is null or char_length(${t.email}) <= 254`),
    check(
      "newsletter_subscribers_state",
      sql`(${t.status} = 'pending' and ${t.email} is not null and ${t.confirmTokenHash} is not null and ${t.confirmExpiresAt} is not null)
        or (${t.status} = 'confirmed' and ${t.email} is not null and ${t.confirmedAt} is not null)
        or (${t.status} = 'unsubscribed' and ${t.email} is null and ${t.unsubscribedAt} is not null)`,
    ),
    index("newsletter_subscribers_status_idx").on(t.status),
  ],
);

/** Her newsletter settings (one row, id always true): the consent wording under the form. */
export const newsletterSettings = pgTable(
  "newsletter_settings",
  {
    id: boolean("id").primaryKey().default(true),
    consentText: text("consent_text").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("newsletter_settings_one_row", sql`${t.id}`),
    check("newsletter_settings_consent", sql`char_length(${t.consentText}) between 1 and 1000`),
  ],
);

/** A newsletter: a draft until she sends it; then `total` subscribers to write, `finishedAt` once all are. */
export const newsletterCampaigns = pgTable("newsletter_campaigns", {
  id: uuid("id").primaryKey().defaultRandom(),
  subject: text("subject").notNull(),
  body: jsonb("body").notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp("started_at", { withTimezone: true }),
  total: integer("total"),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  // Images in the newsletter: each image the body shows, by id, as stored when
  // saved; its files' keys here keep the orphan-media sweep off them while the newsletter exists.
  images: jsonb("images").$type<Record<string, StoredImage>>().notNull().default({}),
});

/**
 * One subscriber's copy of a newsletter, written in the transaction that queues its e-mail in the
 * outbox: the primary key lets no one be queued twice, however often the sending resumes.
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => newsletterCampaigns.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.subscriberId] })],
);
