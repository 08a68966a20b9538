import { and, eq, gte } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Logger } from "pino";
import type { AppConfig } from "~/core/config/env.server";
import type { Database } from "~/core/db/database.server";
import { backupRuns } from "./schema";
import { type ScheduledJob, scheduleCron } from "~/core/jobs/scheduler.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import { logBackupAftermath, runBackup, withBackupLock, type BackupTarget } from "./backup-job.server";
import { runRestoreDrill } from "./drill.server";
import { serverBackupTarget } from "./target.server";

/**
 * This night's backup, unless another instance holds the lock or already
 * recorded it. Logs the outcome; never throws.
 */
export async function runScheduledBackup(
  target: BackupTarget,
  slot: Date,
  logger: Logger,
): Promise<"made" | "locked" | "already done" | "failed"> {
  try {
    const outcome = await withBackupLock(target.connection, async () => {
      const done = await target.db
        .select({ id: backupRuns.id })
        .from(backupRuns)
        .where(and(eq(backupRuns.trigger, "schedule"), gte(backupRuns.startedAt, slot)))
        .limit(1);
      if (done.length > 0) return "already done" as const;
      return runBackup(target, "schedule");
    });
    if (outcome === undefined) {
      logger.info("nightly backup: another instance is making it");
      return "locked";
    }
    if (outcome === "already done") {
      logger.info("nightly backup: already made by another instance");
      return outcome;
    }
    logBackupAftermath(logger, "nightly", outcome);
    logger.info(
      {
        file: outcome.file,
        bytes: outcome.bytes,
        ms: outcome.durationMs,
        pruned: outcome.pruned,
        missingMedia: outcome.manifest.media.missing.length,
      },
      `nightly backup done: ${outcome.summary}`,
    );
    return "made";
  } catch (error) {
    logger.error({ err: error }, "nightly backup failed");
    return "failed";
  }
}

/**
 * Calls `run` every day at hour:minute in Italy (the site's time zone, whatever the server's TZ). A time the clocks skip in spring runs when the
 * skipped hour ends; a time they repeat in autumn runs once. `run` gets the scheduled time (the same in
 * every instance), not the moment the timer fired, and a night still running when the next one comes
 * is not started twice.
 */
export function scheduleNightly(
  time: { hour: number; minute: number },
  run: (slot: Date) => Promise<unknown>,
): { stop(): void } {
  return scheduleCron(nightly(time), run);
}

const nightly = (time: { hour: number; minute: number }) => `${time.minute} ${time.hour} * * *`;

/** A night's backup may take this long (a large media folder to a slow disk) before it is given up. */
const BACKUP_TIMEOUT_MS = 3 * 60 * 60_000;

/**
 * The server's nightly backup as configured (BACKUP_TIME, BACKUP_KEEP, BACKUP_DIR), for the scheduler
 * (server/jobs.ts); none when BACKUP_TIME=off. Every instance keeps the timer; the one that takes the
 * lock first makes the backup, and one that finds this night's backup already recorded does nothing.
 */
export function nightlyBackupJob(services: {
  config: AppConfig;
  logger: Logger;
  database: Database;
  media: MediaStorage;
  /** The PostgreSQL server this process started, when DATABASE_URL is unset. */
  embedded: { url: string } | null;
  /** Every table of the site. */
  siteTables: readonly PgTable[];
}): ScheduledJob | null {
  const { config, logger } = services;
  const time = config.backup.time;
  if (!time) {
    logger.info("nightly backup off (BACKUP_TIME=off)");
    return null;
  }
  const target = serverBackupTarget(services);
  const at = `${String(time.hour).padStart(2, "0")}:${String(time.minute).padStart(2, "0")}`;
  logger.info({ at, dir: target.dir, keep: target.keep }, "nightly backup scheduled");
  return {
    name: "nightly-backup",
    schedule: { cron: nightly(time) },
    timeoutMs: BACKUP_TIMEOUT_MS,
    run: async ({ slot }) => {
      await runScheduledBackup(target, slot, logger);
    },
  };
}

/** A drill restores the whole newest backup: given up past this, the scratch copy dropped all the same. */
const DRILL_TIMEOUT_MS = 60 * 60_000;

/**
 * Decision 76: every Sunday at 05:15 (after the night's backup), the newest backup restored into a
 * scratch database and folder and checked against its manifest (drill.server.ts); none when the
 * nightly backup is off. The outcome is on the backup screen; a failure on her to-do list.
 */
export function weeklyDrillJob(services: {
  config: AppConfig;
  logger: Logger;
  database: Database;
  media: MediaStorage;
  embedded: { url: string } | null;
  /** Every table of the site. */
  siteTables: readonly PgTable[];
}): ScheduledJob | null {
  if (!services.config.backup.time) return null;
  const target = serverBackupTarget(services);
  return {
    name: "weekly-restore-drill",
    schedule: { cron: "15 5 * * 0" },
    timeoutMs: DRILL_TIMEOUT_MS,
    run: async ({ signal, logger }) => {
      const outcome = await runRestoreDrill(target, { signal });
      if (outcome.ok)
        logger.info(
          { file: outcome.value.name, ms: outcome.value.durationMs },
          `restore drill passed: ${outcome.value.summary}`,
        );
      else logger.error({ file: outcome.detail?.name, detail: outcome.detail?.error }, "restore drill failed");
    },
  };
}
