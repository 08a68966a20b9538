import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  appointmentStatuses,
  bookingLimits as limits,
  bookingModes,
  confirmationModes,
  onlineRoomKinds,
  STUDIO_KEY_PATTERN,
} from "./booking-values";
import { calendarReadFailures, calendarSourceLimits } from "./calendar-source-values";
import { recipeCategories, recipeStatuses, recipeTags } from "./recipe-values";
import { dayParts, isoWeekdays, waitingListLimits, waitingStatuses } from "./waiting-list-values";
import { reportReasons } from "./report-reasons";

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

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const recipePhotos = pgTable(
  "recipe_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title"),
    /** URL of the largest rendition; `image` lists every rendition. */
    imageUrl: text("image_url").notNull(),
    image: jsonb("image").$type<StoredImage>(),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("recipe_photos_order_idx").on(t.displayOrder, t.createdAt.desc())],
);

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

export { reportReasons, type ReportReason } from "./report-reasons";

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

export const adminUsers = pgTable("admin_users", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Stored lower-case; unique. */
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  /** Base32 TOTP secret; set while enrolling, active once totpEnabledAt is set. */
  totpSecret: text("totp_secret"),
  totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
  /** Hashes of the unused one-time recovery codes. */
  recoveryCodeHashes: jsonb("recovery_code_hashes").$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const adminSessions = pgTable(
  "admin_sessions",
  {
    /** SHA-256 of the random id in the cookie: a leaked table cannot be replayed. */
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    /** False while a two-factor login still waits for its code. */
    verified: boolean("verified").notNull().default(true),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("admin_sessions_user_idx").on(t.userId)],
);

/**
 * "Password dimenticata?": one reset link sent by e-mail. Only the SHA-256 of its random token is
 * kept; it works once (usedAt) and only until expiresAt.
 */
export const adminPasswordResets = pgTable(
  "admin_password_resets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("admin_password_resets_user_idx").on(t.userId)],
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

/**
 * Every published version of the site's editable content (texts, contacts, hours, studios, services,
 * portrait); the newest is the live one. A save inserts version n+1 only while n is the newest, so of
 * two concurrent saves the second is refused instead of overwriting the first.
 */
export const siteContentVersions = pgTable("site_content_versions", {
  version: integer("version").primaryKey(),
  // Parsed with the site content's schema on every read (features/site-content), never trusted as stored.
  content: jsonb("content").notNull(),
  /** What changed, in Italian, for the editor's version list (e.g. "Orari di apertura"). */
  summary: text("summary").notNull(),
  createdAt: createdAt(),
});

/**
 * The first-run setup. One row at most (id true): `openedAt` once it opened by itself
 * at her first sign-in (it never does again), `finishedAt` once she ended it (then it leaves her to-do list).
 * `publishedAt`: set while the site is published; null, a site on a public address
 * shows visitors only "Sito in preparazione" (decision 73).
 */
export const siteSetup = pgTable(
  "site_setup",
  {
    id: boolean("id").primaryKey().default(true),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (t) => [check("site_setup_single_row", sql`${t.id}`)],
);

export const backupTriggers = ["schedule", "manual", "admin"] as const;
export type BackupTrigger = (typeof backupTriggers)[number];

/** One line per backup attempt, whichever instance or command made it: the admin's backup status. */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    trigger: text("trigger", { enum: backupTriggers }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
    ok: boolean("ok").notNull(),
    /** Absolute path of the archive written. */
    file: text("file"),
    bytes: bigint("bytes", { mode: "number" }),
    /** Rows and files, in one line. */
    summary: text("summary"),
    error: text("error"),
  },
  (t) => [index("backup_runs_finished_idx").on(t.finishedAt.desc())],
);

/** The checks made on backups after they are written: the copy to her bucket, the weekly restore drill. */
export const backupCheckKinds = ["copy", "drill"] as const;
export type BackupCheckKind = (typeof backupCheckKinds)[number];

/** One line per copy to the bucket and per restore drill: what the backup screen and her to-do list show. */
export const backupChecks = pgTable(
  "backup_checks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: backupCheckKinds }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
    ok: boolean("ok").notNull(),
    /** The archive copied or restored (its name, not a path). */
    name: text("name"),
    bytes: bigint("bytes", { mode: "number" }),
    /** What failed, in Italian; or what was checked. */
    detail: text("detail"),
  },
  (t) => [index("backup_checks_kind_finished_idx").on(t.kind, t.finishedAt.desc())],
);

export type RecipePhoto = typeof recipePhotos.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type ReviewInvitation = typeof reviewInvitations.$inferSelect;
export type ReviewReply = typeof reviewReplies.$inferSelect;
export type ReviewReport = typeof reviewReports.$inferSelect;
export type OutboxMail = typeof mailOutbox.$inferSelect;
export type AdminUser = typeof adminUsers.$inferSelect;
export type AdminSession = typeof adminSessions.$inferSelect;
export type BackupRun = typeof backupRuns.$inferSelect;
export type AdminPasswordReset = typeof adminPasswordResets.$inferSelect;

/** Random keys the app creates on first start (cookie signing, form tokens); never in the repository. */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

/** The recipe's own crops of its photo, one each in the shapes search engines ask for (1:1, 4:3, 16:9). */
export interface RecipeCrops {
  /** The photo they were cut from: a new photo means new crops. */
  photoId: string;
  square: ImageVariant;
  standard: ImageVariant;
  wide: ImageVariant;
}

const quoted = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));
/** Grams per portion, one decimal (the EU label's precision for most nutrients). */
const grams = (name: string) => numeric(name, { precision: 6, scale: 1, mode: "number" });

/**
 * A recipe the practitioner wrote for one of the recipe photos. Deleting the photo keeps the recipe
 * (photo_id set null): it is her writing, and it keeps its own crops of the photo to show until she
 * picks another (decision record 0039). Nutrition is per portion, as she entered it; ingredients and
 * steps are jsonb lists the recipes feature parses on every read.
 */
export const recipes = pgTable(
  "recipes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    photoId: uuid("photo_id")
      .unique("recipes_photo_unique")
      .references(() => recipePhotos.id, { onDelete: "set null" }),
    /** The address: /ricette/<slug>. */
    slug: text("slug").notNull().unique("recipes_slug_unique"),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category", { enum: recipeCategories }).notNull(),
    tags: text("tags", { enum: recipeTags }).array().notNull().default(sql`'{}'::text[]`),
    cuisine: text("cuisine").notNull().default("Italiana"),
    servings: smallint("servings").notNull(),
    prepMinutes: integer("prep_minutes").notNull(),
    cookMinutes: integer("cook_minutes").notNull().default(0),
    /** The weight of one portion, for the values per 100 g; null when she did not give it. */
    portionGrams: integer("portion_grams"),
    ingredients: jsonb("ingredients").notNull(),
    steps: jsonb("steps").notNull(),
    /** The nutritionist's note under the recipe. */
    note: text("note"),
    energyKcal: integer("energy_kcal"),
    energyKj: integer("energy_kj"),
    fat: grams("fat"),
    saturates: grams("saturates"),
    carbohydrate: grams("carbohydrate"),
    sugars: grams("sugars"),
    fibre: grams("fibre"),
    protein: grams("protein"),
    salt: numeric("salt", { precision: 5, scale: 2, mode: "number" }),
    status: text("status", { enum: recipeStatuses }).notNull().default("draft"),
    /** The first publication (schema.org datePublished); kept when she unpublishes and publishes again. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    crops: jsonb("crops").$type<RecipeCrops>(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Her own photo, uploaded in the editor (re-encoded renditions), and its alt text.
    image: jsonb("image").$type<StoredImage>(),
    imageAlt: text("image_alt"),
  },
  (t) => [
    check(
      "recipes_image_alt",
      sql`(${t.image} is null or ${t.imageAlt} is not null) and char_length(${t.imageAlt}) <= 200`,
    ),
    check("recipes_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("recipes_category_valid", sql`${t.category} in (${quoted(recipeCategories)})`),
    check("recipes_tags_valid", sql`${t.tags} <@ array[${quoted(recipeTags)}]::text[]`),
    check("recipes_status_valid", sql`${t.status} in (${quoted(recipeStatuses)})`),
    check("recipes_published_dated", sql`${t.status} <> 'published' or ${t.publishedAt} is not null`),
    check("recipes_servings_range", sql`${t.servings} between 1 and 50`),
    check("recipes_times_non_negative", sql`${t.prepMinutes} >= 0 and ${t.cookMinutes} >= 0`),
    check("recipes_portion_positive", sql`${t.portionGrams} > 0`),
    check(
      "recipes_lists_are_arrays",
      sql`jsonb_typeof(${t.ingredients}) = 'array' and jsonb_typeof(${t.steps}) = 'array'`,
    ),
    check(
      "recipes_nutrition_non_negative",
      sql`${t.energyKcal} >= 0 and ${t.energyKj} >= 0 and ${t.fat} >= 0 and ${t.saturates} >= 0 and ${t.carbohydrate} >= 0 and ${t.sugars} >= 0 and ${t.fibre} >= 0 and ${t.protein} >= 0 and ${t.salt} >= 0`,
    ),
    check("recipes_saturates_within_fat", sql`${t.saturates} <= ${t.fat}`),
    check("recipes_sugars_within_carbohydrate", sql`${t.sugars} <= ${t.carbohydrate}`),
    index("recipes_published_idx").on(t.publishedAt.desc()).where(sql`${t.status} = 'published'`),
  ],
);

export type Recipe = typeof recipes.$inferSelect;

// ---- Booking (decision record 0040) ----------------------------------------------------------------

const between = (column: unknown, range: { min: number; max: number }) =>
  sql`${column} between ${sql.raw(String(range.min))} and ${sql.raw(String(range.max))}`;
const atMost = (column: unknown, max: number) => sql`char_length(${column}) <= ${sql.raw(String(max))}`;
const studioKey = STUDIO_KEY_PATTERN.slice(1, -1);
/** Every key of the list in the key's shape (the list joined with spaces, matched whole), none null. */
const studioKeysPattern = (column: unknown) =>
  sql`array_position(${column}, null) is null and array_to_string(${column}, ' ') ~ ${sql.raw(`'^(${studioKey}( ${studioKey})*)?$'`)}`;

/**
 * The booking's settings: one row (id is always true), read with defaults when it is missing (a
 * restored archive from before booking has none). Typed columns, so the database checks each range.
 */
export const bookingSettings = pgTable(
  "booking_settings",
  {
    id: boolean("id").primaryKey().default(true),
    mode: text("mode", { enum: bookingModes }).notNull().default("external"),
    /** Free time kept after each visit; stored on each appointment as it is booked (blocked_until). */
    bufferMinutes: smallint("buffer_minutes").notNull().default(10),
    minimumNoticeHours: smallint("minimum_notice_hours").notNull().default(24),
    horizonDays: smallint("horizon_days").notNull().default(60),
    /** Up to this many hours before a visit the patient may cancel or move it by link. */
    cancellationLimitHours: smallint("cancellation_limit_hours").notNull().default(24),
    /** When the day-before reminder goes out, in Italy's time. */
    reminderTime: time("reminder_time").notNull().default("18:00"),
    /** Appointments older than this are deleted by the daily job. */
    retentionMonths: smallint("retention_months").notNull().default(24),
    /** The review invitation e-mailed by the booking jobs the day after each visit that took place. */
    reviewInviteNextDay: boolean("review_invite_next_day").notNull().default(false),
    // The waiting list: after how many days an entry is deleted, how long a freed time's link lasts.
    waitingListExpiryDays: smallint("waiting_list_expiry_days").notNull().default(60),
    waitingListLinkHours: smallint("waiting_list_link_hours").notNull().default(4),
    // What the last step promises before a request is sent.
    requestAnswerHours: smallint("request_answer_hours").notNull().default(48),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("booking_settings_one_row", sql`${t.id}`),
    check("booking_settings_mode_valid", sql`${t.mode} in (${quoted(bookingModes)})`),
    check("booking_settings_buffer_range", between(t.bufferMinutes, limits.bufferMinutes)),
    check("booking_settings_notice_range", between(t.minimumNoticeHours, limits.minimumNoticeHours)),
    check("booking_settings_horizon_range", between(t.horizonDays, limits.horizonDays)),
    check("booking_settings_cancellation_range", between(t.cancellationLimitHours, limits.cancellationLimitHours)),
    check("booking_settings_retention_range", between(t.retentionMonths, limits.retentionMonths)),
    check("booking_settings_waiting_expiry_range", between(t.waitingListExpiryDays, waitingListLimits.expiryDays)),
    check("booking_settings_waiting_link_range", between(t.waitingListLinkHours, waitingListLimits.linkHours)),
    check("booking_settings_request_answer_range", between(t.requestAnswerHours, limits.requestAnswerHours)),
  ],
);

/** What a patient can book: a first visit, a follow-up… */
export const visitTypes = pgTable(
  "visit_types",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    durationMinutes: smallint("duration_minutes").notNull(),
    /** The full price in euro cents; null when she gives none. */
    priceCents: integer("price_cents"),
    showPrice: boolean("show_price").notNull().default(false),
    confirmation: text("confirmation", { enum: confirmationModes }).notNull(),
    /** The studios (their keys in the site content) where it is offered. */
    studioKeys: text("studio_keys").array().notNull().default(sql`'{}'::text[]`),
    online: boolean("online").notNull().default(false),
    active: boolean("active").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "visit_types_name_length",
      sql`char_length(btrim(${t.name})) between 1 and ${sql.raw(String(limits.visitTypeName.max))}`,
    ),
    check("visit_types_duration_range", between(t.durationMinutes, limits.durationMinutes)),
    check("visit_types_price_range", between(t.priceCents, limits.priceCents)),
    check("visit_types_shown_price_given", sql`not ${t.showPrice} or ${t.priceCents} is not null`),
    check("visit_types_confirmation_valid", sql`${t.confirmation} in (${quoted(confirmationModes)})`),
    check("visit_types_studio_keys_format", studioKeysPattern(t.studioKeys)),
    // An active type can be booked somewhere.
    check("visit_types_offered_somewhere", sql`not ${t.active} or ${t.online} or cardinality(${t.studioKeys}) > 0`),
    index("visit_types_order_idx").on(t.displayOrder, t.createdAt),
  ],
);

/** Her time off: whole days in Italy, first and last included (holidays, a conference). */
export const timeOff = pgTable(
  "time_off",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    label: text("label"),
    createdAt: createdAt(),
  },
  (t) => [
    check("time_off_range_valid", sql`${t.endsOn} >= ${t.startsOn}`),
    check("time_off_label_length", atMost(t.label, limits.timeOffLabel.max)),
    index("time_off_ends_idx").on(t.endsOn),
  ],
);

/**
 * A booked visit. `blocked_until` is its end plus the buffer in force when it was booked: the time
 * it holds is [starts_at, blocked_until), and no two pending or confirmed appointments' times overlap
 * (the exclusion constraint appointments_no_overlap, written in migration 0009: drizzle-kit cannot
 * declare one). Only the SHA-256 of the patient's link token is kept.
 */
export const appointments = pgTable(
  "appointments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    visitTypeId: uuid("visit_type_id")
      .notNull()
      .references(() => visitTypes.id, { onDelete: "restrict" }),
    /** The studio's key in the site content; null for an online visit. */
    studioKey: text("studio_key"),
    online: boolean("online").notNull().default(false),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }).notNull(),
    status: text("status", { enum: appointmentStatuses }).notNull(),
    patientName: text("patient_name").notNull(),
    patientEmail: text("patient_email").notNull(),
    patientPhone: text("patient_phone").notNull(),
    /** Optional; the form says not to write health data here. */
    note: text("note"),
    manageTokenHash: text("manage_token_hash").notNull().unique("appointments_manage_token_unique"),
    createdAt: createdAt(),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    /** When the review invitation went to the patient (by her press or the next-day job): once. */
    reviewInvitedAt: timestamp("review_invited_at", { withTimezone: true }),
    /**
     * The iCalendar SEQUENCE of the patient's event (RFC 5545): raised with each change of the
     * appointment, in its transaction, so her calendar takes the newest file over an older one.
     */
    sequence: integer("sequence").notNull().default(0),
    /** Item 7 (online visits): the video room's address sent to this patient only; null when none is set up. */
    onlineRoomUrl: text("online_room_url"),
  },
  (t) => [
    check("appointments_status_valid", sql`${t.status} in (${quoted(appointmentStatuses)})`),
    check("appointments_place_valid", sql`${t.online} = (${t.studioKey} is null)`),
    check("appointments_studio_key_format", sql`${t.studioKey} ~ ${sql.raw(`'${STUDIO_KEY_PATTERN}'`)}`),
    // Also puts the end after the start.
    check(
      "appointments_duration_range",
      sql`${t.endsAt} - ${t.startsAt} between interval '${sql.raw(String(limits.durationMinutes.min))} minutes' and interval '${sql.raw(String(limits.durationMinutes.max))} minutes'`,
    ),
    check(
      "appointments_buffer_range",
      sql`${t.blockedUntil} - ${t.endsAt} between interval '0 minutes' and interval '${sql.raw(String(limits.bufferMinutes.max))} minutes'`,
    ),
    check(
      "appointments_patient_name_length",
      sql`char_length(btrim(${t.patientName})) between 1 and ${sql.raw(String(limits.patientName.max))}`,
    ),
    check(
      "appointments_patient_email_length",
      sql`char_length(${t.patientEmail}) between 3 and ${sql.raw(String(limits.patientEmail.max))}`,
    ),
    check(
      "appointments_patient_phone_length",
      sql`char_length(${t.patientPhone}) between 1 and ${sql.raw(String(limits.patientPhone.max))}`,
    ),
    check("appointments_note_length", atMost(t.note, limits.note.max)),
    check(
      "appointments_online_room_valid",
      sql`${t.onlineRoomUrl} is null or (${t.online} and ${t.onlineRoomUrl} ~ '^https://' and ${atMost(t.onlineRoomUrl, limits.onlineRoomUrl.max)})`,
    ),
    index("appointments_starts_idx").on(t.startsAt),
  ],
);

export type BookingSettingsRow = typeof bookingSettings.$inferSelect;
export type VisitType = typeof visitTypes.$inferSelect;
export type TimeOff = typeof timeOff.$inferSelect;
export type Appointment = typeof appointments.$inferSelect;

/**
 * The practitioner's agenda feed: at most one subscription address at a time (id is always true).
 * Only the SHA-256 of its token is kept; replacing the row is a new address, deleting it revokes it.
 */
export const calendarFeed = pgTable(
  "calendar_feed",
  {
    id: boolean("id").primaryKey().default(true),
    tokenHash: text("token_hash").notNull().unique("calendar_feed_token_unique"),
    createdAt: createdAt(),
  },
  (t) => [check("calendar_feed_one_row", sql`${t.id}`)],
);

/**
 * The follow-up she asks for from a visit in her agenda. On `due_on` (a day in
 * Italy) the job e-mails the patient a link to book `visit_type_id` with her details filled, once
 * (`sent_at`, set in the transaction that queues the mail). It goes with its appointment (cascade),
 * so the retention purge deletes it too.
 */
export const followUps = pgTable(
  "booking_follow_ups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .unique("booking_follow_ups_appointment_unique")
      .references(() => appointments.id, { onDelete: "cascade" }),
    visitTypeId: uuid("visit_type_id")
      .notNull()
      .references(() => visitTypes.id, { onDelete: "cascade" }),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("booking_follow_ups_due_idx").on(t.dueOn).where(sql`${t.sentAt} is null`)],
);

export type FollowUp = typeof followUps.$inferSelect;

// Her other calendars' busy times (decision 53).
/**
 * A calendar she keeps elsewhere, read by its address for its busy times. The address is a secret (a
 * Google secret iCal address is a password): never logged, never shown back whole. `studio_keys` null
 * blocks every studio, those added later too; `blocks_online` the online visits.
 */
export const calendarSources = pgTable(
  "calendar_sources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    url: text("url").notNull(),
    studioKeys: text("studio_keys").array(),
    blocksOnline: boolean("blocks_online").notNull().default(true),
    /** The validators of the last successful read, sent back for a conditional request. */
    etag: text("etag"),
    lastModified: text("last_modified"),
    /** The busy times stored reach this instant: past it the next read is unconditional. */
    readUntil: timestamp("read_until", { withTimezone: true }),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }),
    lastFailure: text("last_failure", { enum: calendarReadFailures }),
    /** The HTTP status of an `httpStatus` failure (404, 500…). */
    lastFailureStatus: smallint("last_failure_status"),
    lastFailedAt: timestamp("last_failed_at", { withTimezone: true }),
    /** The start of the event whose rule could not be expanded (a `tooComplex` failure): never its title. */
    lastFailureEventAt: timestamp("last_failure_event_at", { withTimezone: true }),
    /** Failed reads since the last that worked: the wait before the next grows with them. */
    consecutiveFailures: smallint("consecutive_failures").notNull().default(0),
    /** After a failure, not read again by the job before this (null: at its next run). */
    nextReadAt: timestamp("next_read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "calendar_sources_name_length",
      sql`char_length(btrim(${t.name})) between 1 and ${sql.raw(String(calendarSourceLimits.name.max))}`,
    ),
    check(
      "calendar_sources_url_length",
      sql`char_length(${t.url}) between 1 and ${sql.raw(String(calendarSourceLimits.url.max))}`,
    ),
    check("calendar_sources_studio_keys_format", studioKeysPattern(t.studioKeys)),
    check("calendar_sources_failure_valid", sql`${t.lastFailure} in (${quoted(calendarReadFailures)})`),
    check("calendar_sources_failure_when", sql`(${t.lastFailure} is null) = (${t.lastFailedAt} is null)`),
    check("calendar_sources_failures_count", sql`${t.consecutiveFailures} >= 0`),
  ],
);

/** When a calendar says she is busy, [starts_at, ends_at): nothing else of its events is kept. */
export const calendarBusyIntervals = pgTable(
  "calendar_busy_intervals",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => calendarSources.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("calendar_busy_intervals_order", sql`${t.endsAt} > ${t.startsAt}`),
    // Free times read the intervals not over yet; a source's are replaced whole.
    index("calendar_busy_intervals_ends_idx").on(t.endsAt),
    index("calendar_busy_intervals_source_idx").on(t.sourceId),
  ],
);

export type CalendarSource = typeof calendarSources.$inferSelect;

// Holidays (decision 54). Italy's national holidays are computed (italian-holidays.ts),
// closed unless she reopens that date; each studio's patron saint is closed every year at that studio.

/** A date she reopened: a national holiday (or a studio's patron day) that year, open at every place. */
export const holidayReopenings = pgTable("holiday_reopenings", {
  day: date("day", { mode: "string" }).primaryKey(),
  createdAt: createdAt(),
});

/** A studio's patron saint: closed every year on that day and month, at that studio only. */
export const patronDays = pgTable(
  "patron_days",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The studio's key in the site content. */
    studioKey: text("studio_key").notNull(),
    month: smallint("month").notNull(),
    day: smallint("day").notNull(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("patron_days_studio_key_format", sql`${t.studioKey} ~ ${sql.raw(`'${STUDIO_KEY_PATTERN}'`)}`),
    // A day some year has: 29 February closes in leap years only.
    check(
      "patron_days_date_valid",
      sql`${t.month} between 1 and 12 and ${t.day} between 1 and (case when ${t.month} = 2 then 29 when ${t.month} in (4, 6, 9, 11) then 30 else 31 end)`,
    ),
    check(
      "patron_days_name_length",
      sql`char_length(btrim(${t.name})) between 1 and ${sql.raw(String(limits.patronName.max))}`,
    ),
    unique("patron_days_studio_day_unique").on(t.studioKey, t.month, t.day),
  ],
);

export type PatronDay = typeof patronDays.$inferSelect;
/**
 * Item 7 (online visits): how an online visit type's visit happens (decision 56): her own room
 * (`own`: the address every patient of the type gets) or a room per appointment (`per_visit`: an
 * unguessable name under the video server's address), and the provider the privacy page names.
 */
export const onlineRooms = pgTable(
  "online_rooms",
  {
    visitTypeId: uuid("visit_type_id")
      .primaryKey()
      .references(() => visitTypes.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: onlineRoomKinds }).notNull(),
    url: text("url").notNull(),
    providerName: text("provider_name").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("online_rooms_kind_valid", sql`${t.kind} in (${quoted(onlineRoomKinds)})`),
    check("online_rooms_url_https", sql`${t.url} ~ '^https://[^/?#@]+' and ${atMost(t.url, limits.onlineRoomUrl.max)}`),
    check(
      "online_rooms_provider_length",
      sql`char_length(btrim(${t.providerName})) between 1 and ${sql.raw(String(limits.onlineProviderName.max))}`,
    ),
  ],
);

export type OnlineRoom = typeof onlineRooms.$inferSelect;
// The waiting list (decision 55).

/**
 * A patient waiting for a time: the visit type, the place (a studio, or online), the weekdays and
 * parts of day that suit. No health data. Deleted when it expires (the settings' days) or once
 * booked. When a time frees, the job mails a link whose token only its SHA-256 is kept, valid until
 * `notified_until`.
 */
export const waitingListEntries = pgTable(
  "waiting_list_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    visitTypeId: uuid("visit_type_id")
      .notNull()
      .references(() => visitTypes.id, { onDelete: "cascade" }),
    /** The studio's key in the site content; null for an online visit. */
    studioKey: text("studio_key"),
    patientName: text("patient_name").notNull(),
    patientEmail: text("patient_email").notNull(),
    /** ISO weekdays, Monday 1 to Sunday 7. */
    weekdays: smallint("weekdays").array().notNull(),
    dayParts: text("day_parts").array().notNull(),
    status: text("status", { enum: waitingStatuses }).notNull().default("waiting"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    notifiedTokenHash: text("notified_token_hash").unique("waiting_list_token_unique"),
    notifiedUntil: timestamp("notified_until", { withTimezone: true }),
  },
  (t) => [
    check("waiting_list_studio_key_format", sql`${t.studioKey} ~ ${sql.raw(`'${STUDIO_KEY_PATTERN}'`)}`),
    check(
      "waiting_list_patient_name_length",
      sql`char_length(btrim(${t.patientName})) between 1 and ${sql.raw(String(limits.patientName.max))}`,
    ),
    check(
      "waiting_list_patient_email_length",
      sql`char_length(${t.patientEmail}) between 3 and ${sql.raw(String(limits.patientEmail.max))}`,
    ),
    check(
      "waiting_list_weekdays_valid",
      sql`cardinality(${t.weekdays}) between 1 and 7 and ${t.weekdays} <@ array[${sql.raw(isoWeekdays.join(", "))}]::smallint[]`,
    ),
    check(
      "waiting_list_day_parts_valid",
      sql`cardinality(${t.dayParts}) between 1 and 3 and ${t.dayParts} <@ array[${quoted(dayParts)}]::text[]`,
    ),
    check("waiting_list_status_valid", sql`${t.status} in (${quoted(waitingStatuses)})`),
    check("waiting_list_notified_whole", sql`(${t.notifiedTokenHash} is null) = (${t.notifiedUntil} is null)`),
    check("waiting_list_expiry_after_creation", sql`${t.expiresAt} > ${t.createdAt}`),
    index("waiting_list_queue_idx").on(t.status, t.createdAt),
    // One entry waiting per patient, visit type and place: joining again changes its preferences.
    uniqueIndex("waiting_list_one_per_patient")
      .on(sql`lower(${t.patientEmail})`, t.visitTypeId, sql`coalesce(${t.studioKey}, '')`)
      .where(sql`${t.status} = 'waiting'`),
    index("waiting_list_expires_idx").on(t.expiresAt),
  ],
);

/**
 * A time freed (a visit cancelled, declined or moved, days she reopened), written in the transaction
 * that freed it; the waiting-list job claims each with SKIP LOCKED and mails the people waiting.
 */
export const waitingListOpenings = pgTable(
  "waiting_list_openings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("waiting_list_openings_range", sql`${t.endsAt} > ${t.startsAt}`),
    index("waiting_list_openings_created_idx").on(t.createdAt),
  ],
);

export type WaitingListEntry = typeof waitingListEntries.$inferSelect;

// Every address a studio's page has had, so an old one (a studio renamed) answers 301.
/**
 * A slug a studio's page has had (its name's, now or before, and its key): the primary key gives
 * each address one studio. The current slug follows the name; the others redirect to it.
 */
export const studioSlugs = pgTable(
  "studio_slugs",
  {
    slug: text("slug").primaryKey(),
    studioKey: text("studio_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("studio_slugs_slug_format", sql`${t.slug} ~ ${sql.raw(`'${STUDIO_KEY_PATTERN}'`)}`),
    check("studio_slugs_key_format", sql`${t.studioKey} ~ ${sql.raw(`'${STUDIO_KEY_PATTERN}'`)}`),
    index("studio_slugs_studio_key_idx").on(t.studioKey),
  ],
);

// A studio's photos on its page (decision 69).
/**
 * A photo of a studio, by the studio's stable key (its slug may change; its key never does): at most
 * six per studio (positions 0-5, unique per studio, checked at the end of each statement so a move
 * swaps two in one UPDATE), each with the alt text she wrote. Removed with its studio.
 */
export const studioPhotos = pgTable(
  "studio_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    studioKey: text("studio_key").notNull(),
    position: smallint("position").notNull(),
    image: jsonb("image").$type<StoredImage>().notNull(),
    alt: text("alt").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("studio_photos_key_format", sql`${t.studioKey} ~ ${sql.raw(`'${STUDIO_KEY_PATTERN}'`)}`),
    check("studio_photos_position_range", sql`${t.position} between 0 and 5`),
    check("studio_photos_alt_length", sql`char_length(btrim(${t.alt})) between 1 and 200`),
  ],
);

// ---- Articles (decision record 0061) ----------------------------------------------

/** An image she put in an article or as its cover, stored by the image pipeline; alt text is the document's. */
export const articleImages = pgTable("article_images", {
  id: uuid("id").primaryKey().defaultRandom(),
  image: jsonb("image").$type<StoredImage>().notNull(),
  createdAt: createdAt(),
});

/**
 * An article: its body a structured document (the articles feature's zod schema, parsed on every
 * read), published when `status` is published and `publish_at` has come. `announced_at` is when the
 * scheduled-publication job last told the pages about it, so a scheduled article appears on time.
 */
export const articles = pgTable(
  "articles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The address: /articoli/<slug>. */
    slug: text("slug").notNull().unique("articles_slug_unique"),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    body: jsonb("body").notNull(),
    categories: text("categories").array().notNull().default(sql`'{}'::text[]`),
    status: text("status").notNull().default("draft"),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    announcedAt: timestamp("announced_at", { withTimezone: true }),
    coverImageId: uuid("cover_image_id").references(() => articleImages.id, { onDelete: "set null" }),
    coverAlt: text("cover_alt"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // The cover's crop: the point of the cover kept in view where it is cropped, in %.
    coverFocusX: smallint("cover_focus_x").notNull().default(50),
    coverFocusY: smallint("cover_focus_y").notNull().default(50),
  },
  (t) => [
    check("articles_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("articles_status_valid", sql`${t.status} in ('draft', 'published')`),
    check("articles_published_dated", sql`${t.status} <> 'published' or ${t.publishAt} is not null`),
    check("articles_body_document", sql`jsonb_typeof(${t.body}) = 'object'`),
    check("articles_cover_has_alt", sql`${t.coverImageId} is null or char_length(${t.coverAlt}) > 0`),
    index("articles_published_idx").on(t.publishAt.desc()).where(sql`${t.status} = 'published'`),
    // A focus point is a percentage of the cover's width and height.
    check(
      "articles_cover_focus_percent",
      sql`${t.coverFocusX} between 0 and 100 and ${t.coverFocusY} between 0 and 100`,
    ),
  ],
);

/** Every saved state of an article, newest number last; she restores one as the article's draft. */
export const articleVersions = pgTable(
  "article_versions",
  {
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    snapshot: jsonb("snapshot").notNull(),
    savedAt: createdAt(),
  },
  (t) => [unique("article_versions_pk").on(t.articleId, t.number)],
);

// Statistics, decision 59: aggregates only, no address, user agent or identifier.
// The day's salt and its visitor marks are not here: hand-written in the unlogged schema
// statistics_volatile (migration 0023), out of backups and the WAL, deleted after their day.

/** A day of visits to the public pages (a day in Italy): page views and unique visitors. */
export const statisticsDays = pgTable(
  "statistics_days",
  {
    day: date("day", { mode: "string" }).primaryKey(),
    views: integer("views").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
    // The booking funnel: times chosen on /prenota that day (a count, nobody followed).
    timesChosen: integer("times_chosen").notNull().default(0),
  },
  (t) => [
    check("statistics_days_counts", sql`${t.views} >= 0 and ${t.visitors} >= 0`),
    check("statistics_days_times_chosen", sql`${t.timesChosen} >= 0`),
  ],
);

/** A day of one public page: its views and its unique visitors. */
export const statisticsPages = pgTable(
  "statistics_pages",
  {
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    views: integer("views").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
  },
  (t) => [
    unique("statistics_pages_day_path").on(t.day, t.path),
    check("statistics_pages_path", sql`${t.path} ~ '^/' and char_length(${t.path}) <= 200`),
    check("statistics_pages_counts", sql`${t.views} >= 0 and ${t.visitors} >= 0`),
  ],
);

/**
 * A day's arrivals by where they came from: the referring site (its domain, or a search engine's or
 * social network's name), utm_source, utm_campaign; and the day's visitors by device class.
 */
export const statisticsSources = pgTable(
  "statistics_sources",
  {
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension", { enum: ["referrer", "utm_source", "utm_campaign", "device"] }).notNull(),
    value: text("value").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    unique("statistics_sources_day_value").on(t.day, t.dimension, t.value),
    check("statistics_sources_dimension", sql`${t.dimension} in ('referrer', 'utm_source', 'utm_campaign', 'device')`),
    check("statistics_sources_value", sql`char_length(${t.value}) between 1 and 100`),
    check("statistics_sources_count", sql`${t.count} >= 0`),
  ],
);

/** The batches of counts already added (a batch retried after an unknown outcome is not added twice). */
export const statisticsBatches = pgTable(
  "statistics_batches",
  { id: uuid("id").primaryKey(), addedAt: createdAt() },
  (t) => [index("statistics_batches_added_idx").on(t.addedAt)],
);

/** Her choice: keep the aggregates for ever instead of two years (one row, id always true). */
export const statisticsSettings = pgTable(
  "statistics_settings",
  {
    id: boolean("id").primaryKey().default(true),
    keepAll: boolean("keep_all").notNull().default(false),
  },
  (t) => [check("statistics_settings_one_row", sql`${t.id}`)],
);

// ---- FAQ (decision record 0063) --------------------------------------------------
// Positions are unique per list, checked at the end of each statement (DEFERRABLE, hand-written in the
// migration), so moving one up swaps two positions in one UPDATE.

/** A group of questions she names ("Prima visita"), in her order. */
export const faqGroups = pgTable(
  "faq_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("faq_groups_name_unique").on(t.name),
    check("faq_groups_name_length", sql`char_length(${t.name}) between 1 and 80`),
    check("faq_groups_position_positive", sql`${t.position} > 0`),
  ],
);

/**
 * A question and its answer (a rich-text document, checked on save and on every read), in its group;
 * `show_on_home`: among the few on the home page; `example`: written for a first start, until she edits it.
 */
export const faqQuestions = pgTable(
  "faq_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // A group with questions cannot be deleted: she moves or deletes them first.
    groupId: uuid("group_id")
      .notNull()
      .references(() => faqGroups.id, { onDelete: "restrict" }),
    question: text("question").notNull(),
    answer: jsonb("answer").notNull(),
    position: integer("position").notNull(),
    showOnHome: boolean("show_on_home").notNull().default(false),
    example: boolean("example").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("faq_questions_question_length", sql`char_length(${t.question}) between 1 and 200`),
    check("faq_questions_answer_document", sql`jsonb_typeof(${t.answer}) = 'object'`),
    check("faq_questions_position_positive", sql`${t.position} > 0`),
  ],
);

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
