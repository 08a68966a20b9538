ALTER TABLE "articles" ADD COLUMN "cover_focus_x" smallint DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "cover_focus_y" smallint DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD COLUMN "images" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_cover_focus_percent" CHECK ("articles"."cover_focus_x" between 0 and 100 and "articles"."cover_focus_y" between 0 and 100);