import type { FeatureRegistration } from "~/core/feature-registration";

/** What the site content hands the core (decision 49). */
export const siteContentRegistration = {
  liveTables: ["site_content"],
} as const satisfies FeatureRegistration;
