CREATE TABLE "online_rooms" (
	"visit_type_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"provider_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_rooms_kind_valid" CHECK ("online_rooms"."kind" in ('own', 'per_visit')),
	CONSTRAINT "online_rooms_url_https" CHECK ("online_rooms"."url" ~ '^https://[^/?#@]+' and char_length("online_rooms"."url") <= 600),
	CONSTRAINT "online_rooms_provider_length" CHECK (char_length(btrim("online_rooms"."provider_name")) between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "online_room_url" text;--> statement-breakpoint
ALTER TABLE "online_rooms" ADD CONSTRAINT "online_rooms_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_online_room_valid" CHECK ("appointments"."online_room_url" is null or ("appointments"."online" and "appointments"."online_room_url" ~ '^https://' and char_length("appointments"."online_room_url") <= 600));