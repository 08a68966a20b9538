import type { FeatureRegistration } from "~/core/feature-registration";

/** What the articles hand the core (decision 49). */
export const articlesRegistration = {
  liveTables: ["articles"],
  // The list (its plain first page), the feed and each article's page.
  cachedPages: [/^\/articoli(\/[a-z0-9]+(-[a-z0-9]+)*|\/feed\.xml)?$/],
  // The list and an article, one family.
  pageFamilies: { article: "articles", articles: "articles" },
} as const satisfies FeatureRegistration;
