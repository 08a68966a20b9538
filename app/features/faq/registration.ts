import type { FeatureRegistration } from "~/core/feature-registration";

/** What the FAQ hands the core (decision 49). */
export const faqRegistration = {
  liveTables: ["faq"],
  cachedPages: ["/domande-frequenti"],
  // The page is a family of its own: what it uses stays out of the chunks /home loads.
  pageFamilies: { faq: "faq" },
} as const satisfies FeatureRegistration;
