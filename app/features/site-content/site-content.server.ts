import { readFileSync } from "node:fs";
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { siteContentVersions } from "./schema";
import type { EventBus } from "~/core/events/event-bus.server";
import { changeAnnouncer, type OnChangeError } from "~/core/events/publish-change.server";
import type { Executor } from "~/core/db/database.server";
import { defaultSiteContent } from "./defaults";
import { type ContentGroup, groupLabels } from "./editor-groups";
import { withSectionFrom } from "./version-changes";
import { siteContentSchema } from "./stored-content-schema";
import { recordStudioSlugs } from "./studio-slugs.server";
import type { FormerNames } from "./examples";
import { formerNamesReader } from "./former-names.server";
import {
  KEPT_VERSIONS,
  LISTED_VERSIONS,
  type PublicSiteContent,
  type PublishedContent,
  type SiteContent,
} from "./site-content";
import { deleteStoredImage, toPublicImage } from "~/core/media/image-pipeline.server";
import type { StoredImage } from "~/core/db/schema";
import { removePhotosOfGoneStudios } from "./studio-photos.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import { refused, type Result, succeeded } from "~/core/result";

export { defaultSiteContent, KEPT_VERSIONS };

/** Not a refusal: a seed file or stored row the code cannot read, fatal at start (server/start.ts names it). */
export class SiteContentError extends Error {
  override name = "SiteContentError";
}

type Json = unknown;
function mergeOver(base: Json, override: Json): Json {
  if (Array.isArray(override) || typeof override !== "object" || override === null) return override;
  if (typeof base !== "object" || base === null || Array.isArray(base)) return override;
  const merged: Record<string, Json> = { ...(base as Record<string, Json>) };
  for (const [key, value] of Object.entries(override)) merged[key] = mergeOver(merged[key], value);
  return merged;
}

/** Validates content; the error names the first bad field by its path. */
function parseSiteContent(value: unknown, source: string): SiteContent {
  const result = siteContentSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new SiteContentError(`Invalid site content in ${source}: ${issue.path.join(".")} (${issue.message})`);
  }
  return result.data;
}

/**
 * The first version's content: the typed defaults, with a deployer's SITE_CONTENT_FILE (only the
 * fields that differ) merged over them. Read at every start so a bad file always stops start-up,
 * but applied only to an empty database: after that, the database is the one source of truth.
 */
export function loadSeedContent(seedFile?: string): SiteContent {
  if (!seedFile) return defaultSiteContent;
  let override: Json;
  try {
    override = JSON.parse(readFileSync(seedFile, "utf8"));
  } catch (error) {
    throw new SiteContentError(`SITE_CONTENT_FILE ${seedFile}: ${(error as Error).message}`);
  }
  return parseSiteContent(mergeOver(defaultSiteContent, override), `SITE_CONTENT_FILE ${seedFile}`);
}

export interface VersionSummary {
  version: number;
  summary: string;
  savedAt: string;
}

/**
 * Published, or `unchanged`: the content was the same as the base version's, so no version was
 * added. Refused: "conflict", someone saved after the form was loaded and nothing was written (the
 * current content as detail); "missing", no such version to restore.
 */
export type SaveResult = Result<
  { published: PublishedContent; unchanged?: true },
  "conflict" | "missing",
  PublishedContent
>;

export interface SiteContentStore {
  /**
   * The published content, cached per process until the bus announces a newer version. Inside a
   * transaction pass its executor: it is read through it, never through a pooled connection.
   */
  current(executor?: Pick<Executor, "select">): Promise<PublishedContent>;
  /** Publishes `content` as the version after `baseVersion`, unless another save came first. */
  save(baseVersion: number, summary: string, content: SiteContent): Promise<SaveResult>;
  /** One version as it was saved, or null when it is no longer kept. */
  version(version: number): Promise<PublishedContent | null>;
  /**
   * Publishes an older version's content again, as a new version (so a restore can be undone too);
   * with `group`, only that section of it, the rest as it is now.
   */
  restore(version: number, baseVersion: number, group?: ContentGroup): Promise<SaveResult>;
  history(limit?: number): Promise<VersionSummary[]>;
  /** Stores the first version when there is none; true when it did. */
  seed(initial: SiteContent): Promise<boolean>;
  /**
   * The people, studios and cities every kept version named (examples.ts points out a text naming
   * one she no longer has): one query of distinct names, then kept until `version` is no longer the newest.
   */
  formerNames(version: number): Promise<FormerNames>;
  /** Stops listening to the bus. */
  close(): void;
}

type Row = typeof siteContentVersions.$inferSelect;

const toPublished = (row: Pick<Row, "version" | "content" | "createdAt">): PublishedContent => ({
  version: row.version,
  // Content saved by an older release lacks the fields added since: the defaults fill them.
  content: parseSiteContent(mergeOver(defaultSiteContent, row.content), `version ${row.version}`),
  savedAt: row.createdAt.toISOString(),
});

/**
 * `media`: where a removed studio's photos are deleted once the version without it is committed
 * (what a crash leaves there, the orphan sweep removes).
 */
export function createSiteContentStore(
  db: Db,
  bus: EventBus,
  onError: OnChangeError = () => {},
  media?: MediaStorage,
): SiteContentStore {
  const announce = changeAnnouncer(bus, onError, "announcing the site content change failed");
  let cached: Promise<PublishedContent> | undefined;
  // A read that started before an invalidation must not put stale content back in the cache.
  let generation = 0;
  const invalidate = () => {
    generation++;
    cached = undefined;
  };
  const unsubscribe = bus.subscribe((event) => {
    if (event.table === "site_content") invalidate();
  });

  // The newest content read, by any path: a transaction's read reuses it while its version is the newest.
  let latest: PublishedContent | undefined;

  const readNewest = async (executor: Pick<Executor, "select"> = db): Promise<PublishedContent> => {
    const [row] = await executor.select().from(siteContentVersions).orderBy(desc(siteContentVersions.version)).limit(1);
    if (!row) throw new SiteContentError("No site content stored: the store was not seeded.");
    latest = toPublished(row);
    return latest;
  };

  // The newest version number, one index lookup: a page that refreshes because another process
  // announced a save may reach this process before the announcement does, and must not get the
  // older content it still holds.
  const newestVersion = async (executor: Pick<Executor, "select"> = db): Promise<number | null> => {
    const [row] = await executor
      .select({ version: siteContentVersions.version })
      .from(siteContentVersions)
      .orderBy(desc(siteContentVersions.version))
      .limit(1);
    return row?.version ?? null;
  };

  const current = async (executor?: Pick<Executor, "select">): Promise<PublishedContent> => {
    if (executor) {
      // Not the shared cache: its read in flight may be waiting for the very connection this transaction holds.
      const held = latest;
      return held && held.version === (await newestVersion(executor)) ? held : readNewest(executor);
    }
    if (cached) {
      const held = await cached.catch(() => undefined);
      if (held && held.version === (await newestVersion())) return held;
      invalidate();
    }
    return readCurrent();
  };

  const readCurrent = (): Promise<PublishedContent> => {
    if (cached) return cached;
    const started = generation;
    const read = readNewest();
    cached = read;
    read.then(
      () => {
        if (generation !== started && cached === read) cached = undefined;
      },
      () => {
        if (cached === read) cached = undefined;
      },
    );
    return read;
  };

  const readVersion = async (version: number): Promise<PublishedContent | null> => {
    const [row] = await db.select().from(siteContentVersions).where(eq(siteContentVersions.version, version));
    return row ? toPublished(row) : null;
  };

  const save = async (baseVersion: number, summary: string, content: SiteContent): Promise<SaveResult> => {
    const valid = parseSiteContent(content, "the saved version");
    // The primary key makes this atomic: of two saves on the same base, only one inserts. A save
    // that changes nothing (jsonb compares by value) adds no version: the list shows real changes.
    const row = await db.transaction(async (tx) => {
      const inserted = await tx.execute(sql`
        insert into ${siteContentVersions} (version, content, summary)
        select ${baseVersion + 1}, ${JSON.stringify(valid)}::jsonb, ${summary}
        where (select coalesce(max(version), 0) from ${siteContentVersions}) = ${baseVersion}
          and (select content from ${siteContentVersions} where version = ${baseVersion})
            is distinct from ${JSON.stringify(valid)}::jsonb
        on conflict do nothing
        returning version, created_at`);
      // Both drivers answer raw SQL with { rows }.
      const added = (inserted as unknown as { rows: { version: number; created_at: string | Date }[] }).rows[0];
      let goneImages: StoredImage[] = [];
      if (added) {
        // The studios' pages keep their older addresses (a studio renamed): recorded with the version.
        const [base] = await tx.select().from(siteContentVersions).where(eq(siteContentVersions.version, baseVersion));
        const before = base ? toPublished(base).content.studios : [];
        await recordStudioSlugs(tx, before, valid.studios);
        // A studio removed takes its photos with it (a renamed one keeps them: same key).
        const keys = valid.studios.map((studio) => studio.key);
        if (before.some((studio) => !keys.includes(studio.key))) goneImages = await removePhotosOfGoneStudios(tx, keys);
      }
      return added && { ...added, goneImages };
    });
    if (!row) {
      invalidate();
      const newest = await current();
      if (newest.version === baseVersion) return succeeded({ published: newest, unchanged: true as const });
      return refused("conflict", newest);
    }
    const published: PublishedContent = {
      version: Number(row.version),
      content: valid,
      savedAt: new Date(row.created_at).toISOString(),
    };
    invalidate();
    if (media) for (const image of row.goneImages) await deleteStoredImage(media, image);
    await db
      .delete(siteContentVersions)
      .where(sql`${siteContentVersions.version} <= ${published.version - KEPT_VERSIONS}`)
      .catch((error: unknown) => onError(error, "pruning old site content versions failed"));
    // Committed: a bus failure must not report the save as failed; pages catch up on reconnect.
    await announce({ table: "site_content", action: "update", id: String(published.version) });
    return succeeded({ published });
  };

  return {
    current,
    save,
    version: readVersion,
    formerNames: formerNamesReader(db),
    async restore(version, baseVersion, group) {
      const old = await readVersion(version);
      if (!old) return refused("missing");
      if (!group) return save(baseVersion, `Ripristino della versione ${version}`, old.content);
      const now = await current();
      if (now.version !== baseVersion) return refused("conflict", now);
      const summary = `Ripristino di «${groupLabels[group]}» dalla versione ${version}`;
      return save(baseVersion, summary, withSectionFrom(now.content, old.content, group));
    },
    async history(limit = LISTED_VERSIONS) {
      const rows = await db
        .select({
          version: siteContentVersions.version,
          summary: siteContentVersions.summary,
          createdAt: siteContentVersions.createdAt,
        })
        .from(siteContentVersions)
        .orderBy(desc(siteContentVersions.version))
        .limit(limit);
      return rows.map((r) => ({ version: r.version, summary: r.summary, savedAt: r.createdAt.toISOString() }));
    },
    async seed(initial) {
      const valid = parseSiteContent(initial, "the first version");
      const inserted = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(siteContentVersions)
          .values({ version: 1, content: valid, summary: "Prima versione" })
          .onConflictDoNothing()
          .returning({ version: siteContentVersions.version });
        if (rows.length) await recordStudioSlugs(tx, [], valid.studios);
        return rows;
      });
      if (inserted.length) invalidate();
      return inserted.length > 0;
    },
    close: unsubscribe,
  };
}

/** What pages get: the portrait as image URLs instead of storage keys. */
export function toPublicContent(media: MediaStorage, content: SiteContent): PublicSiteContent {
  const { image, ...focus } = content.portrait;
  return { ...content, portrait: { ...focus, image: image ? toPublicImage(media, image) : null } };
}
