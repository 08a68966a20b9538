import type { Studio } from "./site-content";
import { freeStudioKey } from "./studio-keys";

/**
 * Each studio's slug, its page's address /studi/<slug>: made from its name, so it
 * follows a rename; "-2", "-3"… for a name another studio before it in the list already gives. The
 * key stays as it was (booking refers to it); an older slug redirects (studio-slugs.server.ts).
 */
export function studioSlugs(studios: readonly Pick<Studio, "key" | "name">[]): Map<string, string> {
  const used = new Set<string>();
  const slugs = new Map<string, string>();
  for (const studio of studios) {
    const slug = freeStudioKey(studio.name, used);
    used.add(slug);
    slugs.set(studio.key, slug);
  }
  return slugs;
}

/** The studio's page. */
export const studioPath = (slug: string) => `/studi/${slug}`;

/** The booking's address for that studio: its first step with the studio chosen. */
export const studioBookingPath = (slug: string) => `/prenota?${new URLSearchParams({ sede: slug })}`;
