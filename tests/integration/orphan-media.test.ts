import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/core/db/database.server";
import { mediaObjects } from "~/core/db/schema";
import { recipePhotos } from "~/features/photos/schema";
import { createLocalMediaStorage } from "~/core/media/media-storage.server";
import { sweepOrphanMedia, trackMediaWrites } from "~/core/media/orphan-sweep.server";
import { createPostgresDatabase } from "../support/test-databases";

const root = path.resolve(import.meta.dirname, "../..");
const KILLS = 20;

/** Every file under the media directory, as "prefix/name". */
function filesOn(mediaDir: string): string[] {
  return ["recipe-photos", "reviews", "site"].flatMap((prefix) => {
    const dir = path.join(mediaDir, prefix);
    return existsSync(dir) ? readdirSync(dir).map((name) => `${prefix}/${name}`) : [];
  });
}

interface UploadLoop {
  child: ChildProcess;
  errors(): string;
}

/** The upload loop, started: it loads its modules and connects, then waits for `uploadAndKill`. */
function startUploadLoop(databaseUrl: string, mediaDir: string): UploadLoop {
  const child = spawn(process.execPath, ["tests/support/upload-loop.ts", databaseUrl, mediaDir], {
    cwd: root,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let errors = "";
  child.stderr!.on("data", (chunk) => (errors += chunk));
  child.stdout!.setEncoding("utf8");
  return { child, errors: () => errors };
}

/** Lets the upload loop go and kills it with SIGKILL `delayMs` after its first upload's files are written. */
function uploadAndKill({ child, errors }: UploadLoop, delayMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null) return reject(new Error(`upload loop ended before its turn:\n${errors()}`));
    child.stdout!.on("data", (chunk: string) => {
      if (chunk.includes("written") && child.exitCode === null && !child.killed) {
        if (delayMs === 0) child.kill("SIGKILL");
        else setTimeout(() => child.kill("SIGKILL"), delayMs);
      }
    });
    child.once("exit", (_code, signal) =>
      signal === "SIGKILL" ? resolve() : reject(new Error(`upload loop ended on its own:\n${errors()}`)),
    );
    child.stdin!.write("go\n");
  });
}

describe("no orphan media after kill -9 (PostgreSQL)", () => {
  let database: Database;
  let databaseUrl: string;
  let mediaDir: string;

  beforeAll(async () => {
    databaseUrl = await createPostgresDatabase({ migrated: true });
    database = await openDatabase({ url: databaseUrl });
    mediaDir = mkdtempSync(path.join(os.tmpdir(), "orphans-"));
  });
  afterAll(() => database?.close());

  const rowKeys = async () => {
    const rows = await database.db.select({ image: recipePhotos.image }).from(recipePhotos);
    return new Set(rows.flatMap((r) => r.image!.variants.map((v) => v.key)));
  };

  // Each kill starts a child process that loads the image library and connects: minutes on a loaded machine.
  it(`${KILLS} kills right after an upload's files are written leave no orphan once swept, and lose no saved photo`, async () => {
    let next = startUploadLoop(databaseUrl, mediaDir);
    for (let i = 0; i < KILLS; i++) {
      const loop = next;
      // The next one loads its modules while this one runs: each kill does not wait for a start.
      if (i + 1 < KILLS) next = startUploadLoop(databaseUrl, mediaDir);
      // Straight away (before the row), or a little later (during the insert or the next upload's writes).
      await uploadAndKill(loop, i % 4 === 0 ? 0 : (i * 7) % 40);
    }
    const storage = trackMediaWrites(createLocalMediaStorage(mediaDir), database.db);
    const saved = await rowKeys();
    const orphansBefore = filesOn(mediaDir).filter((f) => !saved.has(f));
    console.info(
      `after ${KILLS} kills: ${filesOn(mediaDir).length} files, ${saved.size} in rows, ${orphansBefore.length} orphans`,
    );
    expect(orphansBefore.length).toBeGreaterThan(0);

    // A fresh sweep leaves young files alone: they could belong to an upload in progress.
    expect(await sweepOrphanMedia(database.db, storage)).toEqual({ removed: [], temporaryRemoved: [] });

    // Later (files and records aged past the safe age), the sweep clears every orphan.
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    for (const file of filesOn(mediaDir)) utimesSync(path.join(mediaDir, file), hourAgo, hourAgo);
    await database.db.update(mediaObjects).set({ createdAt: hourAgo });
    const result = await sweepOrphanMedia(database.db, storage);
    console.info(
      `sweep removed ${result.removed.length} objects and ${result.temporaryRemoved.length} temporary files`,
    );

    const after = filesOn(mediaDir);
    const orphansAfter = after.filter((f) => !saved.has(f));
    console.info(`after the sweep: ${after.length} files, ${orphansAfter.length} orphans`);
    expect(orphansAfter).toEqual([]);
    // Every saved photo still has all its files.
    for (const key of saved) expect(after).toContain(key);
    const [records] = await database.db.select({ n: sql<number>`count(*)::int` }).from(mediaObjects);
    expect(records!.n).toBe(saved.size);
  }, 600_000);

  it("keeps what any row mentions and a deployer's own files; removes old unrecorded uploads and temporary files", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "orphans-legacy-"));
    const storage = createLocalMediaStorage(dir);
    const tracked = trackMediaWrites(storage, database.db);
    const mentioned = await tracked.put("reviews", "webp", Buffer.from("a"));
    const legacyOrphan = await storage.put("recipe-photos", "webp", Buffer.from("b"));
    mkdirSync(path.join(dir, "site"), { recursive: true });
    writeFileSync(path.join(dir, "site/practitioner-portrait.webp"), "c");
    // What a crash during a write leaves: a temporary file, never served.
    const temporary = `${legacyOrphan}.0a1b2c3d.tmp`;
    writeFileSync(path.join(dir, temporary), "d");
    expect(await storage.get(temporary)).toBeUndefined();
    // A table this module knows nothing about mentions the key (as a URL inside text).
    await database.db.execute(sql`create table if not exists notes (body text)`);
    await database.db.execute(sql`insert into notes values (${`vedi /media/${mentioned}?v=1`})`);
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    for (const file of filesOn(dir)) utimesSync(path.join(dir, file), hourAgo, hourAgo);
    await database.db.update(mediaObjects).set({ createdAt: hourAgo });

    const result = await sweepOrphanMedia(database.db, tracked);
    expect(result.removed).toContain(legacyOrphan);
    expect(result.temporaryRemoved).toEqual([temporary]);
    expect(filesOn(dir).sort()).toEqual([mentioned, "site/practitioner-portrait.webp"].sort());
  });
});
