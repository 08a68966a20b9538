import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "~/core/db/columns";
import type { StoredImage } from "~/core/db/schema";
import { STUDIO_KEY_PATTERN } from "~/core/db/studio-key";

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
