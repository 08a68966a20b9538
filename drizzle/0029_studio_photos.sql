CREATE TABLE "studio_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_key" text NOT NULL,
	"position" smallint NOT NULL,
	"image" jsonb NOT NULL,
	"alt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_photos_key_format" CHECK ("studio_photos"."studio_key" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "studio_photos_position_range" CHECK ("studio_photos"."position" between 0 and 5),
	CONSTRAINT "studio_photos_alt_length" CHECK (char_length(btrim("studio_photos"."alt")) between 1 and 200)
);
--> statement-breakpoint
-- hand-written: positions unique per studio, checked at the end of each statement, so a move swaps two in one UPDATE; with the range check, at most six photos a studio.
ALTER TABLE "studio_photos" ADD CONSTRAINT "studio_photos_studio_position_unique" UNIQUE ("studio_key", "position") DEFERRABLE INITIALLY IMMEDIATE;
