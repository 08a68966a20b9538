CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_type_id" uuid NOT NULL,
	"studio_key" text,
	"online" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"patient_name" text NOT NULL,
	"patient_email" text NOT NULL,
	"patient_phone" text NOT NULL,
	"note" text,
	"manage_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	CONSTRAINT "appointments_manage_token_unique" UNIQUE("manage_token_hash"),
	CONSTRAINT "appointments_status_valid" CHECK ("appointments"."status" in ('pending', 'confirmed', 'declined', 'cancelled', 'no_show')),
	CONSTRAINT "appointments_place_valid" CHECK ("appointments"."online" = ("appointments"."studio_key" is null)),
	CONSTRAINT "appointments_studio_key_format" CHECK ("appointments"."studio_key" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "appointments_duration_range" CHECK ("appointments"."ends_at" - "appointments"."starts_at" between interval '5 minutes' and interval '480 minutes'),
	CONSTRAINT "appointments_buffer_range" CHECK ("appointments"."blocked_until" - "appointments"."ends_at" between interval '0 minutes' and interval '120 minutes'),
	CONSTRAINT "appointments_patient_name_length" CHECK (char_length(btrim("appointments"."patient_name")) between 1 and 100),
	CONSTRAINT "appointments_patient_email_length" CHECK (char_length("appointments"."patient_email") between 3 and 254),
	CONSTRAINT "appointments_patient_phone_length" CHECK (char_length("appointments"."patient_phone") between 1 and 30),
	CONSTRAINT "appointments_note_length" CHECK (char_length("appointments"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"mode" text DEFAULT 'external' NOT NULL,
	"buffer_minutes" smallint DEFAULT 10 NOT NULL,
	"minimum_notice_hours" smallint DEFAULT 24 NOT NULL,
	"horizon_days" smallint DEFAULT 60 NOT NULL,
	"cancellation_limit_hours" smallint DEFAULT 24 NOT NULL,
	"reminder_time" time DEFAULT '18:00' NOT NULL,
	"retention_months" smallint DEFAULT 24 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_settings_one_row" CHECK ("booking_settings"."id"),
	CONSTRAINT "booking_settings_mode_valid" CHECK ("booking_settings"."mode" in ('site', 'external', 'phone', 'none')),
	CONSTRAINT "booking_settings_buffer_range" CHECK ("booking_settings"."buffer_minutes" between 0 and 120),
	CONSTRAINT "booking_settings_notice_range" CHECK ("booking_settings"."minimum_notice_hours" between 0 and 720),
	CONSTRAINT "booking_settings_horizon_range" CHECK ("booking_settings"."horizon_days" between 1 and 365),
	CONSTRAINT "booking_settings_cancellation_range" CHECK ("booking_settings"."cancellation_limit_hours" between 0 and 720),
	CONSTRAINT "booking_settings_retention_range" CHECK ("booking_settings"."retention_months" between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_off_range_valid" CHECK ("time_off"."ends_on" >= "time_off"."starts_on"),
	CONSTRAINT "time_off_label_length" CHECK (char_length("time_off"."label") <= 80)
);
--> statement-breakpoint
CREATE TABLE "visit_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"price_cents" integer,
	"show_price" boolean DEFAULT false NOT NULL,
	"confirmation" text NOT NULL,
	"studio_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_types_name_length" CHECK (char_length(btrim("visit_types"."name")) between 1 and 80),
	CONSTRAINT "visit_types_duration_range" CHECK ("visit_types"."duration_minutes" between 5 and 480),
	CONSTRAINT "visit_types_price_range" CHECK ("visit_types"."price_cents" between 0 and 10000000),
	CONSTRAINT "visit_types_shown_price_given" CHECK (not "visit_types"."show_price" or "visit_types"."price_cents" is not null),
	CONSTRAINT "visit_types_confirmation_valid" CHECK ("visit_types"."confirmation" in ('immediate', 'request')),
	CONSTRAINT "visit_types_studio_keys_format" CHECK (array_position("visit_types"."studio_keys", null) is null and array_to_string("visit_types"."studio_keys", ' ') ~ '^([a-z0-9]+(-[a-z0-9]+)*( [a-z0-9]+(-[a-z0-9]+)*)*)?$'),
	CONSTRAINT "visit_types_offered_somewhere" CHECK (not "visit_types"."active" or "visit_types"."online" or cardinality("visit_types"."studio_keys") > 0)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_starts_idx" ON "appointments" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "time_off_ends_idx" ON "time_off" USING btree ("ends_on");--> statement-breakpoint
CREATE INDEX "visit_types_order_idx" ON "visit_types" USING btree ("display_order","created_at");--> statement-breakpoint
-- Written by hand (drizzle-kit cannot declare an exclusion constraint): no two appointments that hold
-- their time overlap, the buffer after each included. One practitioner, so the range alone is the key.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap" EXCLUDE USING gist (tstzrange("starts_at", "blocked_until", '[)') WITH &&) WHERE ("status" in ('pending', 'confirmed'));
