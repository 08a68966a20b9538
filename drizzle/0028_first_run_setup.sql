CREATE TABLE "site_setup" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"opened_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "site_setup_single_row" CHECK ("site_setup"."id")
);
--> statement-breakpoint
-- hand-written: a site she has already edited is set up; the setup neither opens nor waits on her to-do list.
INSERT INTO "site_setup" ("id", "opened_at", "finished_at")
SELECT true, now(), now() WHERE EXISTS (SELECT 1 FROM "site_content_versions" WHERE "version" > 1);
