import { type Result, refused, succeeded } from "~/core/result";
import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { backupChecks } from "./schema";
import { createLocalMediaStorage } from "~/core/media/media-storage.server";
import { listBackups } from "./backup-files.server";
import type { BackupTarget } from "./backup-job.server";
import { type BackupManifest, describeManifest } from "./manifest.server";
import { BackupRejectedError } from "./restore-archive.server";
import { restoreBackup } from "./restore.server";

// The weekly proof that the newest backup restores (decision 76): into a scratch database on the same
// server and a scratch media folder, checked against the archive's manifest, then thrown away. The
// live database and media are only read from the backups folder's side: nothing of theirs is touched.

/** The drill passed (what it restored and checked), or what failed, in Italian for her screen. */
export type DrillOutcome = Result<
  { name: string; bytes: number; summary: string; durationMs: number },
  "drillFailed",
  { name: string | null; error: string }
>;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The same server's URL with another database name. */
function scratchConnection(connection: pg.ClientConfig, database: string): pg.ClientConfig {
  if (!connection.connectionString) return { ...connection, database };
  const url = new URL(connection.connectionString);
  url.pathname = `/${database}`;
  return { ...connection, connectionString: url.href };
}

async function withClient<T>(connection: pg.ClientConfig, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(connection);
  client.on("error", () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Every table holds the rows the manifest declares, and every media file has its checksum. */
async function compareWithManifest(
  manifest: BackupManifest,
  connection: pg.ClientConfig,
  mediaDir: string,
): Promise<string[]> {
  const failures: string[] = [];
  await withClient(connection, async (client) => {
    for (const table of manifest.database.tables) {
      const name = `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;
      const { rows } = await client.query<{ count: string }>(`select count(*)::text as count from ${name}`);
      if (Number(rows[0]!.count) !== table.rows) {
        failures.push(`la tabella ${table.schema}.${table.name} ha ${rows[0]!.count} righe invece di ${table.rows}`);
      }
    }
  });
  for (const file of manifest.media.files) {
    const hash = createHash("sha256");
    try {
      await pipeline(createReadStream(path.join(mediaDir, ...file.key.split("/"))), hash);
      if (hash.digest("hex") !== file.sha256) failures.push(`il file ${file.key} ha una checksum diversa`);
    } catch {
      failures.push(`manca il file ${file.key}`);
    }
  }
  return failures;
}

/**
 * Restores the newest backup of the backups folder (or `file`) into a scratch database and folder,
 * compares them with its manifest, drops both and records the outcome. Never throws.
 */
export async function runRestoreDrill(
  target: BackupTarget,
  options: { file?: string; signal?: AbortSignal } = {},
): Promise<DrillOutcome> {
  const started = Date.now();
  const file = options.file ?? (await listBackups(target.dir).catch(() => []))[0]?.file;
  const name = file ? path.basename(file) : null;
  let outcome: DrillOutcome;
  if (!file) {
    outcome = refused("drillFailed", { name, error: "nessun backup da provare nella cartella dei backup" });
  } else {
    outcome = await drill(target, file, options.signal).then(
      ({ bytes, summary }): DrillOutcome =>
        succeeded({ name: name!, bytes, summary, durationMs: Date.now() - started }),
      (error: Error): DrillOutcome =>
        refused("drillFailed", {
          name,
          error: error instanceof BackupRejectedError ? error.message : `errore imprevisto: ${error.message}`,
        }),
    );
  }
  await target.db
    .insert(backupChecks)
    .values({
      kind: "drill",
      ok: outcome.ok,
      name,
      bytes: outcome.ok ? outcome.value.bytes : null,
      detail: (outcome.ok ? outcome.value.summary : (outcome.detail?.error ?? "")).slice(0, 2000),
    })
    .catch(() => {});
  return outcome;
}

async function drill(target: BackupTarget, file: string, signal?: AbortSignal) {
  const database = `studio_drill_${randomBytes(6).toString("hex")}`;
  // Named like a backup's work folder: an interrupted drill's leftovers are swept with theirs.
  const mediaDir = await mkdtemp(path.join(target.dir, ".backup-work-drill-"));
  let created = false;
  try {
    await withClient(target.connection, (client) => client.query(`create database ${quoteIdent(database)}`));
    created = true;
    const scratch = scratchConnection(target.connection, database);
    signal?.throwIfAborted();
    const result = await restoreBackup({
      file,
      connection: scratch,
      media: createLocalMediaStorage(mediaDir),
      migrationsFolder: target.migrationsFolder,
      tables: target.tables,
      workDir: target.dir,
      passphrase: target.passphrase,
      keysDir: target.keysDir,
      bucket: target.bucket,
      freeSpace: target.diskSpace && (async (dir) => (await target.diskSpace!(dir)).free),
    });
    signal?.throwIfAborted();
    const failures = await compareWithManifest(result.manifest, scratch, mediaDir);
    if (failures.length > 0) throw new BackupRejectedError(failures.slice(0, 5).join("; "));
    const { size } = await stat(file);
    return { bytes: size, summary: `${describeManifest(result.manifest)} ripristinati e verificati` };
  } finally {
    if (created) {
      await withClient(target.connection, (client) =>
        client.query(`drop database if exists ${quoteIdent(database)} with (force)`),
      ).catch(() => {});
    }
    await rm(mediaDir, { recursive: true, force: true });
  }
}
