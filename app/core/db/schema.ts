import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { recipeCategories, recipeStatuses, recipeTags } from "./recipe-values";
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
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
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
  },
  (t) => [
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
