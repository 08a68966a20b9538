CREATE TABLE "calendar_busy_intervals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_busy_intervals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_busy_intervals_order" CHECK ("calendar_busy_intervals"."ends_at" > "calendar_busy_intervals"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "calendar_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"studio_keys" text[],
	"blocks_online" boolean DEFAULT true NOT NULL,
	"etag" text,
	"last_modified" text,
	"read_until" timestamp with time zone,
	"last_read_at" timestamp with time zone,
	"last_failure" text,
	"last_failure_status" smallint,
	"last_failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_sources_name_length" CHECK (char_length(btrim("calendar_sources"."name")) between 1 and 60),
	CONSTRAINT "calendar_sources_url_length" CHECK (char_length("calendar_sources"."url") between 1 and 2000),
	CONSTRAINT "calendar_sources_studio_keys_format" CHECK (array_position("calendar_sources"."studio_keys", null) is null and array_to_string("calendar_sources"."studio_keys", ' ') ~ '^([a-z0-9]+(-[a-z0-9]+)*( [a-z0-9]+(-[a-z0-9]+)*)*)?$'),
	CONSTRAINT "calendar_sources_failure_valid" CHECK ("calendar_sources"."last_failure" in ('bad_url', 'bad_scheme', 'private_address', 'unresolvable', 'network', 'timeout', 'too_large', 'http_status', 'too_many_redirects', 'not_calendar', 'too_many_events', 'too_many_occurrences', 'too_complex')),
	CONSTRAINT "calendar_sources_failure_when" CHECK (("calendar_sources"."last_failure" is null) = ("calendar_sources"."last_failed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "calendar_busy_intervals" ADD CONSTRAINT "calendar_busy_intervals_source_id_calendar_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."calendar_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_busy_intervals_ends_idx" ON "calendar_busy_intervals" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "calendar_busy_intervals_source_idx" ON "calendar_busy_intervals" USING btree ("source_id");