import { formatItalianDate } from "~/core/format/italian-format";
import { toPublicImage } from "~/core/media/image-pipeline.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import type { PublicImage } from "~/core/media/public-image";
import { formatMinutes } from "./durations";
import { nutritionRows } from "./nutrition";
import { formatAmount, groupIngredients, ingredientName, scaleAmount } from "./quantities";
import { CATEGORY_LABELS, recipePath, STATUS_LABELS, TAG_LABELS } from "./recipe";
import { type IngredientView, MAX_SERVINGS, type RecipeCardView, type RecipePageView } from "./recipe-view";
import type { RecipeRecord } from "./recipes.server";

/** Her own photo's renditions, else the slideshow photo's; once that is deleted, the recipe's own 4:3 crop. */
export function recipeImage(media: MediaStorage, recipe: RecipeRecord): PublicImage | null {
  const { photo, crops, own } = recipe;
  if (own) return toPublicImage(media, own.image);
  if (photo?.image) return toPublicImage(media, photo.image);
  if (crops) {
    const { key, width, height } = crops.standard;
    return { src: media.publicUrl(key), srcSet: "", width, height };
  }
  return photo ? { src: photo.imageUrl, srcSet: "", width: 1280, height: 960 } : null;
}

export function toRecipeCardView(media: MediaStorage, recipe: RecipeRecord): RecipeCardView {
  return {
    id: recipe.id,
    slug: recipe.slug,
    path: recipePath(recipe.slug),
    title: recipe.title,
    description: recipe.description,
    status: recipe.status,
    statusLabel: STATUS_LABELS[recipe.status],
    categoryLabel: CATEGORY_LABELS[recipe.category],
    tags: recipe.tags.map((tag) => ({ value: tag, label: TAG_LABELS[tag] })),
    totalTimeText: formatMinutes(recipe.prepMinutes + recipe.cookMinutes),
    image: recipeImage(media, recipe),
  };
}

export function toRecipePageView(media: MediaStorage, recipe: RecipeRecord): RecipePageView {
  return {
    ...toRecipeCardView(media, recipe),
    imageAlt: recipe.own?.alt ?? null,
    cuisine: recipe.cuisine,
    servings: recipe.servings,
    prepTimeText: formatMinutes(recipe.prepMinutes),
    cookTimeText: recipe.cookMinutes > 0 ? formatMinutes(recipe.cookMinutes) : null,
    portionGrams: recipe.portionGrams,
    ingredientGroups: groupIngredients(recipe.ingredients).map(({ section, items }) => ({
      section,
      items: items.map((ingredient): IngredientView => {
        const scaled =
          ingredient.unit === "qb"
            ? []
            : Array.from({ length: MAX_SERVINGS }, (_, i) => scaleAmount(ingredient, (i + 1) / recipe.servings));
        const names = scaled.map((amount) => ingredientName(ingredient, amount));
        return {
          name: ingredient.name,
          names: names.some((name) => name !== ingredient.name) ? names : null,
          note: ingredient.note,
          toTaste: ingredient.unit === "qb",
          amounts: scaled.map(formatAmount),
        };
      }),
    })),
    steps: recipe.steps.map((step) => step.text),
    note: recipe.note,
    nutrition: nutritionRows(recipe.nutrition, recipe.portionGrams),
    publishedText: recipe.publishedAt ? formatItalianDate(recipe.publishedAt.toISOString()) : null,
  };
}

/**
 * The recipe's images as search engines and share cards get them, as absolute addresses: its
 * crops (1:1, 4:3, 16:9) when it has them, the photo's largest rendition otherwise; the 16:9 crop
 * (or that rendition) for the share cards.
 */
export function recipeImageUrls(
  media: MediaStorage,
  recipe: RecipeRecord,
  siteUrl: string,
): { all: string[]; share: { url: string; width: number; height: number } | null } {
  const absolute = (url: string) => new URL(url, siteUrl).href;
  if (recipe.crops) {
    const { square, standard, wide } = recipe.crops;
    return {
      all: [square, standard, wide].map((crop) => absolute(media.publicUrl(crop.key))),
      share: { url: absolute(media.publicUrl(wide.key)), width: wide.width, height: wide.height },
    };
  }
  const image = recipeImage(media, recipe);
  if (!image) return { all: [], share: null };
  const share = { url: absolute(image.src), width: image.width, height: image.height };
  return { all: [share.url], share };
}
