/**
 * The composition's list of what each feature registers with the core (decision 49): the core
 * knows no feature by name, the features know no one another, and this module puts them together.
 * Plain values only: the browser's bundle (live tables), the server and vite.config.ts (page
 * families) import it. The background jobs are put together with the services, in server/jobs.ts.
 */
import type { CachedPage, FeatureRegistration } from "./core/feature-registration";
import { articlesRegistration } from "./features/articles/registration.ts";
import { faqRegistration } from "./features/faq/registration.ts";
import { bookingRegistration } from "./features/booking/registration.ts";
import { newsletterRegistration } from "./features/newsletter/registration.ts";
import { photosRegistration } from "./features/photos/registration.ts";
import { recipesRegistration } from "./features/recipes/registration.ts";
import { reviewsRegistration } from "./features/reviews/registration.ts";
import { siteContentRegistration } from "./features/site-content/registration.ts";

/** The site's own pages, which no one feature owns (the home page shows photos, recipes and reviews). */
const sitePages = {
  cachedPages: ["/", "/home", "/services", "/privacy", "/sitemap.xml"],
} as const satisfies FeatureRegistration;

const registrations = [
  sitePages,
  articlesRegistration,
  bookingRegistration,
  faqRegistration,
  newsletterRegistration,
  photosRegistration,
  recipesRegistration,
  reviewsRegistration,
  siteContentRegistration,
] as const satisfies readonly FeatureRegistration[];

type Registered = (typeof registrations)[number];
export type SiteLiveTable = Registered extends infer R
  ? R extends { liveTables: readonly (infer T)[] }
    ? T
    : never
  : never;

declare module "./core/events/change" {
  // The live tables' names, so a typo in a route's handle or an announcement does not compile.
  interface LiveTableNames extends Record<SiteLiveTable, true> {}
}

const listed = <T>(pick: (registration: FeatureRegistration) => readonly T[] | undefined): T[] =>
  registrations.flatMap((registration) => [...(pick(registration) ?? [])]);

/** Every live table (the event bus refuses an announcement of another, and a reconnect announces each). */
export const LIVE_TABLES = listed((r) => r.liveTables) as SiteLiveTable[];
/** Every page the page cache keeps. */
export const CACHED_PAGES: CachedPage[] = listed((r) => r.cachedPages);
/** The addresses the whole-site Origin check lets another site post to. */
export const FOREIGN_POSTS: RegExp[] = listed((r) => r.foreignPosts);
/** Route file name → its family (vite.config.ts's chunks). */
export const PAGE_FAMILIES: Record<string, string> = Object.assign(
  {},
  ...registrations.map((registration: FeatureRegistration) => registration.pageFamilies ?? {}),
);
