import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/core/db/database.server";
import { createLocalMediaStorage } from "~/core/media/media-storage.server";
import { readAllRows } from "../support/backup-archive";
import { runScript } from "../support/commands";
import { seedSite } from "../support/factory";
import { createPostgresDatabase } from "../support/test-databases";

/* On a new machine she has the passphrase and the bucket's keys: npm run restore -- --from-bucket latest. */

const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");
const passphrase = "una passphrase lunga abbastanza";
const tempDir = (prefix: string) => mkdtemp(path.join(os.tmpdir(), prefix));
const withoutBookkeeping = (rows: Map<string, string[]>) =>
  new Map([...rows].filter(([table]) => !/backup_(runs|checks)$/.test(table)));

describe("npm run backup and npm run restore with her bucket", () => {
  let s3: S3rver;
  let bucketEnv: Record<string, string>;
  let siteUrl: string;

  beforeAll(async () => {
    s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: await tempDir("cli-s3rver-"),
      configureBuckets: [{ name: "copie-cli" }],
    });
    const { port } = await s3.run();
    bucketEnv = {
      BACKUP_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      BACKUP_S3_BUCKET: "copie-cli",
      BACKUP_S3_ACCESS_KEY_ID: "S3RVER",
      BACKUP_S3_SECRET_ACCESS_KEY: "S3RVER",
      BACKUP_S3_PREFIX: "studio/",
    };
    siteUrl = await createPostgresDatabase();
    const site = await openDatabase({ url: siteUrl, migrationsFolder });
    const dataDir = await tempDir("cli-site-");
    await seedSite(site, createLocalMediaStorage(path.join(dataDir, "media")), {
      photos: 1,
      reviews: 5,
      reviewPhotos: 0,
    });
    await site.close();
    const made = await runScript("scripts/backup.ts", [], {
      DATABASE_URL: siteUrl,
      DATA_DIR: dataDir,
      BACKUP_PASSPHRASE: passphrase,
      ...bucketEnv,
    });
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/Copia nello spazio esterno: studio-\d{8}-\d{4}\.tar\.gz\.age/);
  }, 120_000);

  afterAll(() => s3?.close());

  it("restores the latest copy with the passphrase given on standard input", async () => {
    const url = await createPostgresDatabase();
    // A new machine: the data folder does not exist yet.
    const dataDir = path.join(await tempDir("cli-new-machine-"), "data");
    const restored = await runScript(
      "scripts/restore.ts",
      ["--from-bucket", "latest"],
      { DATABASE_URL: url, DATA_DIR: dataDir, ...bucketEnv },
      `${passphrase}\n`,
    );
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/^Ripristino completato/);
    expect(withoutBookkeeping(await readAllRows(url))).toEqual(withoutBookkeeping(await readAllRows(siteUrl)));
  }, 120_000);

  it("refuses a wrong passphrase in one line, with nothing written", async () => {
    const url = await createPostgresDatabase();
    const dataDir = await tempDir("cli-wrong-");
    const refused = await runScript(
      "scripts/restore.ts",
      ["--from-bucket", "latest"],
      { DATABASE_URL: url, DATA_DIR: dataDir, ...bucketEnv },
      "questa non è la passphrase\n",
    );
    expect(refused.code).toBe(1);
    const lines = refused.stderr.split("\n").filter((line) => line.startsWith("Errore"));
    expect(lines).toEqual([expect.stringMatching(/^Errore: passphrase errata.*Nulla è stato modificato\.$/)]);
    expect(refused.stderr).not.toContain("questa non è la passphrase");
    expect(await readAllRows(url)).toEqual(new Map());
  }, 120_000);
});
