import type { FeatureRegistration } from "~/core/feature-registration";

/** What the recipes hand the core (decision 49). */
export const recipesRegistration = {
  liveTables: ["recipes"],
  // The list (its plain first page) and each recipe's page, by the addresses their slugs allow.
  cachedPages: [/^\/ricette(\/[a-z0-9]+(-[a-z0-9]+)*)?$/],
  // The list and a recipe, one family.
  pageFamilies: { recipe: "recipes" },
} as const satisfies FeatureRegistration;
