import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Logger } from "pino";
import { desc, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { type DiskSpaceReader, ensureRoom } from "~/core/disk/disk-space.server";
import type { Db } from "~/core/db/database.server";
import { backupRuns, type BackupTrigger } from "./schema";
import type { MediaStorage } from "~/core/media/media-storage.server";
import { makeBackupFolderPrivate, nextBackupPath, pruneBackups } from "./backup-files.server";
import type { BackupBucket } from "./bucket.server";
import { backupKey } from "./backup-key.server";
import { copyToBucket, type CopyOutcome } from "./copy.server";
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
  /** Every table of the site (the composition's `siteTables`): what the restore drill may load. */
  tables: readonly PgTable[];
  /** Every backup encrypted (age) for it; unset: written in clear, as before (decision 76). */
  passphrase?: string;
  /** Where the key her passphrase protects is kept (DATA_DIR/backup-keys); needed with a passphrase. */
  keysDir?: string;
  /** Her bucket: each encrypted backup copied there, then the retention applied there. */
  bucket?: BackupBucket;
  /** The disk's figures; tests pass their own to play a full disk. */
  diskSpace?: DiskSpaceReader;
}

interface BackupJobResult extends BackupResult {
  /** Tables, rows and files, for the logs and the command line. */
  summary: string;
  /** Older backups deleted to keep the last N. */
  pruned: string[];
  /** What the operator should fix, in Italian (a backups folder others can read). */
  warnings: string[];
  /** The copy to her bucket, when there is one. */
  copy?: CopyOutcome;
}

/** The warnings and the bucket copy of a backup, logged the same way whoever asked for it. */
export function logBackupAftermath(
  logger: Pick<Logger, "info" | "warn" | "error">,
  which: "admin" | "nightly",
  outcome: Pick<BackupJobResult, "warnings" | "copy">,
) {
  for (const warning of outcome.warnings) logger.warn({ detail: warning }, `${which} backup: other users can read it`);
  if (outcome.copy && !outcome.copy.ok)
    logger.error({ detail: outcome.copy.detail?.error }, `${which} backup: the copy to the bucket failed`);
  else if (outcome.copy)
    logger.info(
      { name: outcome.copy.value.name, pruned: outcome.copy.value.pruned },
      `${which} backup: copied to the bucket`,
    );
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
      file = await nextBackupPath(target.dir, startedAt, Boolean(target.passphrase));
    }
    // Refused before a byte is written when the disk cannot hold it.
    await ensureRoom(path.dirname(file), await expectedBackupBytes(target), "il backup", { read: target.diskSpace });
    if (target.passphrase && !target.keysDir) throw new Error("backup cifrato senza cartella delle chiavi");
    // Looked up (one scrypt, once per process) while the tables are read.
    const key = target.passphrase
      ? backupKey({ passphrase: target.passphrase, dir: target.keysDir!, bucket: target.bucket })
      : undefined;
    key?.catch(() => {});
    const result = await createBackup({
      connection: target.connection,
      media: target.media,
      mediaStorage: target.mediaStorage,
      file,
      migrationsFolder: target.migrationsFolder,
      app: appIdentity(),
      onProgress: options.onProgress,
      recipient: key?.then((k) => k.recipient),
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
    const copy = target.bucket
      ? await copyToBucket({ db: target.db, bucket: target.bucket, file: result.file, keyFile: (await key)?.file })
      : undefined;
    return { ...result, summary, pruned, warnings, copy };
  } catch (error) {
    await target.db
      .insert(backupRuns)
      .values({ trigger, startedAt, ok: false, file: file ?? null, error: (error as Error).message.slice(0, 2000) })
      .catch(() => {});
    throw error;
  }
}

/**
 * What the next backup will take on disk: the last good one and a fifth more (the site grows), and as
 * much again for the tables' text it writes first; the database's size on the first night.
 */
async function expectedBackupBytes(target: BackupTarget): Promise<number> {
  const [last] = await target.db
    .select({ bytes: backupRuns.bytes })
    .from(backupRuns)
    .where(eq(backupRuns.ok, true))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  if (last?.bytes) return Math.ceil(last.bytes * 1.2) * 2;
  const size = await target.db.execute(sql`select pg_database_size(current_database())::text as bytes`);
  return 2 * Number((size as unknown as { rows: { bytes: string }[] }).rows[0]?.bytes ?? 0);
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
