import path from "node:path";
import type { PgTable } from "drizzle-orm/pg-core";
import { boundedConnection, DATABASE_LIMITS, defaultMigrationsFolder } from "~/core/db/database.server";
import type { AppConfig } from "~/core/config/env.server";
import type { Database } from "~/core/db/database.server";
import { createLocalMediaStorage, type MediaStorage } from "~/core/media/media-storage.server";
import { createS3MediaStorage } from "~/core/media/s3-media-storage.server";
import type { BackupTarget } from "./backup-job.server";
import { backupKeysDir } from "./backup-key.server";
import { createBackupBucket } from "./bucket.server";

export { defaultMigrationsFolder };

/** The media storage the configuration names, as the server builds it. */
export function mediaFromConfig(config: AppConfig): { media: MediaStorage; mediaStorage: "local" | "s3" } {
  return config.s3
    ? { media: createS3MediaStorage(config.s3), mediaStorage: "s3" }
    : { media: createLocalMediaStorage(path.join(config.dataDir, "media")), mediaStorage: "local" };
}

export function backupTargetFromConfig(
  config: AppConfig,
  database: Database,
  /** The database's URL (DATABASE_URL, or the embedded server's socket). */
  url: string,
  /** Every table of the site (the composition's `siteTables`). */
  tables: readonly PgTable[],
  media = mediaFromConfig(config),
): BackupTarget {
  return {
    // A dump streams whole tables (COPY): maintenance bounds, without the client-side one.
    connection: boundedConnection(url, DATABASE_LIMITS.copy),
    db: database.db,
    ...media,
    dir: config.backup.dir,
    keep: config.backup.keep,
    migrationsFolder: defaultMigrationsFolder(),
    tables,
    passphrase: config.backup.passphrase,
    keysDir: backupKeysDir(config.dataDir),
    bucket: config.backup.bucket && createBackupBucket(config.backup.bucket),
  };
}

/** The running server's backup target: its database, its media storage, its backup settings. */
export function serverBackupTarget(services: {
  config: AppConfig;
  database: Database;
  media: MediaStorage;
  /** The PostgreSQL server this process started, when DATABASE_URL is unset. */
  embedded: { url: string } | null;
  /** Every table of the site. */
  siteTables: readonly PgTable[];
}): BackupTarget {
  const { config } = services;
  const url = services.embedded?.url ?? config.databaseUrl!;
  return backupTargetFromConfig(config, services.database, url, services.siteTables, {
    media: services.media,
    mediaStorage: config.s3 ? "s3" : "local",
  });
}
