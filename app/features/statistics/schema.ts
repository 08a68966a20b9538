import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "~/core/db/columns";

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
