CREATE TABLE "holiday_reopenings" (
	"day" date PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patron_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_key" text NOT NULL,
	"month" smallint NOT NULL,
	"day" smallint NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patron_days_studio_day_unique" UNIQUE("studio_key","month","day"),
	CONSTRAINT "patron_days_studio_key_format" CHECK ("patron_days"."studio_key" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "patron_days_date_valid" CHECK ("patron_days"."month" between 1 and 12 and "patron_days"."day" between 1 and (case when "patron_days"."month" = 2 then 29 when "patron_days"."month" in (4, 6, 9, 11) then 30 else 31 end)),
	CONSTRAINT "patron_days_name_length" CHECK (char_length(btrim("patron_days"."name")) between 1 and 80)
);
