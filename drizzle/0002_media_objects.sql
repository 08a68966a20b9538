CREATE TABLE "media_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "media_objects_created_idx" ON "media_objects" USING btree ("created_at");