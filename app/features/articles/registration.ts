import type { FeatureRegistration } from "~/core/feature-registration";

/** What the articles hand the core (decision 49). */
export const articlesRegistration = {
  liveTables: ["articles"],
  // The list (its plain first page), the feed and each article's page.
  cachedPages: [/^\/articoli(\/[a-z0-9]+(-[a-z0-9]+)*|\/feed\.xml)?$/],
  // One family with the recipes' pages ("reading", the same name there): see the recipes' registration.
  pageFamilies: { article: "reading", articles: "reading" },
} as const satisfies FeatureRegistration;
