import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { MediaStorage } from "~/core/media/media-storage.server";
import type { ProgressReporter } from "./dump.server";
import { type BackupManifest, mediaEntryName } from "./manifest.server";
import { createMigrationsTableSql, MIGRATIONS_SCHEMA, MIGRATIONS_TABLE, type MigrationFile } from "./migrations.server";
import type { BackupBucket } from "./bucket.server";
import { withPlainArchive } from "./encryption.server";
import { BackupRejectedError, type TableLoad, type VerifiedBackup, withVerifiedBackup } from "./restore-archive.server";

// The second half of a restore: with the archive checked and unpacked (restore-archive.server.ts),
// the missing media files are written and the database is reset and loaded in one transaction.

interface RestoreOptions {
  file: string;
  /** The target database; a function is called only once the file has passed every check. */
  connection: pg.ClientConfig | (() => Promise<pg.ClientConfig>);
  media: MediaStorage;
  migrationsFolder: string;
  /** Every table of the site (the composition's `siteTables`): a table of the backup not among them is refused. */
  tables: readonly PgTable[];
  /** Replace a database that already holds rows; without it such a database is refused. */
  replace?: boolean;
  /** Where the archive is unpacked and checked first (best on the same disk as the data). */
  workDir: string;
  onProgress?: ProgressReporter;
  /** Bytes free for this process on the disk holding `dir`; the disk's own figure unless a test says otherwise. */
  freeSpace?: (dir: string) => Promise<number>;
  /** For an encrypted backup (.tar.gz.age): decrypted into `workDir` first, the copy removed after. */
  passphrase?: string;
  /** Where the keys her passphrase opens are kept (DATA_DIR/backup-keys), for backups made to one. */
  keysDir?: string;
  /** Her bucket: the keys kept beside the copies, when the folder has none that opens the backup. */
  bucket?: BackupBucket;
}

interface RestoreResult {
  manifest: BackupManifest;
  /** Migrations newer than the backup, applied after its data. */
  appliedMigrations: string[];
  /** Media files written (those already present are left as they are). */
  mediaWritten: number;
  durationMs: number;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;

/** Tables of the application's schema that hold at least one row. */
async function tablesWithRows(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ schema: string; name: string }>(
    `select schemaname as schema, tablename as name from pg_tables where schemaname = 'public' order by 2`,
  );
  const filled: string[] = [];
  for (const t of rows) {
    const { rows: any } = await client.query(`select 1 from ${qualified(t.schema, t.name)} limit 1`);
    if (any.length > 0) filled.push(t.name);
  }
  return filled;
}

/** Whatever an earlier version of the site (or an empty start) left in the schema. */
async function dropApplicationObjects(client: pg.Client): Promise<void> {
  const notFromExtension = (oid: string) =>
    `not exists (select 1 from pg_depend d where d.objid = ${oid} and d.deptype = 'e')`;
  const statements = await client.query<{ sql: string }>(
    `select format('drop table if exists %I.%I cascade', schemaname, tablename) as sql from pg_tables where schemaname = 'public'
     union all
     select format('drop view if exists %I.%I cascade', schemaname, viewname) from pg_views where schemaname = 'public'
     union all
     select format('drop materialized view if exists %I.%I cascade', schemaname, matviewname) from pg_matviews where schemaname = 'public'
     union all
     select format('drop sequence if exists %I.%I cascade', schemaname, sequencename) from pg_sequences where schemaname = 'public'`,
  );
  for (const { sql } of statements.rows) await client.query(sql);
  const rest = await client.query<{ sql: string }>(
    `select format(case t.typtype when 'd' then 'drop domain if exists %I.%I cascade' else 'drop type if exists %I.%I cascade' end, n.nspname, t.typname) as sql
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' and t.typtype in ('e', 'd', 'r')
        and ${notFromExtension("t.oid")}
     union all
     select format('drop routine if exists %s cascade', p.oid::regprocedure)
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and ${notFromExtension("p.oid")}`,
  );
  for (const { sql } of rest.rows) await client.query(sql);
  await client.query(`drop table if exists ${qualified(MIGRATIONS_SCHEMA, MIGRATIONS_TABLE)} cascade`);
}

async function applyMigration(client: pg.Client, migration: MigrationFile): Promise<void> {
  for (const statement of migration.statements) {
    if (statement.trim()) await client.query(statement);
  }
  await client.query(
    `insert into ${qualified(MIGRATIONS_SCHEMA, MIGRATIONS_TABLE)} (hash, created_at) values ($1, $2)`,
    [migration.hash, migration.createdAt],
  );
}

/** Parents before children, so every foreign key finds its row. */
async function loadOrder(client: pg.Client, tables: TableLoad[]): Promise<TableLoad[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `select cn.nspname || '.' || c.relname as child, pn.nspname || '.' || p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
       join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
      where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of rows) {
    if (!parents.has(child)) parents.set(child, new Set());
    parents.get(child)!.add(parent);
  }
  const byName = new Map(tables.map((t) => [`${t.table.schema}.${t.table.name}`, t]));
  const ordered: TableLoad[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting") throw new Error(`foreign keys form a cycle through ${name}`);
    state.set(name, "visiting");
    for (const parent of parents.get(name) ?? []) if (byName.has(parent)) visit(parent);
    state.set(name, "done");
    ordered.push(byName.get(name)!);
  };
  for (const name of byName.keys()) visit(name);
  return ordered;
}

/**
 * Checks the whole archive, then restores it: media files first (only the
 * missing ones), then the database in ONE transaction — the schema as of the
 * backup, its rows, its sequences, then this version's newer migrations.
 * Any failure rolls the database back and removes the files it wrote.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const started = Date.now();
  const report = options.onProgress ?? (() => {});
  const diskSpace = options.freeSpace && (async (dir: string) => ({ free: await options.freeSpace!(dir), total: 0 }));
  return withPlainArchive({ ...options, diskSpace }, (file) =>
    withVerifiedBackup({ ...options, file, report }, (backup) => loadVerified(options, backup, started, report)),
  );
}

async function loadVerified(
  options: RestoreOptions,
  backup: VerifiedBackup,
  started: number,
  report: ProgressReporter,
): Promise<RestoreResult> {
  const client = new pg.Client(
    typeof options.connection === "function" ? await options.connection() : options.connection,
  );
  // A connection lost mid-way fails the query under way; unheard, the event would end the process.
  client.on("error", () => {});
  await client.connect();
  try {
    const filled = await tablesWithRows(client);
    if (filled.length > 0 && !options.replace) {
      throw new BackupRejectedError(
        `il database di destinazione contiene già dati (tabelle: ${filled.join(", ")}). ` +
          `Per sostituirli con il backup usa --replace`,
      );
    }
    const written: string[] = [];
    try {
      await writeMissingMedia(options.media, backup, written, report);
      await resetAndLoad(client, backup, report);
    } catch (error) {
      for (const key of written) await options.media.delete(key).catch(() => {});
      if ((error as { code?: string }).code === "55P03") {
        throw new BackupRejectedError("il database è in uso: ferma il sito e riprova");
      }
      throw error;
    }
    return {
      manifest: backup.manifest,
      appliedMigrations: backup.migrations.newer.map((m) => m.tag),
      mediaWritten: written.length,
      durationMs: Date.now() - started,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

/** The backup's media files this storage lacks (those present are left as they are); `written` lists each one added. */
async function writeMissingMedia(
  media: MediaStorage,
  { manifest, dir }: VerifiedBackup,
  written: string[],
  report: ProgressReporter,
): Promise<void> {
  for (const [i, file] of manifest.media.files.entries()) {
    const existing = await media.get(file.key);
    if (existing) {
      existing.body.destroy();
    } else {
      await media.write(file.key, await readFile(path.join(dir, mediaEntryName(file.key))));
      written.push(file.key);
    }
    if ((i + 1) % 50 === 0 || i + 1 === manifest.media.files.length) {
      report(`File multimediali: ${i + 1} di ${manifest.media.files.length}`);
    }
  }
}

/** In one transaction: the schema as of the backup, its rows and sequences, then the newer migrations. */
async function resetAndLoad(client: pg.Client, backup: VerifiedBackup, report: ProgressReporter): Promise<void> {
  const { base, newer } = backup.migrations;
  await client.query("begin");
  try {
    // A server still using the tables would make this wait forever.
    await client.query("set local lock_timeout = '15s'");
    await dropApplicationObjects(client);
    for (const sql of createMigrationsTableSql) await client.query(sql);
    for (const migration of base) await applyMigration(client, migration);
    // The bookkeeping comes back exactly as it was, like every other table.
    await client.query(`delete from ${qualified(MIGRATIONS_SCHEMA, MIGRATIONS_TABLE)}`);
    for (const load of await loadOrder(client, backup.tables)) {
      const name = `${load.table.schema}.${load.table.name}`;
      const target = qualified(load.table.schema, load.table.name);
      const columns = load.columns.map(quoteIdent).join(", ");
      await pipeline(
        createReadStream(path.join(backup.dir, load.file)),
        client.query(copyFrom(`copy ${target} (${columns}) from stdin`)),
      );
      // COPY stops at a line holding only \. : the table must hold every row the manifest declares.
      const { rows } = await client.query<{ count: string }>(`select count(*) as count from ${target}`);
      if (Number(rows[0]!.count) !== load.rows) {
        throw new BackupRejectedError(
          `la tabella ${name} ha ${rows[0]!.count} righe dopo il caricamento, ma il manifesto ne dichiara ` +
            `${load.rows}: file danneggiato o manomesso`,
        );
      }
      report(`Database: ${name}, ${load.rows} righe`);
    }
    for (const sequence of backup.sequences) {
      const table = qualified(sequence.table.schema, sequence.table.name);
      await client.query(
        `select setval(owned::regclass, $3::bigint, true)
           from (select pg_get_serial_sequence($1, $2) as owned where to_regclass($1) is not null) s
          where owned is not null`,
        [table, sequence.column, sequence.lastValue],
      );
    }
    for (const migration of newer) {
      await applyMigration(client, migration);
      report(`Migrazione applicata: ${migration.tag}`);
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  }
}
