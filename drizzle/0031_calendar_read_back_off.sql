ALTER TABLE "calendar_sources" DROP CONSTRAINT "calendar_sources_failure_valid";--> statement-breakpoint
ALTER TABLE "calendar_sources" ADD COLUMN "last_failure_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_sources" ADD COLUMN "consecutive_failures" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_sources" ADD COLUMN "next_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_sources" ADD CONSTRAINT "calendar_sources_failures_count" CHECK ("calendar_sources"."consecutive_failures" >= 0);--> statement-breakpoint
ALTER TABLE "calendar_sources" ADD CONSTRAINT "calendar_sources_failure_valid" CHECK ("calendar_sources"."last_failure" in ('bad_url', 'bad_scheme', 'private_address', 'unresolvable', 'network', 'timeout', 'too_large', 'http_status', 'too_many_redirects', 'not_calendar', 'too_many_events', 'too_many_occurrences', 'too_complex', 'too_heavy', 'busy'));