import { eq, sql } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { siteSetup } from "./schema";
import type { EventBus } from "~/core/events/event-bus.server";
import { changeAnnouncer, type OnChangeError } from "~/core/events/publish-change.server";

/*
 * Decision 73: whether she published the site. On a public address, until she
 * does, visitors get only "Sito in preparazione"; the state is one column of site_setup's one row,
 * each change announced as "site_publication" so that every process's gate and page cache hear it.
 */

/** The hosts of a site nobody else reaches (development, tests, demos): always shown as today. */
export function isLoopbackSite(siteUrl: string): boolean {
  const host = new URL(siteUrl).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** `bus` absent: the state is stored and nobody is told (running processes read it within 30 s). */
export function createPublication(db: Db, bus?: Pick<EventBus, "publish">, onError?: OnChangeError) {
  const announce = changeAnnouncer(bus, onError, "announcing the site's publication failed");
  const set = async (published: boolean) => {
    const publishedAt = published ? sql`coalesce(${siteSetup.publishedAt}, now())` : sql`null`;
    await db
      .insert(siteSetup)
      .values({ publishedAt: published ? new Date() : null })
      .onConflictDoUpdate({ target: siteSetup.id, set: { publishedAt } });
    await announce({ table: "site_publication", action: "update", id: published ? "published" : "preparation" });
  };
  return {
    /** When she published it; null while it is in preparation. */
    async publishedAt(): Promise<Date | null> {
      const [row] = await db
        .select({ publishedAt: siteSetup.publishedAt })
        .from(siteSetup)
        .where(eq(siteSetup.id, true));
      return row?.publishedAt ?? null;
    },
    publishSite: () => set(true),
    /** Back in preparation: visitors get "Sito in preparazione" again. */
    unpublish: () => set(false),
  };
}

export type Publication = ReturnType<typeof createPublication>;
