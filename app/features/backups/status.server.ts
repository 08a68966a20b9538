import { desc, eq } from "drizzle-orm";
import type { AppConfig } from "~/core/config/env.server";
import type { Database, Db } from "~/core/db/database.server";
import { backupRuns } from "~/core/db/schema";
import { listBackups, type BackupFile } from "./backup-files.server";

/** A good backup older than this is a warning in the admin. */
const STALE_AFTER_MS = 2 * 24 * 60 * 60 * 1000;

export type BackupWarning = "never" | "failed" | "stale";

interface BackupStatus {
  lastGood: { at: Date; bytes: number | null; summary: string | null } | null;
  /** Set when the most recent attempt failed. */
  lastFailure: { at: Date; error: string } | null;
  warning: BackupWarning | null;
  /** The newest backup file this server can hand out. */
  latestFile: BackupFile | null;
  /** "HH:MM" of the nightly backup, or null when it is off. */
  nightlyAt: string | null;
  keep: number;
}

export async function getBackupStatus(db: Db, backup: AppConfig["backup"], now = new Date()): Promise<BackupStatus> {
  const [last] = await db.select().from(backupRuns).orderBy(desc(backupRuns.finishedAt)).limit(1);
  const [good] = last?.ok
    ? [last]
    : await db.select().from(backupRuns).where(eq(backupRuns.ok, true)).orderBy(desc(backupRuns.finishedAt)).limit(1);
  const lastGood = good ? { at: good.finishedAt, bytes: good.bytes, summary: good.summary } : null;
  const lastFailure = last && !last.ok ? { at: last.finishedAt, error: last.error ?? "" } : null;
  const warning: BackupWarning | null = lastFailure
    ? "failed"
    : !lastGood
      ? "never"
      : now.getTime() - lastGood.at.getTime() > STALE_AFTER_MS
        ? "stale"
        : null;
  const [latestFile] = await listBackups(backup.dir);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    lastGood,
    lastFailure,
    warning,
    latestFile: latestFile ?? null,
    nightlyAt: backup.time ? `${pad(backup.time.hour)}:${pad(backup.time.minute)}` : null,
    keep: backup.keep,
  };
}

/** The status the admin's backup screen shows, read with the server's database and settings. */
export function currentBackupStatus(deps: { database: Database; config: Pick<AppConfig, "backup"> }) {
  return getBackupStatus(deps.database.db, deps.config.backup);
}
