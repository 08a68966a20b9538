CREATE TABLE "site_content_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"summary" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
