/**
 * The values the recipes table's check constraints allow (schema.ts): a leaf module, so the
 * recipe pages and the editor in the browser get the lists without the ORM. Their Italian labels
 * are the recipes feature's (app/features/recipes/recipe.ts).
 */
export const recipeCategories = ["colazione", "pranzo", "cena", "spuntino", "contorno", "dolce"] as const;
export type RecipeCategory = (typeof recipeCategories)[number];

export const recipeTags = ["vegetariana", "vegana", "senza-glutine", "senza-lattosio", "bambini", "sportivi"] as const;
export type RecipeTag = (typeof recipeTags)[number];

export const recipeStatuses = ["draft", "published"] as const;
export type RecipeStatus = (typeof recipeStatuses)[number];
