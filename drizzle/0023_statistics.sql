CREATE TABLE "statistics_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statistics_days" (
	"day" date PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "statistics_days_counts" CHECK ("statistics_days"."views" >= 0 and "statistics_days"."visitors" >= 0)
);
--> statement-breakpoint
CREATE TABLE "statistics_pages" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "statistics_pages_day_path" UNIQUE("day","path"),
	CONSTRAINT "statistics_pages_path" CHECK ("statistics_pages"."path" ~ '^/' and char_length("statistics_pages"."path") <= 200),
	CONSTRAINT "statistics_pages_counts" CHECK ("statistics_pages"."views" >= 0 and "statistics_pages"."visitors" >= 0)
);
--> statement-breakpoint
CREATE TABLE "statistics_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"keep_all" boolean DEFAULT false NOT NULL,
	CONSTRAINT "statistics_settings_one_row" CHECK ("statistics_settings"."id")
);
--> statement-breakpoint
CREATE TABLE "statistics_sources" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "statistics_sources_day_value" UNIQUE("day","dimension","value"),
	CONSTRAINT "statistics_sources_dimension" CHECK ("statistics_sources"."dimension" in ('referrer', 'utm_source', 'utm_campaign', 'device')),
	CONSTRAINT "statistics_sources_value" CHECK (char_length("statistics_sources"."value") between 1 and 100),
	CONSTRAINT "statistics_sources_count" CHECK ("statistics_sources"."count" >= 0)
);
--> statement-breakpoint
CREATE INDEX "statistics_batches_added_idx" ON "statistics_batches" USING btree ("created_at");--> statement-breakpoint
-- hand-written: the day's random salt and the marks of the day's visitors (keyed hashes of the salt, the
-- client's address and user agent, and the page), outside the public schema so that no backup holds
-- them, and unlogged so that the WAL does not either; deleted after their day (decision 59). "If not
-- exists": a restore replays the migrations after emptying the public schema only, and finds these.
CREATE SCHEMA IF NOT EXISTS "statistics_volatile";--> statement-breakpoint
CREATE UNLOGGED TABLE IF NOT EXISTS "statistics_volatile"."salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);--> statement-breakpoint
CREATE UNLOGGED TABLE IF NOT EXISTS "statistics_volatile"."marks" (
	"day" date NOT NULL,
	"mark" text NOT NULL,
	PRIMARY KEY ("day", "mark")
);
