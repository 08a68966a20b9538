import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "~/core/db/columns";
import type { StoredImage } from "~/core/db/schema";

export const recipePhotos = pgTable(
  "recipe_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title"),
    /** URL of the largest rendition; `image` lists every rendition. */
    imageUrl: text("image_url").notNull(),
    image: jsonb("image").$type<StoredImage>(),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("recipe_photos_order_idx").on(t.displayOrder, t.createdAt.desc())],
);

export type RecipePhoto = typeof recipePhotos.$inferSelect;
