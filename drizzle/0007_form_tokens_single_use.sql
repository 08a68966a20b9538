CREATE TABLE "used_form_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "used_form_tokens_used_idx" ON "used_form_tokens" USING btree ("used_at");