import type { RecipeCategory, RecipeStatus, RecipeTag } from "./recipe-values";

export { recipeCategories, recipeStatuses, recipeTags } from "./recipe-values";
export type { RecipeCategory, RecipeStatus, RecipeTag };

/*
 * A recipe as the feature and its pages see it: plain values, no ORM, safe in the browser.
 */

/**
 * The units an ingredient may be measured in. "pezzo" is a count without a unit (2 uova); "qb"
 * (quanto basta) has no quantity at all. Metric units are rescaled and switch between g and kg,
 * ml and l; the others keep their unit and are rounded to fractions a cook can measure.
 */
export const recipeUnits = [
  "g",
  "kg",
  "ml",
  "l",
  "cucchiaio",
  "cucchiaino",
  "tazza",
  "bicchiere",
  "pizzico",
  "spicchio",
  "fetta",
  "foglia",
  "mazzetto",
  "pezzo",
  "qb",
] as const;
export type RecipeUnit = (typeof recipeUnits)[number];

export const CATEGORY_LABELS: Record<RecipeCategory, string> = {
  colazione: "Colazione",
  pranzo: "Pranzo",
  cena: "Cena",
  spuntino: "Spuntino",
  contorno: "Contorno",
  dolce: "Dolce",
};

export const TAG_LABELS: Record<RecipeTag, string> = {
  vegetariana: "Vegetariana",
  vegana: "Vegana",
  "senza-glutine": "Senza glutine",
  "senza-lattosio": "Senza lattosio",
  bambini: "Adatta ai bambini",
  sportivi: "Per sportivi",
};

export const STATUS_LABELS: Record<RecipeStatus, string> = {
  draft: "Bozza",
  published: "Pubblicata",
};

export interface Ingredient {
  /** The heading of the group it opens or continues ("Per il condimento"); null outside any group. */
  section: string | null;
  /** Null only with the unit "qb". */
  quantity: number | null;
  unit: RecipeUnit;
  /** "zucchina" for a count: the name for one. */
  name: string;
  /** The name for more than one when it changes ("zucchine"): with a count (unit "pezzo") only. */
  plural?: string | null;
  note: string | null;
}

export interface RecipeStep {
  text: string;
}

/** Per portion, as she entered them, in the EU label's order; null where she gave no value. */
export interface Nutrition {
  energyKcal: number | null;
  energyKj: number | null;
  fat: number | null;
  saturates: number | null;
  carbohydrate: number | null;
  sugars: number | null;
  fibre: number | null;
  protein: number | null;
  salt: number | null;
}

export const NUTRIENTS = ["fat", "saturates", "carbohydrate", "sugars", "fibre", "protein", "salt"] as const;
export type Nutrient = (typeof NUTRIENTS)[number];

/** The names the EU nutrition label uses (Reg. UE 1169/2011, allegato XV), in its order. */
export const NUTRIENT_LABELS: Record<Nutrient, string> = {
  fat: "Grassi",
  saturates: "di cui acidi grassi saturi",
  carbohydrate: "Carboidrati",
  sugars: "di cui zuccheri",
  fibre: "Fibre",
  protein: "Proteine",
  salt: "Sale",
};

/** A recipe's stored fields, as the repository reads them (lists parsed, numbers as numbers). */
export interface RecipeData {
  photoId: string | null;
  slug: string;
  title: string;
  description: string;
  category: RecipeCategory;
  tags: RecipeTag[];
  cuisine: string;
  servings: number;
  prepMinutes: number;
  cookMinutes: number;
  portionGrams: number | null;
  ingredients: Ingredient[];
  steps: RecipeStep[];
  note: string | null;
  nutrition: Nutrition;
  status: RecipeStatus;
}

/** The public address of a recipe. */
export const recipePath = (slug: string) => `/ricette/${slug}`;
