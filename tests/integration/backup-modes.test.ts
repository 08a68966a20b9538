import { chmod, mkdir, mkdtemp, readdir, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BackupTarget } from "~/features/backups/backup-job.server";
import { runScheduledBackup } from "~/features/backups/scheduler.server";
import { siteTables } from "~/composition/site-schema";
import { openDatabase, type Database } from "~/core/db/database.server";
import { createLocalMediaStorage } from "~/core/media/media-storage.server";
import { runScript } from "../support/commands";
import { createPostgresDatabase } from "../support/test-databases";

/*
 * A backup holds the password hash, the app's secrets, the session hashes and the TOTP secret:
 * other local users must not be able to read it, whoever makes it.
 */

const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");
const mode = async (file: string) => (await stat(file)).mode & 0o777;

describe("backup files are readable by the site's user only", () => {
  let url: string;
  let database: Database;

  beforeAll(async () => {
    url = await createPostgresDatabase();
    database = await openDatabase({ url, migrationsFolder });
  });

  afterAll(() => database?.close());

  const nightlyTarget = async (dir: string): Promise<BackupTarget> => ({
    connection: { connectionString: url },
    db: database.db,
    media: createLocalMediaStorage(path.join(await mkdtemp(path.join(os.tmpdir(), "modes-media-")), "media")),
    mediaStorage: "local",
    dir,
    keep: 14,
    migrationsFolder,
    tables: siteTables,
  });

  it("npm run backup writes the file 0600 in a 0700 folder, the backups folder and one given with --output", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "modes-cli-"));
    const made = await runScript("scripts/backup.ts", [], { DATABASE_URL: url, DATA_DIR: dataDir });
    expect(made.code, made.stderr).toBe(0);
    const backups = path.join(dataDir, "backups");
    const [name] = await readdir(backups);
    expect(name).toMatch(/^studio-\d{8}-\d{4}\.tar\.gz$/);
    expect(await mode(backups)).toBe(0o700);
    expect(await mode(path.join(backups, name!))).toBe(0o600);

    const output = path.join(dataDir, "chiavetta", "copie", "studio.tar.gz");
    const copied = await runScript("scripts/backup.ts", ["--output", output], { DATABASE_URL: url, DATA_DIR: dataDir });
    expect(copied.code, copied.stderr).toBe(0);
    expect(await mode(output)).toBe(0o600);
    expect(await mode(path.dirname(output))).toBe(0o700);
  }, 60_000);

  it("the nightly backup makes its folder 0700 and the file 0600", async () => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), "modes-nightly-")), "backups");
    expect(await runScheduledBackup(await nightlyTarget(dir), new Date(), pino({ level: "silent" }))).toBe("made");
    const [name] = await readdir(dir);
    expect(await mode(dir)).toBe(0o700);
    expect(await mode(path.join(dir, name!))).toBe(0o600);
  });

  it("the nightly backup narrows a folder and backups an older version left readable by all", async () => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), "modes-older-")), "backups");
    await mkdir(dir);
    await chmod(dir, 0o755);
    const older = path.join(dir, "studio-20250101-0330.tar.gz");
    await writeFile(older, "a backup made by an older version");
    await chmod(older, 0o644);

    expect(await runScheduledBackup(await nightlyTarget(dir), new Date(), pino({ level: "silent" }))).toBe("made");
    expect(await mode(dir)).toBe(0o700);
    const names = await readdir(dir);
    expect(names).toHaveLength(2);
    for (const name of names) expect(await mode(path.join(dir, name)), name).toBe(0o600);
  });
});
