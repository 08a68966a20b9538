import { eq, sql } from "drizzle-orm";
import type { Db, Executor } from "~/core/db/database.server";
import { STUDIO_KEY_PATTERN } from "~/core/db/studio-key";
import { studioSlugs as studioSlugTable } from "./schema";
import type { Studio } from "./site-content";
import { studioSlugs } from "./studio-slugs";

const SLUG = new RegExp(STUDIO_KEY_PATTERN);
const SLUG_MAX = 120;

/**
 * Remembers every slug the studios have had, in the transaction that publishes a version of the
 * content: the slugs of the version it replaces (so one published before this table existed is
 * kept too) and the new version's, each with its studio's key. A slug another studio now takes
 * passes to it: the current name wins over an old one.
 */
export async function recordStudioSlugs(
  tx: Pick<Executor, "insert">,
  previous: readonly Studio[],
  next: readonly Studio[],
): Promise<void> {
  const rows = (studios: readonly Studio[]) =>
    [...studioSlugs(studios)].map(([studioKey, slug]) => ({ slug, studioKey }));
  const old = rows(previous);
  if (old.length) await tx.insert(studioSlugTable).values(old).onConflictDoNothing();
  const now = rows(next);
  if (now.length)
    await tx
      .insert(studioSlugTable)
      .values(now)
      .onConflictDoUpdate({ target: studioSlugTable.slug, set: { studioKey: sql`excluded.studio_key` } });
}

/** What an address names: a studio at its current slug, an older one moved to `slug`, or nothing. */
export type StudioAtSlug = { found: Studio; slug: string } | { moved: string } | null;

export function createStudioSlugRepository(db: Db) {
  return {
    /**
     * The studio `slug` names among `studios` (the published ones): by its current slug, or by a
     * slug or key it had before (then `moved`, to answer 301). Anything else: null.
     */
    async resolve(studios: readonly Studio[], slug: string): Promise<StudioAtSlug> {
      if (slug.length > SLUG_MAX || !SLUG.test(slug)) return null;
      const current = studioSlugs(studios);
      const found = studios.find((studio) => current.get(studio.key) === slug);
      if (found) return { found, slug };
      // Booking links made before the pages carried the studio's key: it names the studio too.
      const byKey = studios.find((studio) => studio.key === slug)?.key;
      const key =
        byKey ?? (await db.select().from(studioSlugTable).where(eq(studioSlugTable.slug, slug)))[0]?.studioKey;
      const moved = key ? current.get(key) : undefined;
      return moved ? { moved } : null;
    },
  };
}

export type StudioSlugRepository = ReturnType<typeof createStudioSlugRepository>;
