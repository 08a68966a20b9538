import type { PublicImage } from "~/core/media/public-image";
import type { NutritionRow } from "./nutrition";
import type { RecipeStatus } from "./recipe";

/** The serving control goes from 1 to this many portions. */
export const MAX_SERVINGS = 24;

/** An ingredient as the page shows it, its amount written for every number of servings the control offers. */
export interface IngredientView {
  name: string;
  /** names[n - 1]: the name for n servings ("zucchina", "zucchine"); null when it never changes. */
  names: string[] | null;
  note: string | null;
  /** "q.b.": written after the name, the same for any number of servings. */
  toTaste: boolean;
  /** amounts[n - 1]: the amount for n servings ("100 g", "1 ½ cucchiai"), from 1 to MAX_SERVINGS. */
  amounts: string[];
}

/** A recipe as a list shows it (the public grid, the admin's list): ready to show, built on the server. */
export interface RecipeCardView {
  id: string;
  slug: string;
  path: string;
  title: string;
  description: string;
  status: RecipeStatus;
  statusLabel: string;
  categoryLabel: string;
  tags: { value: string; label: string }[];
  /** Preparation and cooking, e.g. "1 h 10 min". */
  totalTimeText: string;
  /** The photo's renditions; the recipe's own 4:3 crop once the photo is gone; null without either. */
  image: PublicImage | null;
}

/** Everything the recipe's page shows. */
export interface RecipePageView extends RecipeCardView {
  /** Her description of her own photo; null: the slideshow photo's, described by the title. */
  imageAlt: string | null;
  cuisine: string;
  servings: number;
  prepTimeText: string;
  cookTimeText: string | null;
  portionGrams: number | null;
  /**
   * In the groups she gave them. Every amount is computed here (quantities.ts): the serving control
   * picks the one for the servings chosen, and the page's script carries no scaling or number code.
   */
  ingredientGroups: { section: string | null; items: IngredientView[] }[];
  steps: string[];
  note: string | null;
  nutrition: NutritionRow[];
  publishedText: string | null;
}
