import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import tar from "tar-stream";
import { isMediaKey, type MediaStorage } from "~/media/media-storage.server";
import { ChecksumStream } from "./checksum.server";
import type { ProgressReporter } from "./dump.server";
import { MANIFEST_NAME, manifestSchema, mediaEntryName, type BackupManifest } from "./manifest.server";
import {
  createMigrationsTableSql,
  MIGRATIONS_SCHEMA,
  MIGRATIONS_TABLE,
  readMigrations,
  type MigrationFile,
} from "./migrations.server";

/** The backup was not used and nothing was changed: the message says why, in Italian. */
export class BackupRejectedError extends Error {
  override name = "BackupRejectedError";
}

interface RestoreOptions {
  file: string;
  /** The target database; a function is called only once the file has passed every check. */
  connection: pg.ClientConfig | (() => Promise<pg.ClientConfig>);
  media: MediaStorage;
  migrationsFolder: string;
  /** Replace a database that already holds rows; without it such a database is refused. */
  replace?: boolean;
  /** Where the archive is unpacked and checked first (best on the same disk as the data). */
  workDir: string;
  onProgress?: ProgressReporter;
}

interface RestoreResult {
  manifest: BackupManifest;
  /** Migrations newer than the backup, applied after its data. */
  appliedMigrations: string[];
  /** Media files written (those already present are left as they are). */
  mediaWritten: number;
  durationMs: number;
}

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;

function entryPath(dir: string, name: string): string | undefined {
  if (name === MANIFEST_NAME) return undefined;
  if (/^db\/[0-9]{3}\.copy$/.test(name)) return path.join(dir, name);
  if (name.startsWith("media/") && isMediaKey(name.slice("media/".length))) return path.join(dir, name);
  throw new BackupRejectedError(`il file contiene una voce inattesa (${JSON.stringify(name.slice(0, 100))})`);
}

/** Unpacks every entry, checksumming as it goes; returns the manifest once all of it is read. */
async function unpack(
  file: string,
  dir: string,
): Promise<{ manifest: BackupManifest; entries: Map<string, { bytes: number; sha256: string }> }> {
  const extract = tar.extract();
  const feeding = pipeline(createReadStream(file), createGunzip(), extract);
  const entries = new Map<string, { bytes: number; sha256: string }>();
  let manifestText: string | undefined;
  try {
    const iterate = (async () => {
      for await (const entry of extract) {
        const name = entry.header.name;
        if (entry.header.type !== "file") throw new BackupRejectedError(`voce non valida nel file (${name})`);
        if (entries.has(name) || (name === MANIFEST_NAME && manifestText !== undefined)) {
          throw new BackupRejectedError(`voce ripetuta nel file (${name})`);
        }
        const target = entryPath(dir, name);
        if (!target) {
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of entry) {
            size += (chunk as Buffer).length;
            if (size > MAX_MANIFEST_BYTES) throw new BackupRejectedError("il manifesto è troppo grande");
            chunks.push(chunk as Buffer);
          }
          manifestText = Buffer.concat(chunks).toString("utf8");
          continue;
        }
        await mkdir(path.dirname(target), { recursive: true });
        const hasher = new ChecksumStream();
        await pipeline(entry, hasher, createWriteStream(target, { flags: "wx" }));
        entries.set(name, { bytes: hasher.bytes, sha256: hasher.sha256() });
      }
    })();
    await Promise.all([feeding, iterate]);
  } catch (error) {
    if (error instanceof BackupRejectedError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new BackupRejectedError(`file non trovato: ${file}`);
    if (code === "ENOSPC") throw error;
    const truncated = code === "Z_BUF_ERROR" || /unexpected end/i.test((error as Error).message);
    throw new BackupRejectedError(
      truncated
        ? "il file di backup è incompleto (troncato): non è stato usato"
        : `il file di backup è danneggiato o non è un backup del sito (${(error as Error).message})`,
    );
  }
  if (manifestText === undefined)
    throw new BackupRejectedError("il file non contiene il manifesto: non è un backup completo del sito");
  let parsed: unknown;
  try {
    parsed = JSON.parse(manifestText);
  } catch {
    throw new BackupRejectedError("il manifesto del backup è illeggibile");
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    const formatVersion = (parsed as { formatVersion?: unknown })?.formatVersion;
    throw new BackupRejectedError(
      typeof formatVersion === "number" && formatVersion > 1
        ? "il backup è stato fatto da una versione più recente del sito: aggiorna il sito e riprova"
        : `il manifesto del backup non è valido (${result.error.issues[0]!.path.join(".")})`,
    );
  }
  return { manifest: result.data, entries };
}

/** Every file the manifest lists is there, whole, and nothing else is. */
function verify(manifest: BackupManifest, entries: Map<string, { bytes: number; sha256: string }>): void {
  const expected = new Map<string, { bytes: number; sha256: string }>();
  for (const table of manifest.database.tables) expected.set(table.file, table);
  for (const media of manifest.media.files) {
    if (!isMediaKey(media.key)) throw new BackupRejectedError(`chiave di file non valida nel manifesto (${media.key})`);
    expected.set(mediaEntryName(media.key), media);
  }
  for (const [name, want] of expected) {
    const got = entries.get(name);
    if (!got) throw new BackupRejectedError(`manca ${name} nel file di backup`);
    if (got.bytes !== want.bytes || got.sha256 !== want.sha256) {
      throw new BackupRejectedError(
        `il contenuto di ${name} non corrisponde al manifesto (checksum diversa): file danneggiato`,
      );
    }
  }
  for (const name of entries.keys()) {
    if (!expected.has(name)) throw new BackupRejectedError(`il file contiene ${name}, che il manifesto non elenca`);
  }
}

/** The backup's migrations must be this version's first ones: then its data fits their schema. */
function splitMigrations(
  manifest: BackupManifest,
  local: MigrationFile[],
): { base: MigrationFile[]; newer: MigrationFile[] } {
  const taken = manifest.database.migrations;
  for (const [i, migration] of taken.entries()) {
    const mine = local[i];
    if (!mine || mine.createdAt !== migration.createdAt) {
      throw new BackupRejectedError(
        `il backup è stato fatto da una versione del sito con migrazioni che questa non ha ` +
          `(${migration.tag ?? migration.createdAt}): aggiorna il sito e riprova`,
      );
    }
  }
  return { base: local.slice(0, taken.length), newer: local.slice(taken.length) };
}

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
async function loadOrder(client: pg.Client, manifest: BackupManifest): Promise<BackupManifest["database"]["tables"]> {
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
  const byName = new Map(manifest.database.tables.map((t) => [`${t.schema}.${t.name}`, t]));
  const ordered: BackupManifest["database"]["tables"] = [];
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
  await mkdir(options.workDir, { recursive: true });
  const dir = await mkdtemp(path.join(options.workDir, ".restore-work-"));
  try {
    report("Verifica del file di backup…");
    const { manifest, entries } = await unpack(options.file, dir);
    verify(manifest, entries);
    const { base, newer } = splitMigrations(manifest, readMigrations(options.migrationsFolder));
    report(`File verificato: backup del ${manifest.createdAt}, checksum corrette`);

    const client = new pg.Client(
      typeof options.connection === "function" ? await options.connection() : options.connection,
    );
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
        for (const [i, file] of manifest.media.files.entries()) {
          const existing = await options.media.get(file.key);
          if (existing) {
            existing.body.destroy();
          } else {
            await options.media.write(file.key, await readFile(path.join(dir, mediaEntryName(file.key))));
            written.push(file.key);
          }
          if ((i + 1) % 50 === 0 || i + 1 === manifest.media.files.length) {
            report(`File multimediali: ${i + 1} di ${manifest.media.files.length}`);
          }
        }

        await client.query("begin");
        try {
          // A server still using the tables would make this wait forever.
          await client.query("set local lock_timeout = '15s'");
          await dropApplicationObjects(client);
          for (const sql of createMigrationsTableSql) await client.query(sql);
          for (const migration of base) await applyMigration(client, migration);
          // The bookkeeping comes back exactly as it was, like every other table.
          await client.query(`delete from ${qualified(MIGRATIONS_SCHEMA, MIGRATIONS_TABLE)}`);
          for (const table of await loadOrder(client, manifest)) {
            const columns = table.columns.map(quoteIdent).join(", ");
            await pipeline(
              createReadStream(path.join(dir, table.file)),
              client.query(copyFrom(`copy ${qualified(table.schema, table.name)} (${columns}) from stdin`)),
            );
            report(`Database: ${table.schema}.${table.name}, ${table.rows} righe`);
          }
          for (const sequence of manifest.database.sequences) {
            if (sequence.lastValue === null) continue;
            await client.query(`select setval(to_regclass($1), $2::bigint, true) where to_regclass($1) is not null`, [
              qualified(sequence.schema, sequence.name),
              sequence.lastValue,
            ]);
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
      } catch (error) {
        for (const key of written) await options.media.delete(key).catch(() => {});
        if ((error as { code?: string }).code === "55P03") {
          throw new BackupRejectedError("il database è in uso: ferma il sito e riprova");
        }
        throw error;
      }
      return {
        manifest,
        appliedMigrations: newer.map((m) => m.tag),
        mediaWritten: written.length,
        durationMs: Date.now() - started,
      };
    } finally {
      await client.end().catch(() => {});
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
