import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import pg from "pg";
import S3rver from "s3rver";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DiskFullError } from "~/core/disk/disk-space.server";
import { openDatabase, type Database } from "~/core/db/database.server";
import { backupChecks, backupRuns } from "./schema";
import { createLocalMediaStorage } from "~/core/media/media-storage.server";
import { mediaChecksums, openBackup, readAllRows } from "../../../tests/support/backup-archive";
import { seedSite } from "../../../tests/support/factory";
import { createPostgresDatabase } from "../../../tests/support/test-databases";
import { encryptWithPassphrase } from "./age-stream.server";
import { runBackup, type BackupTarget } from "./backup-job.server";
import { backupKey } from "./backup-key.server";
import { createBackupBucket, type BackupBucket } from "./bucket.server";
import { backupChecksTodo, getBackupChecksState } from "./checks-status.server";
import { copyToBucket } from "./copy.server";
import { runRestoreDrill } from "./drill.server";
import { MANIFEST_NAME } from "./manifest.server";
import { BackupRejectedError } from "./restore-archive.server";
import { restoreBackup } from "./restore.server";
import { copiesToKeep } from "./retention";
import { weeklyDrillJob } from "./scheduler.server";
import { loadConfig } from "~/core/config/env.server";
import { siteTables } from "~/composition/site-schema";
import { pino } from "pino";

// Key files at scrypt's 2^10 instead of age's 2^18: still age passphrase files, read back at the
// work factor they name. What is encrypted, to what and where is under test here, not its cost.
vi.mock("./age-stream.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./age-stream.server")>();
  return {
    ...actual,
    encryptWithPassphrase: (plain: Buffer, passphrase: string) => actual.encryptWithPassphrase(plain, passphrase, 10),
  };
});

const logger = pino({ level: "silent" });

const migrationsFolder = path.resolve(import.meta.dirname, "../../../drizzle");
const passphrase = "mela verde sul tavolo 42";
/** Tests opening key files: each scrypt took a second alone at age's own cost, several on the shared machine. */
const SCRYPTS = 240_000;
const tempDir = (prefix: string) => mkdtemp(path.join(os.tmpdir(), prefix));

/** A fresh empty database (no schema at all) and an empty data directory. */
async function emptySite() {
  const url = await createPostgresDatabase();
  const dataDir = await tempDir("offsite-restore-");
  return { url, dataDir, media: createLocalMediaStorage(path.join(dataDir, "media")) };
}

/** Everything under `dir`, hidden work folders included. */
async function filesUnder(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true }).catch(() => [] as string[])).sort();
}

/** A plain archive packed again from its entries, the manifest left as it was: what bit rot leaves. */
async function damaged(file: string, out: string, change: (name: string, body: Buffer) => Buffer) {
  const { manifest, entries } = await openBackup(file);
  const pack = tar.pack();
  for (const [name, body] of entries) {
    const changed = change(name, body);
    pack.entry({ name, size: changed.length }, changed);
  }
  const json = Buffer.from(JSON.stringify(manifest));
  pack.entry({ name: MANIFEST_NAME, size: json.length }, json);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  await writeFile(out, gzipSync(Buffer.concat(chunks)));
}

describe("encrypted backups copied to her bucket", { timeout: SCRYPTS }, () => {
  let s3: S3rver;
  let bucket: (name: string, prefix?: string) => BackupBucket;
  let siteUrl: string;
  let site: Database;
  let mediaDir: string;
  let target: BackupTarget;

  beforeAll(async () => {
    s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: await tempDir("offsite-s3rver-"),
      configureBuckets: [{ name: "copie-studio" }, { name: "copie-potatura" }],
    });
    const { port } = await s3.run();
    bucket = (name, prefix = "") =>
      createBackupBucket({
        endpoint: `http://127.0.0.1:${port}`,
        bucket: name,
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        prefix,
      });
    siteUrl = await createPostgresDatabase();
    site = await openDatabase({ url: siteUrl, migrationsFolder });
    mediaDir = await tempDir("offsite-media-");
    await seedSite(site, createLocalMediaStorage(mediaDir), { photos: 3, reviews: 12, reviewPhotos: 2 });
    target = {
      connection: { connectionString: siteUrl },
      db: site.db,
      media: createLocalMediaStorage(mediaDir),
      mediaStorage: "local",
      dir: await tempDir("offsite-backups-"),
      keep: 14,
      migrationsFolder,
      tables: siteTables,
      passphrase,
      keysDir: await tempDir("offsite-keys-"),
      bucket: bucket("copie-studio", "studio/"),
    };
  });

  afterAll(async () => {
    await site.close();
    await s3.close();
  });

  it("restores from the bucket's copy the same rows and files, with only the passphrase and the keys", async () => {
    const made = await runBackup(target, "manual");
    expect(path.basename(made.file)).toMatch(/^studio-[0-9]{8}-[0-9]{4}(-[0-9]+)?\.tar\.gz\.age$/);
    expect(made.copy).toMatchObject({ ok: true, value: { name: path.basename(made.file) } });

    // The backup is made to a key; the key, protected by the passphrase, went to the bucket beside it.
    expect((await readFile(made.file)).toString("latin1", 0, 32)).toMatch(/^age-encryption\.org\/v1\n-> X25519 /);
    expect(await bucket("copie-studio", "studio/").listKeys()).toEqual([
      expect.stringMatching(/^studio-key-[0-9]{8}-[0-9]{6}-[0-9a-f]{4}\.age$/),
    ]);

    // A new machine: an empty database and data folder, the bucket's keys and the passphrase.
    const [copy] = await bucket("copie-studio", "studio/").list();
    expect(copy?.name).toBe(path.basename(made.file));
    const fresh = await emptySite();
    const downloaded = path.join(fresh.dataDir, copy!.name);
    await bucket("copie-studio", "studio/").download(copy!.name, downloaded);
    await restoreBackup({
      file: downloaded,
      connection: { connectionString: fresh.url },
      media: fresh.media,
      migrationsFolder,
      tables: siteTables,
      workDir: fresh.dataDir,
      passphrase,
      keysDir: path.join(fresh.dataDir, "backup-keys"),
      bucket: bucket("copie-studio", "studio/"),
    });
    // Every row as it was when the snapshot was taken: the backup's own record came after it.
    const withoutBookkeeping = (rows: Map<string, string[]>) =>
      new Map([...rows].filter(([table]) => !/backup_(runs|checks)$/.test(table)));
    expect(withoutBookkeeping(await readAllRows(fresh.url))).toEqual(withoutBookkeeping(await readAllRows(siteUrl)));
    expect(await mediaChecksums(path.join(fresh.dataDir, "media"))).toEqual(await mediaChecksums(mediaDir));
    // The decrypted archive was a private work copy: gone once restored.
    expect((await filesUnder(fresh.dataDir)).filter((f) => f.startsWith("."))).toEqual([]);

    const [state] = await site.db.select().from(backupChecks).where(eq(backupChecks.kind, "copy"));
    expect(state).toMatchObject({ ok: true, name: copy!.name, bytes: copy!.bytes });
  });

  it("keeps no table name nor patient's e-mail readable, on disk or in the bucket", async () => {
    const made = await runBackup(target, "manual");
    const fresh = await tempDir("offsite-download-");
    const downloaded = path.join(fresh, path.basename(made.file));
    await bucket("copie-studio", "studio/").download(path.basename(made.file), downloaded);
    for (const file of [made.file, downloaded]) {
      const bytes = await readFile(file);
      expect(bytes.subarray(0, 22).toString()).toBe("age-encryption.org/v1\n");
      for (const secret of ["admin_users", "reviews", "dietista@example.it", "Paziente 3", MANIFEST_NAME]) {
        expect(bytes.includes(secret)).toBe(false);
      }
      // Nor once gunzipped: it is not a gzip stream at all without the passphrase.
      expect(() => gunzipSync(bytes)).toThrow();
    }
  });

  it("refuses a wrong passphrase or a flipped byte in one line, with nothing written", async () => {
    const made = await runBackup(target, "manual");
    const tampered = path.join(await tempDir("offsite-tampered-"), "studio.tar.gz.age");
    const bytes = await readFile(made.file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    await writeFile(tampered, bytes);
    for (const [file, pass, said] of [
      [made.file, "non è questa la passphrase", /^passphrase errata/],
      [tampered, passphrase, /^il file cifrato è danneggiato o manomesso/],
      [made.file, undefined, /^il backup è cifrato: serve la passphrase/],
    ] as const) {
      const fresh = await emptySite();
      // A new machine: the keys are in the bucket only, and only her passphrase opens them.
      const error = await restoreBackup({
        file,
        connection: { connectionString: fresh.url },
        media: fresh.media,
        migrationsFolder,
        tables: siteTables,
        workDir: fresh.dataDir,
        passphrase: pass,
        keysDir: path.join(fresh.dataDir, "backup-keys"),
        bucket: target.bucket,
      }).catch((e: Error) => e);
      expect(error).toBeInstanceOf(BackupRejectedError);
      expect((error as Error).message).toMatch(said);
      expect((error as Error).message).not.toContain("\n");
      expect(await readAllRows(fresh.url)).toEqual(new Map());
      expect(await filesUnder(fresh.dataDir)).toEqual([]);
    }
  });

  it("keeps the key only encrypted, owner-only, and finds it again when the server lost it", async () => {
    const made = await runBackup(target, "manual");
    const [name] = await readdir(target.keysDir!);
    const keyFile = path.join(target.keysDir!, name!);
    expect((await stat(target.keysDir!)).mode & 0o777).toBe(0o700);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const keyBytes = await readFile(keyFile);
    expect(keyBytes.toString("latin1", 0, 32)).toMatch(/^age-encryption\.org\/v1\n-> scrypt /);
    expect(keyBytes.includes("AGE-SECRET-KEY")).toBe(false);
    const recipient = (await backupKey({ passphrase, dir: target.keysDir! })).recipient;

    // Deleted while the site runs: written again before the next backup.
    await rm(keyFile);
    await runBackup(target, "manual");
    expect(await readFile(keyFile)).toEqual(keyBytes);

    // A new data folder (a new machine, a lost disk): the bucket's copy of the key, not a new key.
    const elsewhere = path.join(await tempDir("offsite-keys-again-"), "backup-keys");
    const found = await backupKey({ passphrase, dir: elsewhere, bucket: target.bucket });
    expect(found.recipient).toBe(recipient);
    expect(await readdir(elsewhere)).toEqual([name]);
    expect((await stat(path.join(elsewhere, name!))).mode & 0o777).toBe(0o600);
    expect(made.copy?.ok).toBe(true);
  });

  it("makes a new key for a changed passphrase; a backup made before needs the old one", async () => {
    const before = await runBackup(target, "manual");
    const changed = "una passphrase nuova di zecca";
    const after = await runBackup({ ...target, passphrase: changed }, "manual");
    expect((await readdir(target.keysDir!)).length).toBe(2);
    expect(await bucket("copie-studio", "studio/").listKeys()).toHaveLength(2);
    const restores = async (file: string, pass: string) => {
      const fresh = await emptySite();
      return restoreBackup({
        file,
        connection: { connectionString: fresh.url },
        media: fresh.media,
        migrationsFolder,
        workDir: fresh.dataDir,
        passphrase: pass,
        keysDir: target.keysDir,
        tables: siteTables,
      }).then(
        () => "restored",
        (e: Error) => e.message,
      );
    };
    expect(await restores(after.file, changed)).toBe("restored");
    expect(await restores(before.file, passphrase)).toBe("restored");
    expect(await restores(before.file, changed)).toMatch(/^passphrase errata/);
  });

  it("still restores a backup made with the passphrase itself, before the keys", async () => {
    const plain = await runBackup({ ...target, passphrase: undefined, bucket: undefined }, "manual");
    const older = path.join(await tempDir("offsite-older-"), "studio-20261101-0330.tar.gz.age");
    await writeFile(older, await encryptWithPassphrase(await readFile(plain.file), passphrase));
    const fresh = await emptySite();
    await restoreBackup({
      file: older,
      connection: { connectionString: fresh.url },
      media: fresh.media,
      migrationsFolder,
      workDir: fresh.dataDir,
      passphrase,
      tables: siteTables,
    });
    expect((await readAllRows(fresh.url)).get("public.reviews")).toEqual(
      (await readAllRows(siteUrl)).get("public.reviews"),
    );
  });

  it("keeps 7 daily, 4 weekly and 12 monthly copies in the bucket after each copy", async () => {
    const pruning = bucket("copie-potatura");
    const scratch = await tempDir("offsite-prune-");
    // 70 nights of copies already there, the newest on 30 December 2026.
    const names: string[] = [];
    for (let night = 70; night >= 1; night--) {
      const day = new Date(Date.UTC(2026, 11, 31 - night, 2, 0));
      const stamp = day.toISOString().slice(0, 10).replaceAll("-", "");
      names.push(`studio-${stamp}-0300.tar.gz.age`);
    }
    const body = path.join(scratch, "body");
    await writeFile(body, "age-encryption.org/v1\n(prova)");
    for (const name of names) await pruning.upload(body, name);
    const tonight = path.join(scratch, "studio-20261231-0300.tar.gz.age");
    await writeFile(tonight, "age-encryption.org/v1\n(stanotte)");

    const outcome = await copyToBucket({ db: site.db, bucket: pruning, file: tonight });
    expect(outcome.ok).toBe(true);
    const left = (await pruning.list()).map((c) => c.name).sort();
    const all = [...names, path.basename(tonight)];
    const promised = copiesToKeep(
      all.map((name) => ({ name, at: new Date(0) })).map((c) => ({ ...c, at: dateOf(c.name) })),
    );
    expect(left).toEqual([...promised].sort());
    // The 7 last nights, the newest of 4 weeks and of 3 months (October, November, December).
    expect(left).toContain("studio-20261225-0300.tar.gz.age");
    expect(left).toContain("studio-20261130-0300.tar.gz.age");
    expect(left).toContain("studio-20261031-0300.tar.gz.age");
    expect(left).not.toContain("studio-20261201-0300.tar.gz.age");
    expect(left.length).toBeLessThan(all.length);
    expect(outcome.ok && outcome.value.pruned.length).toBe(all.length - left.length);
  });

  it("makes the first key and the backup even when her bucket cannot be reached", async () => {
    const keysDir = await tempDir("offsite-keys-unreachable-");
    const made = await runBackup({ ...target, keysDir, bucket: bucket("non-esiste") }, "manual");
    expect((await readFile(made.file)).toString("latin1", 0, 32)).toMatch(/^age-encryption\.org\/v1\n-> X25519 /);
    expect(made.copy?.ok).toBe(false);
    expect(await readdir(keysDir)).toEqual([expect.stringMatching(/^studio-key-.*\.age$/)]);
  });

  it("puts a failed copy on her to-do list", async () => {
    const broken = { ...target, bucket: bucket("non-esiste") };
    const made = await runBackup(broken, "manual");
    expect(made.copy?.ok).toBe(false);
    const todo = backupChecksTodo(await getBackupChecksState(site.db, target.dir));
    expect(todo.copyFailed).toMatch(/copia in .*non-esiste.* non riuscita/);
  });
});

/** The Rome date in a copy's name, at 03:00. */
function dateOf(name: string): Date {
  const [, y, m, d] = /studio-([0-9]{4})([0-9]{2})([0-9]{2})/.exec(name)!;
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), 2, 0));
}

describe("the weekly restore drill", { timeout: SCRYPTS }, () => {
  let siteUrl: string;
  let site: Database;
  let target: BackupTarget;
  let good: string;

  beforeAll(async () => {
    siteUrl = await createPostgresDatabase();
    site = await openDatabase({ url: siteUrl, migrationsFolder });
    const mediaDir = await tempDir("drill-media-");
    await seedSite(site, createLocalMediaStorage(mediaDir), { photos: 2, reviews: 8, reviewPhotos: 1 });
    target = {
      connection: { connectionString: siteUrl },
      db: site.db,
      media: createLocalMediaStorage(mediaDir),
      mediaStorage: "local",
      dir: await tempDir("drill-backups-"),
      keep: 14,
      migrationsFolder,
      tables: siteTables,
      passphrase,
      keysDir: await tempDir("drill-keys-"),
    };
    good = (await runBackup({ ...target, passphrase: undefined }, "manual")).file;
  });

  afterAll(() => site.close());

  async function scratchDatabases(): Promise<string[]> {
    const client = new pg.Client({ connectionString: siteUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        `select datname as name from pg_database where datname like 'studio_drill_%'`,
      );
      return rows.map((r) => r.name);
    } finally {
      await client.end();
    }
  }

  it("passes with a good encrypted archive, leaves the live data alone and throws the scratch copy away", async () => {
    const before = await readAllRows(siteUrl);
    const made = await runBackup(target, "manual");
    const outcome = await runRestoreDrill(target);
    expect(outcome).toMatchObject({ ok: true, value: { name: path.basename(made.file) } });
    expect(outcome.ok && outcome.value.summary).toMatch(/ripristinati e verificati/);
    expect(await scratchDatabases()).toEqual([]);
    expect((await filesUnder(target.dir)).filter((f) => f.startsWith("."))).toEqual([]);
    // The live rows are as they were, but for the backups' own bookkeeping.
    const after = await readAllRows(siteUrl);
    for (const [table, rows] of before) if (!table.includes("backup_")) expect(after.get(table)).toEqual(rows);
    expect(backupChecksTodo(await getBackupChecksState(site.db, target.dir)).drillFailed).toBeNull();
  });

  it("runs as the weekly job, Sundays at 05:15 in Italy, and only while the nightly backup is on", async () => {
    const config = loadConfig({ DATA_DIR: await tempDir("drill-job-"), DATABASE_URL: siteUrl, BACKUP_DIR: target.dir });
    const services = { config, logger, database: site, media: target.media, embedded: null, siteTables };
    const job = weeklyDrillJob(services)!;
    expect(job).toMatchObject({ name: "weekly-restore-drill", schedule: { cron: "15 5 * * 0" } });
    expect(job.timeoutMs).toBeLessThanOrEqual(60 * 60_000);
    const before = await site.db.select().from(backupChecks).where(eq(backupChecks.kind, "drill"));
    await job.run({ slot: new Date(), signal: new AbortController().signal, logger });
    const after = await site.db.select().from(backupChecks).where(eq(backupChecks.kind, "drill"));
    expect(after.length).toBe(before.length + 1);
    expect(weeklyDrillJob({ ...services, config: { ...config, backup: { ...config.backup, time: null } } })).toBeNull();
  });

  it("names a media file whose byte flipped, on her to-do list", async () => {
    const { manifest } = await openBackup(good);
    const photo = manifest.media.files[0]!.key;
    const file = path.join(await tempDir("drill-bad-"), "studio-20261201-0300.tar.gz");
    await damaged(good, file, (name, body) => {
      if (name !== `media/${photo}`) return body;
      const copy = Buffer.from(body);
      copy[copy.length >> 1]! ^= 0x10;
      return copy;
    });
    const outcome = await runRestoreDrill(target, { file });
    expect(outcome.ok).toBe(false);
    const todo = backupChecksTodo(await getBackupChecksState(site.db, target.dir));
    expect(todo.drillFailed).toContain(`media/${photo}`);
    expect(todo.drillFailed).toMatch(/danneggiato/);
    expect(await scratchDatabases()).toEqual([]);
  });

  it("names a truncated table dump, on her to-do list", async () => {
    const { manifest } = await openBackup(good);
    const reviews = manifest.database.tables.find((t) => t.name === "reviews")!;
    const file = path.join(await tempDir("drill-cut-"), "studio-20261201-0300.tar.gz");
    await damaged(good, file, (name, body) => (name === reviews.file ? body.subarray(0, body.length >> 1) : body));
    const outcome = await runRestoreDrill(target, { file });
    expect(outcome.ok).toBe(false);
    const todo = backupChecksTodo(await getBackupChecksState(site.db, target.dir));
    expect(todo.drillFailed).toContain(reviews.file);
    expect(await scratchDatabases()).toEqual([]);
  });
});

describe("a disk that fills up", () => {
  it("refuses a backup that would not fit before it starts, and says so", async () => {
    const url = await createPostgresDatabase();
    const site = await openDatabase({ url, migrationsFolder });
    try {
      const dir = await tempDir("full-backups-");
      const full = async () => ({ free: 50 * 1024 * 1024, total: 10 * 1024 ** 3 });
      const target: BackupTarget = {
        connection: { connectionString: url },
        db: site.db,
        media: createLocalMediaStorage(await tempDir("full-media-")),
        mediaStorage: "local",
        dir,
        keep: 14,
        migrationsFolder,
        tables: siteTables,
        passphrase,
        keysDir: await tempDir("full-keys-"),
        diskSpace: full,
      };
      const error = await runBackup(target, "manual").catch((e: Error) => e);
      expect(error).toBeInstanceOf(DiskFullError);
      expect((error as Error).message).toMatch(/^spazio su disco insufficiente per il backup: servono .* liberi 50 MB/);
      expect(await filesUnder(dir)).toEqual([]);
      const [run] = await site.db.select().from(backupRuns);
      expect(run).toMatchObject({ ok: false, error: (error as Error).message });
    } finally {
      await site.close();
    }
  });

  it("refuses a media file that would not fit, with no half-written file", async () => {
    const root = await tempDir("full-media-");
    const media = createLocalMediaStorage(root, { diskSpace: async () => ({ free: 1024, total: 1024 ** 3 }) });
    await expect(media.put("reviews", "webp", Buffer.alloc(2048))).rejects.toBeInstanceOf(DiskFullError);
    expect(await filesUnder(root)).toEqual([]);
  });

  it("refuses to download a copy that would not fit", async () => {
    const s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: await tempDir("full-s3rver-"),
      configureBuckets: [{ name: "copie" }],
    });
    const { port } = await s3.run();
    try {
      const bucket = createBackupBucket({
        endpoint: `http://127.0.0.1:${port}`,
        bucket: "copie",
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        prefix: "",
      });
      const dir = await tempDir("full-download-");
      const body = path.join(dir, "body");
      await writeFile(body, Buffer.alloc(4096));
      await bucket.upload(body, "studio-20261201-0300.tar.gz.age");
      const to = path.join(dir, "copy.tar.gz.age");
      await expect(
        bucket.download("studio-20261201-0300.tar.gz.age", to, {
          diskSpace: async () => ({ free: 1024, total: 1024 ** 3 }),
        }),
      ).rejects.toThrow(/spazio su disco insufficiente per scaricare la copia/);
      await expect(stat(to)).rejects.toThrow(/ENOENT/);
    } finally {
      await s3.close();
    }
  });
});
