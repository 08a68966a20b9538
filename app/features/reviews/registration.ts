import type { FeatureRegistration } from "~/core/feature-registration";

/** What the reviews hand the core (decision 49). */
export const reviewsRegistration = {
  liveTables: ["reviews"],
  // Its plain first page: a filter, a later page or an invitation is rendered per request.
  cachedPages: ["/reviews"],
} as const satisfies FeatureRegistration;
