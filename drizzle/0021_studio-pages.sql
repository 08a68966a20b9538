CREATE TABLE "studio_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"studio_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_slugs_slug_format" CHECK ("studio_slugs"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "studio_slugs_key_format" CHECK ("studio_slugs"."studio_key" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE INDEX "studio_slugs_studio_key_idx" ON "studio_slugs" USING btree ("studio_key");