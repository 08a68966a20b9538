import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Db } from "~/core/db/database.server";
import { backupRuns, type BackupTrigger } from "~/core/db/schema";
import type { MediaStorage } from "~/core/media/media-storage.server";
import { makeBackupFolderPrivate, nextBackupPath, pruneBackups } from "./backup-files.server";
import { createBackup, type BackupResult, type ProgressReporter } from "./dump.server";
import { describeContents, describeManifest } from "./manifest.server";

/** Everything a backup reads and where it goes. */
export interface BackupTarget {
  connection: pg.ClientConfig;
  db: Db;
  media: MediaStorage;
  mediaStorage: "local" | "s3";
  /** Where dated backups go; retention applies there only. */
  dir: string;
  keep: number;
  migrationsFolder: string;
}

interface BackupJobResult extends BackupResult {
  /** Tables, rows and files, for the logs and the command line. */
  summary: string;
  /** Older backups deleted to keep the last N. */
  pruned: string[];
  /** What the operator should fix, in Italian (a backups folder others can read). */
  warnings: string[];
}

/** Any number distinct from other advisory locks: held while one instance makes a backup. */
const BACKUP_LOCK_KEY = 7_318_450_221;

function appIdentity(): { name: string; version: string } {
  try {
    const pkg = JSON.parse(readFileSync(path.resolve(process.cwd(), "package.json"), "utf8")) as {
      name?: string;
      version?: string;
    };
    return { name: pkg.name ?? "studio", version: pkg.version ?? "0" };
  } catch {
    return { name: "studio", version: "0" };
  }
}

/**
 * Makes one backup (into `file`, or a new dated file in the backups folder,
 * then keeps the newest N there) and records the outcome for the admin,
 * failures included. Rethrows the failure after recording it.
 */
export async function runBackup(
  target: BackupTarget,
  trigger: BackupTrigger,
  options: { file?: string; onProgress?: ProgressReporter } = {},
): Promise<BackupJobResult> {
  const startedAt = new Date();
  let file = options.file;
  const warnings: string[] = [];
  try {
    if (!file) {
      const warning = await makeBackupFolderPrivate(target.dir);
      if (warning) warnings.push(warning);
      file = await nextBackupPath(target.dir, startedAt);
    }
    const result = await createBackup({
      connection: target.connection,
      media: target.media,
      mediaStorage: target.mediaStorage,
      file,
      migrationsFolder: target.migrationsFolder,
      app: appIdentity(),
      onProgress: options.onProgress,
    });
    const summary = describeManifest(result.manifest);
    await target.db.insert(backupRuns).values({
      trigger,
      startedAt,
      ok: true,
      file: result.file,
      bytes: result.bytes,
      // What the admin screen shows, in her words.
      summary: describeContents(result.manifest),
    });
    const pruned = options.file ? [] : await pruneBackups(target.dir, target.keep);
    return { ...result, summary, pruned, warnings };
  } catch (error) {
    await target.db
      .insert(backupRuns)
      .values({ trigger, startedAt, ok: false, file: file ?? null, error: (error as Error).message.slice(0, 2000) })
      .catch(() => {});
    throw error;
  }
}

/**
 * Runs `work` only if no other process (another instance, or the admin's
 * button) holds the backup lock on this database; resolves undefined when one does.
 */
export async function withBackupLock<T>(connection: pg.ClientConfig, work: () => Promise<T>): Promise<T | undefined> {
  const client = new pg.Client(connection);
  client.on("error", () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
      BACKUP_LOCK_KEY,
    ]);
    if (!rows[0]!.locked) return undefined;
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [BACKUP_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}
