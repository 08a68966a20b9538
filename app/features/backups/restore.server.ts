import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, open, readFile, rm, statfs, type FileHandle } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import tar from "tar-stream";
import { isStoredImage, MAX_INPUT_PIXELS } from "~/core/media/image-pipeline.server";
import {
  isMediaKey,
  type MediaExtension,
  type MediaPrefix,
  type MediaStorage,
} from "~/core/media/media-storage.server";
import { ChecksumStream, CopyTextChecksum } from "./checksum.server";
import type { ProgressReporter } from "./dump.server";
import { findRestorableTable, findSequenceOwner, type RestorableTable } from "./known-tables.server";
import {
  formatBytes,
  MANIFEST_NAME,
  manifestSchema,
  MAX_MEDIA_FILES,
  mediaEntryName,
  printable,
  quoted,
  type BackupManifest,
} from "./manifest.server";
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
  /** Bytes free for this process on the disk holding `dir`; the disk's own figure unless a test says otherwise. */
  freeSpace?: (dir: string) => Promise<number>;
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
/** A stored rendition (WebP, at most 1280 px) weighs well under 1 MB; a few are held at once while they decode. */
const MAX_MEDIA_FILE_BYTES = 32 * 1024 * 1024;
/** Every media file, up to 200 tables and the manifest. */
const MAX_ENTRIES = MAX_MEDIA_FILES + 201;
/**
 * How far an archive may unpack: gzip does not shrink media (most of a backup) and shrinks the
 * rows' text 5 to 80 times (80 for e-mails made from one template); a decompression bomb, 1,000.
 */
const MAX_EXPANSION = 200;
/** Small archives may unpack to this much whatever their size. */
const EXPANSION_ALLOWANCE = 64 * 1024 * 1024;
/** No site's backup comes near this. */
const MAX_UNPACKED_BYTES = 64 * 1024 ** 3;
/** Left free after a restore: the database and the system need room to work. */
const DISK_MARGIN = 256 * 1024 * 1024;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;

type EntryKind = "manifest" | "table" | "media";

interface ArchiveLimits {
  /** Bytes of content the archive may unpack to. */
  cap: number;
  /** The archive's own size, for the message. */
  fileBytes: number;
}

/** What an entry of the archive held, measured as it was read. */
interface EntryFacts {
  bytes: number;
  sha256: string;
  /** COPY rows, for a table's entry. */
  rows: number;
}

/** One table to load: the code's own names, picked by the manifest. */
interface TableLoad {
  table: RestorableTable;
  /** The columns of the COPY data, in its order. */
  columns: string[];
  rows: number;
  file: string;
}

interface SequenceValue {
  table: RestorableTable;
  column: string;
  lastValue: string;
}

function entryKind(name: string): EntryKind {
  if (name === MANIFEST_NAME) return "manifest";
  if (/^db\/[0-9]{3}\.copy$/.test(name)) return "table";
  if (name.startsWith("media/") && isMediaKey(name.slice("media/".length))) return "media";
  throw new BackupRejectedError(`il file contiene una voce inattesa (${quoted(name)})`);
}

async function readAll(stream: AsyncIterable<unknown>, limit: number, tooLarge: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BackupRejectedError(tooLarge);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/**
 * Reads the archive from its start, entry by entry: only the entries a backup has, each
 * once, and no more content than `cap` in all, all refused by their headers before their
 * bytes are unpacked. `onEntry` reads each entry's body to its end.
 */
async function readArchive(
  handle: FileHandle,
  { cap, fileBytes }: ArchiveLimits,
  onEntry: (name: string, kind: EntryKind, size: number, body: AsyncIterable<unknown>) => Promise<void>,
): Promise<void> {
  const extract = tar.extract();
  const feeding = pipeline(handle.createReadStream({ start: 0, autoClose: false }), createGunzip(), extract);
  const seen = new Set<string>();
  let unpacked = 0;
  try {
    const iterate = (async () => {
      for await (const entry of extract) {
        const { name, type, size = 0 } = entry.header;
        if (type !== "file") throw new BackupRejectedError(`voce non valida nel file (${quoted(name)})`);
        if (seen.has(name)) throw new BackupRejectedError(`voce ripetuta nel file (${quoted(name)})`);
        const kind = entryKind(name);
        seen.add(name);
        if (seen.size > MAX_ENTRIES)
          throw new BackupRejectedError("il file contiene troppe voci per un backup del sito");
        unpacked += size;
        if (unpacked > cap) {
          throw new BackupRejectedError(
            `il file di backup, decompresso, supererebbe ${formatBytes(cap)}: troppo per un file di ` +
              `${formatBytes(fileBytes)}, non è un backup del sito`,
          );
        }
        await onEntry(name, kind, size, entry);
      }
    })();
    await Promise.all([feeding, iterate]);
  } catch (error) {
    if (error instanceof BackupRejectedError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOSPC") throw error;
    const truncated = code === "Z_BUF_ERROR" || /unexpected end/i.test((error as Error).message);
    throw new BackupRejectedError(
      truncated
        ? "il file di backup è incompleto (troncato): non è stato usato"
        : `il file di backup è danneggiato o non è un backup del sito (${printable((error as Error).message)})`,
    );
  }
}

/**
 * First reading, writing nothing: measures and checksums every entry, counts the rows of
 * every table, decodes every media file as an image of its kind, and returns the manifest.
 */
async function checkArchive(
  handle: FileHandle,
  limits: ArchiveLimits,
  report: ProgressReporter,
): Promise<{ manifest: BackupManifest; entries: Map<string, EntryFacts> }> {
  const entries = new Map<string, EntryFacts>();
  let manifestText: string | undefined;
  // Images decode on the other cores while the archive is read.
  const decoding = new Set<Promise<void>>();
  let notAnImage: string | undefined;
  let images = 0;
  const parallel = Math.min(4, os.availableParallelism());
  await readArchive(handle, limits, async (name, kind, size, body) => {
    if (kind === "manifest") {
      if (size > MAX_MANIFEST_BYTES) throw new BackupRejectedError("il manifesto è troppo grande");
      manifestText = (await readAll(body, MAX_MANIFEST_BYTES, "il manifesto è troppo grande")).toString("utf8");
    } else if (kind === "table") {
      const counter = new CopyTextChecksum();
      await pipeline(body, counter, discard());
      entries.set(name, { bytes: counter.bytes, sha256: counter.sha256(), rows: counter.rows });
    } else {
      const tooLarge = `il file ${name} è troppo grande per un'immagine del sito`;
      if (size > MAX_MEDIA_FILE_BYTES) throw new BackupRejectedError(tooLarge);
      const data = await readAll(body, MAX_MEDIA_FILE_BYTES, tooLarge);
      entries.set(name, { bytes: data.length, sha256: createHash("sha256").update(data).digest("hex"), rows: 0 });
      const key = name.slice("media/".length);
      const prefix = key.slice(0, key.indexOf("/")) as MediaPrefix;
      const ext = key.slice(key.lastIndexOf(".") + 1) as MediaExtension;
      const check = isStoredImage(data, ext, MAX_INPUT_PIXELS[prefix])
        .catch(() => false)
        .then((ok) => {
          if (!ok) notAnImage ??= name;
          decoding.delete(check);
        });
      decoding.add(check);
      if (decoding.size >= parallel) await Promise.race(decoding);
      if (++images % 200 === 0) report(`Verifica: ${images} immagini controllate…`);
    }
    if (notAnImage) throw notAnImageError(notAnImage);
  });
  await Promise.all(decoding);
  if (notAnImage) throw notAnImageError(notAnImage);

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

function notAnImageError(name: string) {
  return new BackupRejectedError(
    `${name} non è un'immagine valida del formato che il nome indica: il file di backup è danneggiato o manomesso`,
  );
}

/**
 * The tables and sequences to load, as the code names them: a table or column of the
 * manifest that this version of the site does not have is refused, whatever its schema.
 */
function planLoad(manifest: BackupManifest): { tables: TableLoad[]; sequences: SequenceValue[] } {
  const tables: TableLoad[] = [];
  for (const entry of manifest.database.tables) {
    const table = findRestorableTable(entry.schema, entry.name);
    if (!table) {
      throw new BackupRejectedError(
        `il backup contiene la tabella ${quoted(`${entry.schema}.${entry.name}`)}, che questa versione del sito ` +
          `non ha: un backup del sito contiene solo le sue tabelle`,
      );
    }
    if (tables.some((t) => t.table === table)) {
      throw new BackupRejectedError(`il manifesto elenca due volte la tabella ${table.schema}.${table.name}`);
    }
    const columns: string[] = [];
    for (const name of entry.columns) {
      const column = table.columns.find((c) => c === name);
      if (!column) {
        throw new BackupRejectedError(
          `il backup contiene la colonna ${quoted(name)} nella tabella ${table.schema}.${table.name}, ` +
            `che questa versione del sito non ha`,
        );
      }
      if (columns.includes(column)) {
        throw new BackupRejectedError(
          `il manifesto elenca due volte la colonna ${column} della tabella ${table.schema}.${table.name}`,
        );
      }
      columns.push(column);
    }
    tables.push({ table, columns, rows: entry.rows, file: entry.file });
  }
  const sequences: SequenceValue[] = [];
  for (const sequence of manifest.database.sequences) {
    const owner = findSequenceOwner(sequence.schema, sequence.name);
    if (!owner) {
      throw new BackupRejectedError(
        `il backup contiene la sequenza ${quoted(`${sequence.schema}.${sequence.name}`)}, ` +
          `che questa versione del sito non ha`,
      );
    }
    if (sequence.lastValue !== null) sequences.push({ ...owner, lastValue: sequence.lastValue });
  }
  return { tables, sequences };
}

/** Every file the manifest lists is there, whole, with the rows it declares, and nothing else is. */
function verify(manifest: BackupManifest, entries: Map<string, EntryFacts>): void {
  const expected = new Map<string, { bytes: number; sha256: string; rows?: number }>();
  const expect = (name: string, facts: { bytes: number; sha256: string; rows?: number }) => {
    if (expected.has(name)) throw new BackupRejectedError(`il manifesto elenca due volte ${name}`);
    expected.set(name, facts);
  };
  for (const table of manifest.database.tables) expect(table.file, table);
  for (const media of manifest.media.files) {
    if (!isMediaKey(media.key))
      throw new BackupRejectedError(`chiave di file non valida nel manifesto (${quoted(media.key)})`);
    expect(mediaEntryName(media.key), { bytes: media.bytes, sha256: media.sha256 });
  }
  for (const [name, want] of expected) {
    const got = entries.get(name);
    if (!got) throw new BackupRejectedError(`manca ${name} nel file di backup`);
    if (got.bytes !== want.bytes || got.sha256 !== want.sha256) {
      throw new BackupRejectedError(
        `il contenuto di ${name} non corrisponde al manifesto (checksum diversa): file danneggiato`,
      );
    }
    if (want.rows !== undefined && got.rows !== want.rows) {
      throw new BackupRejectedError(
        `${name} contiene ${got.rows} righe ma il manifesto ne dichiara ${want.rows}: file danneggiato o manomesso`,
      );
    }
  }
  for (const name of entries.keys()) {
    if (!expected.has(name)) throw new BackupRejectedError(`il file contiene ${name}, che il manifesto non elenca`);
  }
}

/** Free bytes on the disk that holds `dir`, or would once it is created. */
async function diskFreeSpace(dir: string): Promise<number> {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      const disk = await statfs(at);
      return disk.bavail * disk.bsize;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || at === path.dirname(at)) throw error;
    }
  }
}

/**
 * Second reading, once everything has passed: unpacks each entry into `dir`, checking it is
 * still the one checked (the file could have changed in between).
 */
async function unpack(handle: FileHandle, limits: ArchiveLimits, dir: string, entries: Map<string, EntryFacts>) {
  const changed = () => new BackupRejectedError("il file di backup è cambiato durante il ripristino: riprova");
  let written = 0;
  await readArchive(handle, limits, async (name, kind, size, body) => {
    if (kind === "manifest") {
      await pipeline(body, discard());
      return;
    }
    const want = entries.get(name);
    if (!want || size !== want.bytes) throw changed();
    const target = path.join(dir, name);
    await mkdir(path.dirname(target), { recursive: true });
    const hasher = new ChecksumStream();
    await pipeline(body, hasher, createWriteStream(target, { flags: "wx", mode: 0o600 }));
    if (hasher.bytes !== want.bytes || hasher.sha256() !== want.sha256) throw changed();
    written++;
  });
  if (written !== entries.size) throw changed();
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
          `(${migration.tag === null ? migration.createdAt : quoted(migration.tag)}): aggiorna il sito e riprova`,
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
  report("Verifica del file di backup…");
  let handle: FileHandle;
  try {
    handle = await open(options.file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      throw new BackupRejectedError(`file non trovato: ${printable(options.file)}`);
    throw error;
  }
  let dir: string | undefined;
  try {
    const fileBytes = (await handle.stat()).size;
    const cap = Math.min(MAX_UNPACKED_BYTES, EXPANSION_ALLOWANCE + MAX_EXPANSION * fileBytes);
    const { manifest, entries } = await checkArchive(handle, { cap, fileBytes }, report);
    const plan = planLoad(manifest);
    verify(manifest, entries);
    const { base, newer } = splitMigrations(manifest, readMigrations(options.migrationsFolder));

    // The unpacked copy, and as much again for the files and rows written from it.
    const unpacked = [...entries.values()].reduce((sum, e) => sum + e.bytes, 0);
    const needed = 2 * unpacked + DISK_MARGIN;
    const free = await (options.freeSpace ?? diskFreeSpace)(options.workDir);
    if (free < needed) {
      throw new BackupRejectedError(
        `spazio su disco insufficiente per il ripristino in ${printable(options.workDir)}: ` +
          `servono ${formatBytes(needed)}, liberi ${formatBytes(free)}`,
      );
    }
    report(`File verificato: backup del ${manifest.createdAt}, checksum corrette`);

    await mkdir(options.workDir, { recursive: true });
    // mkdtemp makes it 0700: the unpacked rows stay the process's own.
    const work = await mkdtemp(path.join(options.workDir, ".restore-work-"));
    dir = work;
    await unpack(handle, { cap, fileBytes }, work, entries);

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
            await options.media.write(file.key, await readFile(path.join(work, mediaEntryName(file.key))));
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
          for (const load of await loadOrder(client, plan.tables)) {
            const name = `${load.table.schema}.${load.table.name}`;
            const target = qualified(load.table.schema, load.table.name);
            const columns = load.columns.map(quoteIdent).join(", ");
            await pipeline(
              createReadStream(path.join(work, load.file)),
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
          for (const sequence of plan.sequences) {
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
    if (dir) await rm(dir, { recursive: true, force: true });
    await handle.close();
  }
}
