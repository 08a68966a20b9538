import { createHash } from "node:crypto";
import { appendFile, cp, mkdtemp, readFile, readdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { desc } from "drizzle-orm";
import pg from "pg";
import { pino } from "pino";
import S3rver from "s3rver";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/core/db/database.server";
import { backupRuns } from "./schema";
import { createLocalMediaStorage, type MediaStorage } from "~/core/media/media-storage.server";
import { createS3MediaStorage } from "~/core/media/s3-media-storage.server";
import { createPostgresDatabase } from "../../../tests/support/test-databases";
import { runBackup, type BackupTarget } from "./backup-job.server";
import { listBackups } from "./backup-files.server";
import { createBackup } from "./dump.server";
import { BackupRejectedError } from "./restore-archive.server";
import { restoreBackup } from "./restore.server";
import { runScheduledBackup } from "./scheduler.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { createRecipeRepository } from "~/features/recipes/recipes.server";
import { siteTables } from "~/composition/site-schema";
import { mediaChecksums, readAllRows } from "../../../tests/support/backup-archive";
import { sampleRecipe, seedSite } from "../../../tests/support/factory";

const migrationsFolder = path.resolve(import.meta.dirname, "../../../drizzle");
const app = { name: "studio-test", version: "1" };
const silent = pino({ level: "silent" });

async function tempDir(prefix: string) {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}

/** A fresh empty database (no schema at all) and an empty data directory. */
async function emptySite() {
  const url = await createPostgresDatabase();
  const dataDir = await tempDir("restore-data-");
  return { url, dataDir, media: createLocalMediaStorage(path.join(dataDir, "media")) };
}

async function tableNames(url: string): Promise<string[]> {
  return [...(await readAllRows(url)).keys()];
}

/** Rewrites an archive entry by entry, letting `change` alter a body. */
async function rewriteArchive(file: string, out: string, change: (name: string, body: Buffer) => Buffer | null) {
  const extract = tar.extract();
  const pack = tar.pack();
  const done = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const body = change(entry.header.name, Buffer.concat(chunks));
      if (body) pack.entry({ name: entry.header.name, size: body.length }, body);
    }
    pack.finalize();
  })();
  extract.end(gunzipSync(await readFile(file)));
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  await done;
  await writeFile(out, gzipSync(Buffer.concat(chunks)));
}

describe("backup and restore on PostgreSQL", () => {
  let sourceUrl: string;
  let source: Database;
  let sourceData: string;
  let backupFile: string;

  beforeAll(async () => {
    sourceUrl = await createPostgresDatabase();
    source = await openDatabase({ url: sourceUrl, migrationsFolder });
    sourceData = await tempDir("backup-source-");
    await seedSite(source, createLocalMediaStorage(path.join(sourceData, "media")), {
      photos: 4,
      reviews: 30,
      reviewPhotos: 3,
    });
    backupFile = path.join(await tempDir("backup-out-"), "studio.tar.gz");
    const progress: string[] = [];
    const result = await createBackup({
      connection: { connectionString: sourceUrl },
      media: createLocalMediaStorage(path.join(sourceData, "media")),
      mediaStorage: "local",
      file: backupFile,
      migrationsFolder,
      app,
      onProgress: (message) => progress.push(message),
    });
    expect(result.manifest.database.tables.find((t) => t.name === "reviews")?.rows).toBe(30);
    expect(progress.some((line) => line.includes("public.reviews, 30 righe"))).toBe(true);
  });

  afterAll(() => source.close());

  it("lists every table, the migrations and every media file with checksums in the manifest", async () => {
    const extract = tar.extract();
    const names: string[] = [];
    let manifest: any;
    const reading = (async () => {
      for await (const entry of extract) {
        names.push(entry.header.name);
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        if (entry.header.name === "manifest.json") manifest = JSON.parse(Buffer.concat(chunks).toString());
      }
    })();
    extract.end(gunzipSync(await readFile(backupFile)));
    await reading;
    const tables = manifest.database.tables.map((t: { schema: string; name: string }) => `${t.schema}.${t.name}`);
    // Every table there is, whoever added it, plus the migrations bookkeeping.
    const existing = [...(await readAllRows(sourceUrl)).keys()];
    expect(tables.sort()).toEqual(existing.sort());
    expect(tables).toEqual(
      expect.arrayContaining([
        "drizzle.__drizzle_migrations",
        "public.reviews",
        "public.recipe_photos",
        "public.recipes",
      ]),
    );
    expect(manifest.database.migrations.map((m: { tag: string }) => m.tag)).toEqual(
      (await readdir(migrationsFolder))
        .filter((f) => f.endsWith(".sql"))
        .map((f) => f.replace(/\.sql$/, ""))
        .sort(),
    );
    const onDisk = await mediaChecksums(path.join(sourceData, "media"));
    expect(new Map(manifest.media.files.map((f: { key: string; sha256: string }) => [f.key, f.sha256]))).toEqual(
      onDisk,
    );
    expect(manifest.media.missing).toEqual([]);
    expect(names.filter((n) => n.startsWith("media/"))).toHaveLength(onDisk.size);
  });

  it("restores every row, sequence and media file into an empty database", async () => {
    const target = await emptySite();
    const result = await restoreBackup({
      file: backupFile,
      connection: { connectionString: target.url },
      media: target.media,
      migrationsFolder,
      tables: siteTables,
      workDir: target.dataDir,
    });
    expect(result.appliedMigrations).toEqual([]);
    expect(await readAllRows(target.url)).toEqual(await readAllRows(sourceUrl));
    expect(await mediaChecksums(path.join(target.dataDir, "media"))).toEqual(
      await mediaChecksums(path.join(sourceData, "media")),
    );
    // Identity sequences continue after the restored rows, and the site's own migrator finds nothing to do.
    const restored = await openDatabase({ url: target.url, migrationsFolder });
    try {
      // The recipe comes back whole, with its photo and the crops it shows to search engines.
      const recipe = await createRecipeRepository(restored.db, createMemoryEventBus()).findPublished(
        "insalata-di-farro",
      );
      expect(recipe).toMatchObject({
        ...sampleRecipe({ photoId: recipe?.photo?.id }),
        note: expect.stringContaining("\t"),
      });
      for (const key of [recipe!.photo!.image!.variants[0]!.key, recipe!.crops!.square.key, recipe!.crops!.wide.key]) {
        const stored = await target.media.get(key);
        expect(stored, key).toBeDefined();
        stored?.body.destroy();
      }
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      const { rows } = await client.query<{ id: number }>(
        `insert into rate_limit_hits (key) values ('x') returning id`,
      );
      expect(rows[0]!.id).toBeGreaterThan(1);
      await client.end();
    } finally {
      await restored.close();
    }
    expect(await readdir(target.dataDir)).toEqual(["media"]);
  });

  it("refuses a truncated file with a clear message and changes nothing", async () => {
    const target = await emptySite();
    const truncated = path.join(path.dirname(backupFile), "truncated.tar.gz");
    const bytes = await readFile(backupFile);
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(
      restoreBackup({
        file: truncated,
        connection: { connectionString: target.url },
        media: target.media,
        migrationsFolder,
        tables: siteTables,
        workDir: target.dataDir,
      }),
    ).rejects.toThrow(/incompleto \(troncato\)/);
    expect(await tableNames(target.url)).toEqual([]);
    expect(await readdir(target.dataDir)).toEqual([]);
  });

  it("refuses a corrupted file with a clear message and changes nothing", async () => {
    const target = await emptySite();
    const corrupt = path.join(path.dirname(backupFile), "corrupt.tar.gz");
    const bytes = Buffer.from(await readFile(backupFile));
    const start = Math.floor(bytes.length / 3);
    for (let i = start; i < start + 16; i++) bytes[i] = bytes[i]! ^ 0xff;
    await writeFile(corrupt, bytes);
    const attempt = restoreBackup({
      file: corrupt,
      connection: { connectionString: target.url },
      media: target.media,
      migrationsFolder,
      tables: siteTables,
      workDir: target.dataDir,
    });
    await expect(attempt).rejects.toBeInstanceOf(BackupRejectedError);
    await expect(attempt).rejects.toThrow(/danneggiato|incompleto/);
    expect(await tableNames(target.url)).toEqual([]);
    expect(await readdir(target.dataDir)).toEqual([]);
  });

  it("refuses an archive whose content no longer matches its manifest", async () => {
    const target = await emptySite();
    const tampered = path.join(path.dirname(backupFile), "tampered.tar.gz");
    await rewriteArchive(backupFile, tampered, (name, body) =>
      name.endsWith(".copy") && body.includes("Paziente 3")
        ? Buffer.from(body.toString().replace("Paziente 3", "Paziente X"))
        : body,
    );
    await expect(
      restoreBackup({
        file: tampered,
        connection: { connectionString: target.url },
        media: target.media,
        migrationsFolder,
        tables: siteTables,
        workDir: target.dataDir,
      }),
    ).rejects.toThrow(/non corrisponde al manifesto/);
    const missingFile = path.join(path.dirname(backupFile), "missing-file.tar.gz");
    await rewriteArchive(backupFile, missingFile, (name, body) => (name.startsWith("media/reviews/") ? null : body));
    await expect(
      restoreBackup({
        file: missingFile,
        connection: { connectionString: target.url },
        media: target.media,
        migrationsFolder,
        tables: siteTables,
        workDir: target.dataDir,
      }),
    ).rejects.toThrow(/manca media\/reviews\//);
    expect(await tableNames(target.url)).toEqual([]);
  });

  it("refuses a database that holds rows unless told to replace them", async () => {
    const target = await emptySite();
    const other = await openDatabase({ url: target.url, migrationsFolder });
    await seedSite(other, target.media, { photos: 1, reviews: 2, reviewPhotos: 0 });
    await other.close();
    const before = await readAllRows(target.url);
    const options = {
      file: backupFile,
      connection: { connectionString: target.url },
      media: target.media,
      migrationsFolder,
      tables: siteTables,
      workDir: target.dataDir,
    };
    await expect(restoreBackup(options)).rejects.toThrow(/contiene già dati .*--replace/);
    expect(await readAllRows(target.url)).toEqual(before);

    await restoreBackup({ ...options, replace: true });
    expect(await readAllRows(target.url)).toEqual(await readAllRows(sourceUrl));
  });

  it("applies migrations newer than the backup after its data", async () => {
    const target = await emptySite();
    const newer = await tempDir("migrations-");
    await cp(migrationsFolder, newer, { recursive: true });
    const journal = JSON.parse(await readFile(path.join(newer, "meta/_journal.json"), "utf8"));
    journal.entries.push({
      idx: journal.entries.length,
      version: "7",
      when: Date.now() + 1000,
      tag: "9999_later",
      breakpoints: true,
    });
    await writeFile(path.join(newer, "meta/_journal.json"), JSON.stringify(journal));
    await writeFile(
      path.join(newer, "9999_later.sql"),
      `ALTER TABLE "reviews" ADD COLUMN "reply" text DEFAULT 'nessuna' NOT NULL;--> statement-breakpoint\nCREATE TABLE "later" ("id" integer PRIMARY KEY);`,
    );
    const result = await restoreBackup({
      file: backupFile,
      connection: { connectionString: target.url },
      media: target.media,
      migrationsFolder: newer,
      tables: siteTables,
      workDir: target.dataDir,
    });
    expect(result.appliedMigrations).toEqual(["9999_later"]);
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const { rows } = await client.query(`select count(*)::int as n, min(reply) as reply from reviews`);
      expect(rows[0]).toEqual({ n: 30, reply: "nessuna" });
      const { rows: applied } = await client.query(`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied[0].n).toBe(journal.entries.length);
    } finally {
      await client.end();
    }
    // The site's own migrator agrees that nothing is left to apply.
    const opened = await openDatabase({ url: target.url, migrationsFolder: newer });
    await opened.close();
  });

  it("refuses a backup made by a version with migrations this one lacks", async () => {
    const target = await emptySite();
    const older = await tempDir("migrations-");
    await cp(migrationsFolder, older, { recursive: true });
    const journal = JSON.parse(await readFile(path.join(older, "meta/_journal.json"), "utf8"));
    journal.entries.pop();
    await writeFile(path.join(older, "meta/_journal.json"), JSON.stringify(journal));
    await expect(
      restoreBackup({
        file: backupFile,
        connection: { connectionString: target.url },
        media: target.media,
        migrationsFolder: older,
        tables: siteTables,
        workDir: target.dataDir,
      }),
    ).rejects.toThrow(/aggiorna il sito/);
    expect(await tableNames(target.url)).toEqual([]);
  });

  /** Backups of the seeded site into a new folder. */
  const targetFor = async (keep: number, connectionString = sourceUrl): Promise<BackupTarget> => ({
    connection: { connectionString },
    db: source.db,
    media: createLocalMediaStorage(path.join(sourceData, "media")),
    mediaStorage: "local",
    dir: await tempDir("backups-"),
    keep,
    migrationsFolder,
    tables: siteTables,
  });

  it("keeps exactly the newest N backups in the backups folder and records each run", async () => {
    const target = await targetFor(3);
    const dir = target.dir;
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push(path.basename((await runBackup(target, "manual")).file));
    await appendFile(path.join(dir, "notes.txt"), "not a backup");
    const kept = (await listBackups(dir)).map((b) => b.name);
    expect(kept).toEqual(made.slice(2).reverse());
    expect((await readdir(dir)).sort()).toEqual([...kept, "notes.txt"].sort());
    const runs = await source.db.select().from(backupRuns).orderBy(desc(backupRuns.finishedAt)).limit(5);
    expect(runs.every((run) => run.ok && run.trigger === "manual")).toBe(true);
    // The admin screen says what is in it in her words, not in tables and rows.
    expect(runs.map((run) => run.summary)).toEqual(Array(5).fill("30 recensioni, 4 foto, 1 ricetta, 0 appuntamenti"));
  });

  it("records a failed backup for the admin", async () => {
    const missing = new URL(sourceUrl);
    missing.pathname = "/no_such_database";
    const target = await targetFor(3, missing.href);
    await expect(runBackup(target, "schedule")).rejects.toThrow(/no_such_database/);
    const [last] = await source.db.select().from(backupRuns).orderBy(desc(backupRuns.finishedAt)).limit(1);
    expect(last).toMatchObject({ ok: false, trigger: "schedule" });
    expect(last!.error).toMatch(/no_such_database/);
  });

  it("makes one nightly backup when several instances fire at once", async () => {
    const target = await targetFor(14);
    const dir = target.dir;
    const slot = new Date();
    const outcomes = await Promise.all([1, 2, 3].map(() => runScheduledBackup(target, slot, silent)));
    expect(outcomes.filter((o) => o === "made")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "locked" || o === "already done")).toHaveLength(2);
    // An instance whose timer fires after the first one finished finds the night already done.
    expect(await runScheduledBackup(target, slot, silent)).toBe("already done");
    expect(await listBackups(dir)).toHaveLength(1);
  });

  it("includes the objects of an S3 bucket and puts them back in another bucket", async () => {
    const s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: await tempDir("s3rver-"),
      configureBuckets: [{ name: "studio-media" }, { name: "restored-media" }],
    });
    const { port } = await s3.run();
    const bucket = (name: string) =>
      createS3MediaStorage({
        endpoint: `http://127.0.0.1:${port}`,
        bucket: name,
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
      });
    const checksums = async (media: MediaStorage, keys: string[]) =>
      Promise.all(
        keys.map(async (key) => {
          const object = await media.get(key);
          if (!object) return null;
          const chunks: Buffer[] = [];
          for await (const chunk of object.body) chunks.push(chunk as Buffer);
          return createHash("sha256").update(Buffer.concat(chunks)).digest("hex");
        }),
      );
    try {
      const siteUrl = await createPostgresDatabase();
      const site = await openDatabase({ url: siteUrl, migrationsFolder });
      await seedSite(site, bucket("studio-media"), { photos: 2, reviews: 3, reviewPhotos: 1 });
      await site.close();
      const file = path.join(await tempDir("backup-s3-"), "studio.tar.gz");
      const { manifest } = await createBackup({
        connection: { connectionString: siteUrl },
        media: bucket("studio-media"),
        mediaStorage: "s3",
        file,
        migrationsFolder,
        app,
      });
      expect(manifest.media.storage).toBe("s3");
      const keys = manifest.media.files.map((f) => f.key);
      expect(keys.length).toBeGreaterThanOrEqual(3);
      expect(await checksums(bucket("studio-media"), keys)).toEqual(manifest.media.files.map((f) => f.sha256));

      const target = await emptySite();
      await restoreBackup({
        file,
        connection: { connectionString: target.url },
        media: bucket("restored-media"),
        migrationsFolder,
        tables: siteTables,
        workDir: target.dataDir,
      });
      expect(await checksums(bucket("restored-media"), keys)).toEqual(manifest.media.files.map((f) => f.sha256));
      expect(await readAllRows(target.url)).toEqual(await readAllRows(siteUrl));
    } finally {
      await s3.close();
    }
  });
});
