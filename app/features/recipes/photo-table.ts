import { jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { StoredImage } from "~/core/db/schema";

/**
 * The photos' table (the photos feature declares and writes it) as the recipes read it: the target
 * of `recipes.photo_id` and the columns joined with a recipe. A feature imports no other, so the
 * recipes name the table as SQL would (decision 81). Not a schema file: drizzle-kit creates nothing
 * from it; `app/composition/site-schema.test.ts` holds it to the photos' own declaration.
 */
export const photoTable = pgTable("recipe_photos", {
  id: uuid("id").primaryKey().defaultRandom(),
  title: text("title"),
  imageUrl: text("image_url").notNull(),
  image: jsonb("image").$type<StoredImage>(),
});
