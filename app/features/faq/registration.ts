import type { FeatureRegistration } from "~/core/feature-registration";

/** What the FAQ hands the core (decision 49). */
export const faqRegistration = {
  liveTables: ["faq"],
  cachedPages: ["/domande-frequenti"],
  // With the articles' pages: it shows rich text and breadcrumbs as they do, and what only
  // they share must stay out of the "site" chunk that /home loads.
  pageFamilies: { faq: "articles" },
} as const satisfies FeatureRegistration;
