import type { PublicImage } from "~/core/media/public-image";
import type { NutritionRow } from "./nutrition";
import type { Ingredient, RecipeStatus } from "./recipe";

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
  cuisine: string;
  servings: number;
  prepTimeText: string;
  cookTimeText: string | null;
  portionGrams: number | null;
  /** As written, for `servings`: the page's serving control rescales them in the browser. */
  ingredients: Ingredient[];
  steps: string[];
  note: string | null;
  nutrition: NutritionRow[];
  publishedText: string | null;
}
