import type { FeatureRegistration } from "~/core/feature-registration";

/** What the recipes hand the core (decision 49). */
export const recipesRegistration = {
  liveTables: ["recipes"],
  // The list (its plain first page) and each recipe's page, by the addresses their slugs allow.
  cachedPages: [/^\/ricette(\/[a-z0-9]+(-[a-z0-9]+)*)?$/],
  // The list and a recipe, one family with the articles' pages ("reading", the same name there): what
  // a recipe and an article share (the share card) is theirs, not in the chunk every public page loads.
  pageFamilies: { recipe: "reading", recipes: "reading" },
} as const satisfies FeatureRegistration;
