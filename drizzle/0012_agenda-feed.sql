CREATE TABLE "calendar_feed" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feed_token_unique" UNIQUE("token_hash"),
	CONSTRAINT "calendar_feed_one_row" CHECK ("calendar_feed"."id")
);
