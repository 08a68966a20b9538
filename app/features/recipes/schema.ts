import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, quoted } from "~/core/db/columns";
import type { ImageVariant, StoredImage } from "~/core/db/schema";
import { photoTable } from "./photo-table";
import { recipeCategories, recipeStatuses, recipeTags } from "./recipe-values";

/** The recipe's own crops of its photo, one each in the shapes search engines ask for (1:1, 4:3, 16:9). */
export interface RecipeCrops {
  /** The photo they were cut from: a new photo means new crops. */
  photoId: string;
  square: ImageVariant;
  standard: ImageVariant;
  wide: ImageVariant;
}

/** Grams per portion, one decimal (the EU label's precision for most nutrients). */
const grams = (name: string) => numeric(name, { precision: 6, scale: 1, mode: "number" });

/**
 * A recipe the practitioner wrote for one of the recipe photos. Deleting the photo keeps the recipe
 * (photo_id set null): it is her writing, and it keeps its own crops of the photo to show until she
 * picks another (decision record 0039). Nutrition is per portion, as she entered it; ingredients and
 * steps are jsonb lists the recipes feature parses on every read.
 */
export const recipes = pgTable(
  "recipes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    photoId: uuid("photo_id")
      .unique("recipes_photo_unique")
      .references(() => photoTable.id, { onDelete: "set null" }),
    /** The address: /ricette/<slug>. */
    slug: text("slug").notNull().unique("recipes_slug_unique"),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category", { enum: recipeCategories }).notNull(),
    tags: text("tags", { enum: recipeTags }).array().notNull().default(sql`'{}'::text[]`),
    cuisine: text("cuisine").notNull().default("Italiana"),
    servings: smallint("servings").notNull(),
    prepMinutes: integer("prep_minutes").notNull(),
    cookMinutes: integer("cook_minutes").notNull().default(0),
    /** The weight of one portion, for the values per 100 g; null when she did not give it. */
    portionGrams: integer("portion_grams"),
    ingredients: jsonb("ingredients").notNull(),
    steps: jsonb("steps").notNull(),
    /** The nutritionist's note under the recipe. */
    note: text("note"),
    energyKcal: integer("energy_kcal"),
    energyKj: integer("energy_kj"),
    fat: grams("fat"),
    saturates: grams("saturates"),
    carbohydrate: grams("carbohydrate"),
    sugars: grams("sugars"),
    fibre: grams("fibre"),
    protein: grams("protein"),
    salt: numeric("salt", { precision: 5, scale: 2, mode: "number" }),
    status: text("status", { enum: recipeStatuses }).notNull().default("draft"),
    /** The first publication (schema.org datePublished); kept when she unpublishes and publishes again. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    crops: jsonb("crops").$type<RecipeCrops>(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Her own photo, uploaded in the editor (re-encoded renditions), and its alt text.
    image: jsonb("image").$type<StoredImage>(),
    imageAlt: text("image_alt"),
  },
  (t) => [
    check(
      "recipes_image_alt",
      sql`(${t.image} is null or ${t.imageAlt} is not null) and char_length(${t.imageAlt}) <= 200`,
    ),
    check("recipes_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("recipes_category_valid", sql`${t.category} in (${quoted(recipeCategories)})`),
    check("recipes_tags_valid", sql`${t.tags} <@ array[${quoted(recipeTags)}]::text[]`),
    check("recipes_status_valid", sql`${t.status} in (${quoted(recipeStatuses)})`),
    check("recipes_published_dated", sql`${t.status} <> 'published' or ${t.publishedAt} is not null`),
    check("recipes_servings_range", sql`${t.servings} between 1 and 50`),
    check("recipes_times_non_negative", sql`${t.prepMinutes} >= 0 and ${t.cookMinutes} >= 0`),
    check("recipes_portion_positive", sql`${t.portionGrams} > 0`),
    check(
      "recipes_lists_are_arrays",
      sql`jsonb_typeof(${t.ingredients}) = 'array' and jsonb_typeof(${t.steps}) = 'array'`,
    ),
    check(
      "recipes_nutrition_non_negative",
      sql`${t.energyKcal} >= 0 and ${t.energyKj} >= 0 and ${t.fat} >= 0 and ${t.saturates} >= 0 and ${t.carbohydrate} >= 0 and ${t.sugars} >= 0 and ${t.fibre} >= 0 and ${t.protein} >= 0 and ${t.salt} >= 0`,
    ),
    check("recipes_saturates_within_fat", sql`${t.saturates} <= ${t.fat}`),
    check("recipes_sugars_within_carbohydrate", sql`${t.sugars} <= ${t.carbohydrate}`),
    index("recipes_published_idx").on(t.publishedAt.desc()).where(sql`${t.status} = 'published'`),
  ],
);

export type Recipe = typeof recipes.$inferSelect;
