CREATE TABLE "backup_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ok" boolean NOT NULL,
	"name" text,
	"bytes" bigint,
	"detail" text
);
--> statement-breakpoint
CREATE INDEX "backup_checks_kind_finished_idx" ON "backup_checks" USING btree ("kind","finished_at" DESC NULLS LAST);