import type { FeatureRegistration } from "~/core/feature-registration";

/** What the photos hand the core (decision 49). */
export const photosRegistration = {
  liveTables: ["recipe_photos"],
} as const satisfies FeatureRegistration;
