CREATE TABLE "waiting_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_type_id" uuid NOT NULL,
	"studio_key" text,
	"patient_name" text NOT NULL,
	"patient_email" text NOT NULL,
	"weekdays" smallint[] NOT NULL,
	"day_parts" text[] NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"notified_token_hash" text,
	"notified_until" timestamp with time zone,
	CONSTRAINT "waiting_list_token_unique" UNIQUE("notified_token_hash"),
	CONSTRAINT "waiting_list_studio_key_format" CHECK ("waiting_list_entries"."studio_key" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "waiting_list_patient_name_length" CHECK (char_length(btrim("waiting_list_entries"."patient_name")) between 1 and 100),
	CONSTRAINT "waiting_list_patient_email_length" CHECK (char_length("waiting_list_entries"."patient_email") between 3 and 254),
	CONSTRAINT "waiting_list_weekdays_valid" CHECK (cardinality("waiting_list_entries"."weekdays") between 1 and 7 and "waiting_list_entries"."weekdays" <@ array[1, 2, 3, 4, 5, 6, 7]::smallint[]),
	CONSTRAINT "waiting_list_day_parts_valid" CHECK (cardinality("waiting_list_entries"."day_parts") between 1 and 3 and "waiting_list_entries"."day_parts" <@ array['mattina', 'pomeriggio', 'sera']::text[]),
	CONSTRAINT "waiting_list_status_valid" CHECK ("waiting_list_entries"."status" in ('waiting', 'booked')),
	CONSTRAINT "waiting_list_notified_whole" CHECK (("waiting_list_entries"."notified_token_hash" is null) = ("waiting_list_entries"."notified_until" is null)),
	CONSTRAINT "waiting_list_expiry_after_creation" CHECK ("waiting_list_entries"."expires_at" > "waiting_list_entries"."created_at")
);
--> statement-breakpoint
CREATE TABLE "waiting_list_openings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_list_openings_range" CHECK ("waiting_list_openings"."ends_at" > "waiting_list_openings"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "booking_settings" ADD COLUMN "waiting_list_expiry_days" smallint DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD COLUMN "waiting_list_link_hours" smallint DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waiting_list_queue_idx" ON "waiting_list_entries" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_one_per_patient" ON "waiting_list_entries" USING btree (lower("patient_email"),"visit_type_id",coalesce("studio_key", '')) WHERE "waiting_list_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waiting_list_expires_idx" ON "waiting_list_entries" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "waiting_list_openings_created_idx" ON "waiting_list_openings" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_waiting_expiry_range" CHECK ("booking_settings"."waiting_list_expiry_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_waiting_link_range" CHECK ("booking_settings"."waiting_list_link_hours" between 1 and 72);