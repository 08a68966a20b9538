import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "~/core/db/columns";
import type { StoredImage } from "~/core/db/schema";

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
