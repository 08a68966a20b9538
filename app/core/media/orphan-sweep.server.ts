import { inArray, lt, sql } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { mediaObjects } from "~/core/db/schema";
import { isMediaKey, mediaPrefixes, newMediaKey, type MediaPrefix, type MediaStorage } from "./media-storage.server";

/**
 * An upload writes its files and then the row that shows them, seconds apart. Anything
 * younger than this may belong to an upload still in progress (on any instance) and is left alone.
 */
const ORPHAN_MIN_AGE_MS = 5 * 60 * 1000;
/** How often a running server sweeps (it also sweeps once at start). */
export const ORPHAN_SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/** Prefixes only the app writes to, always under random keys (a deployer's own files go under "site/"). */
const uploadPrefixes: readonly MediaPrefix[] = ["recipe-photos", "reviews", "article-images"];

/** Anything in a text or JSON value that has the shape of a media key. */
const keyShape = `(${mediaPrefixes.join("|")})/[A-Za-z0-9_-]{16,64}\\.(webp|avif|jpg|png)`;

/**
 * Media storage that records each key in media_objects before writing its bytes, and
 * forgets it after deleting them: whatever a crash leaves in storage has a record the sweep finds.
 */
export function trackMediaWrites(storage: MediaStorage, db: Db): MediaStorage {
  const tracked: MediaStorage = {
    ...storage,
    async put(prefix, ext, data) {
      const key = newMediaKey(prefix, ext);
      await tracked.write(key, data);
      return key;
    },
    async write(key, data) {
      await db.insert(mediaObjects).values({ key }).onConflictDoNothing();
      await storage.write(key, data);
    },
    async delete(key) {
      await storage.delete(key);
      await db.delete(mediaObjects).where(sql`${mediaObjects.key} = ${key}`);
    },
  };
  return tracked;
}

/** Every media key some row of some table mentions (in a JSON description, a URL or a bare key). */
async function mentionedKeys(db: Db): Promise<Set<string>> {
  const columns = await db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema()
      and table_name <> ${"media_objects"}
      and data_type in ('text', 'character varying', 'json', 'jsonb')`);
  const found = new Set<string>();
  for (const { table_name: table, column_name: column } of rows<{ table_name: string; column_name: string }>(columns)) {
    const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
    const matches = await db.execute(sql`
      select distinct found.match[1] as key
      from ${sql.raw(quoted(table))},
        lateral regexp_matches(${sql.raw(quoted(column))}::text, ${`(${keyShape})`}, 'g') as found(match)`);
    for (const { key } of rows<{ key: string }>(matches)) found.add(key);
  }
  return found;
}

/** node-postgres answers with { rows }, PGlite the same: the rows either way. */
function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

interface SweepResult {
  /** Media objects written by an upload that never got its row (or whose row is gone), now removed. */
  removed: string[];
  /** Temporary files of interrupted writes, now removed. */
  temporaryRemoved: string[];
}

/**
 * Removes media nothing points at: objects recorded in media_objects (or, in local storage,
 * files under the upload prefixes) older than `minAgeMs` that no row of any table mentions,
 * and temporary files of the same age. A file a row mentions is never touched.
 */
export async function sweepOrphanMedia(
  db: Db,
  storage: MediaStorage,
  { minAgeMs = ORPHAN_MIN_AGE_MS }: { minAgeMs?: number } = {},
): Promise<SweepResult> {
  const cutoff = new Date(Date.now() - minAgeMs);
  const recorded = await db
    .select({ key: mediaObjects.key })
    .from(mediaObjects)
    .where(lt(mediaObjects.createdAt, cutoff));
  // Read after the records: a row inserted meanwhile only makes us keep more.
  const mentioned = await mentionedKeys(db);
  const removed: string[] = [];
  const temporaryRemoved: string[] = [];

  const orphans = recorded.map((r) => r.key).filter((key) => !mentioned.has(key));
  for (const key of orphans) {
    await storage.delete(key);
    removed.push(key);
  }
  if (orphans.length > 0) await db.delete(mediaObjects).where(inArray(mediaObjects.key, orphans));

  if (storage.list && storage.removeListed) {
    const known = new Set((await db.select({ key: mediaObjects.key }).from(mediaObjects)).map((r) => r.key));
    for await (const file of storage.list()) {
      if (file.modifiedMs >= cutoff.getTime()) continue;
      if (file.key === null) {
        if (file.name.endsWith(".tmp")) {
          await storage.removeListed(file.name);
          temporaryRemoved.push(file.name);
        }
        continue;
      }
      // Files from before media_objects existed: the upload prefixes hold nothing but uploads.
      const prefix = file.key.slice(0, file.key.indexOf("/")) as MediaPrefix;
      if (!known.has(file.key) && !mentioned.has(file.key) && uploadPrefixes.includes(prefix) && isMediaKey(file.key)) {
        await storage.delete(file.key);
        removed.push(file.key);
      }
    }
  }
  return { removed, temporaryRemoved };
}
