import { desc, eq } from "drizzle-orm";
import {
  diskSpace,
  DISK_ALERT_RATIO,
  DISK_WARN_RATIO,
  type DiskSpaceReader,
  diskUsage,
} from "~/core/disk/disk-space.server";
import type { Db } from "~/core/db/database.server";
import { type BackupCheckKind, backupChecks } from "./schema";
import { formatLongDateTime } from "~/core/format/admin-format";
import { formatBytes } from "./manifest.server";

/** The last copy to the bucket and the last restore drill, and how full the backups' disk is. */
export interface BackupChecksState {
  lastCopy: { at: Date; ok: boolean; bytes: number | null; detail: string | null } | null;
  lastDrill: { at: Date; ok: boolean; detail: string | null } | null;
  /** How full the disk holding the backups is, 0 to 1; null when it cannot be read. */
  diskUsed: number | null;
}

async function last(db: Db, kind: BackupCheckKind) {
  const [row] = await db
    .select()
    .from(backupChecks)
    .where(eq(backupChecks.kind, kind))
    .orderBy(desc(backupChecks.finishedAt))
    .limit(1);
  return row ? { at: row.finishedAt, ok: row.ok, bytes: row.bytes, detail: row.detail } : null;
}

/** Two indexed reads and one statfs: cheap enough for every admin screen's "Da fare". */
export async function getBackupChecksState(
  db: Db,
  backupDir: string,
  read: DiskSpaceReader = diskSpace,
): Promise<BackupChecksState> {
  const [lastCopy, lastDrill, diskUsed] = await Promise.all([
    last(db, "copy"),
    last(db, "drill"),
    diskUsage(backupDir, read).catch(() => null),
  ]);
  return {
    lastCopy,
    lastDrill: lastDrill && { at: lastDrill.at, ok: lastDrill.ok, detail: lastDrill.detail },
    diskUsed,
  };
}

/** What her to-do list says: a failed copy, a failed drill (in red, with what failed), a disk 95% full. */
export function backupChecksTodo(state: BackupChecksState) {
  return {
    copyFailed: state.lastCopy && !state.lastCopy.ok ? (state.lastCopy.detail ?? "copia non riuscita") : null,
    drillFailed: state.lastDrill && !state.lastDrill.ok ? (state.lastDrill.detail ?? "prova non riuscita") : null,
    diskFullPercent:
      state.diskUsed !== null && state.diskUsed >= DISK_ALERT_RATIO ? Math.round(state.diskUsed * 100) : null,
  };
}

/** What the backup screen shows of them, in sentences. */
export function backupChecksView(state: BackupChecksState, settings: { encrypted: boolean; bucket: string | null }) {
  const percent = state.diskUsed === null ? null : Math.round(state.diskUsed * 100);
  return {
    encrypted: settings.encrypted,
    bucket: settings.bucket,
    lastCopy: state.lastCopy && {
      at: formatLongDateTime(state.lastCopy.at),
      ok: state.lastCopy.ok,
      size: state.lastCopy.bytes === null ? null : formatBytes(state.lastCopy.bytes),
      detail: state.lastCopy.ok ? null : state.lastCopy.detail,
    },
    lastDrill: state.lastDrill && {
      at: formatLongDateTime(state.lastDrill.at),
      ok: state.lastDrill.ok,
      detail: state.lastDrill.detail,
    },
    diskPercent: percent,
    diskWarning:
      state.diskUsed !== null && state.diskUsed >= DISK_WARN_RATIO
        ? `Il disco del sito è pieno al ${percent}%: quando è pieno, backup e caricamenti di foto vengono rifiutati. ` +
          "Elimina file che non servono o chiedi a chi gestisce il sito di aumentare lo spazio."
        : null,
  };
}

export type BackupChecksView = ReturnType<typeof backupChecksView>;
