ALTER TABLE "recipes" ADD COLUMN "image" jsonb;--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "image_alt" text;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_image_alt" CHECK (("recipes"."image" is null or "recipes"."image_alt" is not null) and char_length("recipes"."image_alt") <= 200);