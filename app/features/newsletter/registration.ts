import type { FeatureRegistration } from "~/core/feature-registration";

/** What the newsletter hands the core (decision 64). */
export const newsletterRegistration = {
  // Her consent wording is under every page's form: a change empties the page cache.
  liveTables: ["newsletter_settings"],
  // The form's own page (its answers are never cached: a post).
  cachedPages: ["/newsletter"],
  // The form's page, the confirmation and the unsubscribe: their messages stay out of every other page's code.
  pageFamilies: {
    newsletter: "newsletter",
    "newsletter-confirm": "newsletter",
    "newsletter-unsubscribe": "newsletter",
  },
  // A mail program's one-click unsubscribe (RFC 8058) posts from outside the site, with no Origin of ours.
  foreignPosts: [/^\/newsletter\/disiscriviti\/[A-Za-z0-9_-]{43}$/],
} as const satisfies FeatureRegistration;
