import { desc, eq } from "drizzle-orm";
import type { AppConfig } from "~/core/config/env.server";
import type { Database, Db } from "~/core/db/database.server";
import { backupRuns } from "./schema";
import { formatLongDateTime } from "~/core/format/admin-format";
import { listBackups, type BackupFile } from "./backup-files.server";
import { backupChecksView, getBackupChecksState } from "./checks-status.server";
import { formatBytes } from "./manifest.server";

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

/**
 * The last runs' verdict from the database alone: cheap enough for every admin screen's layout
 * (its "Da fare"), which must not list the backup folder on each request.
 */
export async function getBackupRunState(db: Db, now = new Date()) {
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
  return { lastGood, lastFailure, warning };
}

export async function getBackupStatus(
  db: Db,
  backup: Pick<AppConfig["backup"], "time" | "keep" | "dir">,
  now = new Date(),
): Promise<BackupStatus> {
  const { lastGood, lastFailure, warning } = await getBackupRunState(db, now);
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

/** What the admin's backup screen shows: the status in sentences, dates and sizes written out. */
export async function backupStatusView(deps: { database: Database; config: Pick<AppConfig, "backup"> }) {
  const { backup } = deps.config;
  const [status, checks] = await Promise.all([
    getBackupStatus(deps.database.db, backup),
    getBackupChecksState(deps.database.db, backup.dir),
  ]);
  const lastGood = status.lastGood ? formatLongDateTime(status.lastGood.at) : null;
  const failedAt = status.lastFailure ? formatLongDateTime(status.lastFailure.at) : null;
  return {
    /** "never" is no fault on the first day: said calmly, with the button to make one. */
    state: status.warning,
    warning: status.warning
      ? warningMessage(status.warning, { lastGood, failedAt, nightlyAt: status.nightlyAt })
      : null,
    lastGood: status.lastGood && {
      at: lastGood!,
      size: status.lastGood.bytes === null ? null : formatBytes(status.lastGood.bytes),
      summary: status.lastGood.summary,
    },
    failureDetail: status.lastFailure?.error ?? null,
    download: status.latestFile && {
      name: status.latestFile.name,
      size: formatBytes(status.latestFile.bytes),
      at: formatLongDateTime(status.latestFile.modifiedAt),
    },
    nightlyAt: status.nightlyAt,
    keep: status.keep,
    /** Decision 76: encryption, the copy to her bucket, the weekly drill, the disk. */
    checks: backupChecksView(checks, {
      encrypted: Boolean(backup.passphrase),
      bucket: backup.bucket ? `${backup.bucket.bucket} (${new URL(backup.bucket.endpoint).host})` : null,
    }),
  };
}

export type BackupStatusView = Awaited<ReturnType<typeof backupStatusView>>;

/** The warning, as a sentence that says what to do. */
function warningMessage(
  warning: BackupWarning,
  facts: { lastGood: string | null; failedAt: string | null; nightlyAt: string | null },
) {
  switch (warning) {
    case "failed":
      return (
        `L'ultimo backup (${facts.failedAt}) non è riuscito. ` +
        (facts.nightlyAt ? `Il sito riproverà stanotte alle ${facts.nightlyAt}; ` : "") +
        "se il problema si ripete, avvisa chi gestisce il sito."
      );
    case "stale":
      return `L'ultimo backup riuscito è di ${facts.lastGood}, più di due giorni fa. Avvisa chi gestisce il sito.`;
    case "never":
      return facts.nightlyAt
        ? `Non è ancora stato fatto nessun backup. Il primo automatico è previsto stanotte alle ${facts.nightlyAt}; se vuoi, puoi farne uno adesso.`
        : "Non è ancora stato fatto nessun backup e quello automatico è disattivato: puoi farne uno adesso.";
  }
}
