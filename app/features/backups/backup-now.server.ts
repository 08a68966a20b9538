import type { Logger } from "pino";
import { type Result, refused, succeeded } from "~/core/result";
import { logBackupAftermath, runBackup, withBackupLock, type BackupTarget } from "./backup-job.server";

/**
 * "Esegui backup ora": the nightly job's backup, made now into the backups folder (with its
 * retention) and recorded as the admin's. Under the same advisory lock as the nightly backup, so a
 * second press, another tab or the night's timer never start a second backup meanwhile: they are told
 * one is running.
 */
export async function runBackupNow(deps: {
  target: BackupTarget;
  logger: Logger;
}): Promise<Result<{ bytes: number; durationMs: number }, "alreadyRunning" | "failed">> {
  const { target, logger } = deps;
  try {
    const outcome = await withBackupLock(target.connection, () => runBackup(target, "admin"));
    if (!outcome) return refused("alreadyRunning");
    logBackupAftermath(logger, "admin", outcome);
    logger.info(
      { file: outcome.file, bytes: outcome.bytes, ms: outcome.durationMs },
      `admin backup done: ${outcome.summary}`,
    );
    return succeeded({ bytes: outcome.bytes, durationMs: outcome.durationMs });
  } catch (error) {
    // Recorded in backup_runs by runBackup: the screen shows the technical detail under the warning.
    logger.error({ err: error }, "admin backup failed");
    return refused("failed");
  }
}
