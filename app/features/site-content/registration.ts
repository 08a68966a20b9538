import type { FeatureRegistration } from "~/core/feature-registration";

/** What the site content hands the core (decision 49). */
export const siteContentRegistration = {
  // studio_photos: a studio's photos (its page leaves the page cache and open pages refresh).
  // site_publication: published or back in preparation (the gate and the page cache hear it; decision 73).
  liveTables: ["site_content", "studio_photos", "site_publication"],
  // Each studio's page, by the addresses its slugs allow (an old slug's 301 is never kept: only 200s are).
  cachedPages: [/^\/studi\/[a-z0-9]+(-[a-z0-9]+)*$/],
  // A studio's page, its own family: its modules stay out of the chunk every page loads.
  pageFamilies: { studio: "studios" },
} as const satisfies FeatureRegistration;
