import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import tar from "tar-stream";
import { isMediaKey, mediaPrefixes, mediaTypes, type MediaStorage } from "~/core/media/media-storage.server";
import {
  BACKUP_FORMAT_VERSION,
  MANIFEST_NAME,
  mediaEntryName,
  type BackupManifest,
  type ManifestTable,
} from "./manifest.server";
import { ChecksumStream, CopyTextChecksum } from "./checksum.server";
import { ageEncryptingStream, startAgeFileFor } from "./age-stream.server";
import { MIGRATIONS_SCHEMA, MIGRATIONS_TABLE, readMigrations } from "./migrations.server";

export type ProgressReporter = (message: string) => void;

interface BackupOptions {
  /** How to reach the database (a URL, or the embedded server's socket). */
  connection: pg.ClientConfig;
  media: MediaStorage;
  mediaStorage: "local" | "s3";
  /** The .tar.gz to write; it appears only once complete. */
  file: string;
  migrationsFolder: string;
  app: { name: string; version: string };
  onProgress?: ProgressReporter;
  /**
   * Encrypts the archive with age to this X25519 recipient (age1…) as it is written (nothing in
   * clear on disk). A promise: the key may be looked up while the tables are read.
   */
  recipient?: Promise<string>;
}

export interface BackupResult {
  file: string;
  bytes: number;
  durationMs: number;
  manifest: BackupManifest;
}

/** Media keys as the rows hold them: bare, in a /media/ URL or in a bucket URL. */
const mediaKeyInText = new RegExp(
  `(?<![A-Za-z0-9_-])(?:${mediaPrefixes.join("|")})/[A-Za-z0-9_-]{16,64}\\.(?:${Object.keys(mediaTypes).join("|")})(?![A-Za-z0-9_-])`,
  "g",
);
/**
 * Media are WebP/AVIF/JPEG already and do not shrink: the fastest level
 * still compresses the COPY text, and spends far less CPU on the images.
 */
const GZIP_LEVEL = 1;
/** Longer than any key, so a key split across two chunks is still seen whole. */
const SCAN_OVERLAP = 128;

/** Hashes, measures and counts COPY text rows and collects the media keys they name. */
class CopyInspector extends CopyTextChecksum {
  private tail = "";
  private readonly keys: Set<string>;

  constructor(keys: Set<string>) {
    super();
    this.keys = keys;
  }

  protected override inspect(chunk: Buffer) {
    super.inspect(chunk);
    const text = this.tail + chunk.toString("latin1");
    for (const match of text.matchAll(mediaKeyInText)) if (isMediaKey(match[0])) this.keys.add(match[0]);
    this.tail = text.slice(-SCAN_OVERLAP);
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every table of the application's schema plus the migrations bookkeeping,
 * each read with COPY inside one REPEATABLE READ transaction: one snapshot,
 * taken while the site keeps serving and writing.
 */
async function dumpDatabase(
  client: pg.Client,
  workDir: string,
  migrationsFolder: string,
  report: ProgressReporter,
): Promise<{ database: BackupManifest["database"]; keys: Set<string> }> {
  const keys = new Set<string>();
  await client.query("begin isolation level repeatable read read only");
  try {
    // The first query fixes the snapshot; everything below sees the same one.
    const { rows: tableRows } = await client.query<{ schema: string; name: string; oid: number }>(
      `select n.nspname as schema, c.relname as name, c.oid::int as oid
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and not c.relispartition
          and (n.nspname = 'public' or (n.nspname = $1 and c.relname = $2))
        order by n.nspname = 'public', n.nspname, c.relname`,
      [MIGRATIONS_SCHEMA, MIGRATIONS_TABLE],
    );
    const { rows: versionRows } = await client.query<{ server_version: string }>("show server_version");

    const known = new Map(readMigrations(migrationsFolder).map((m) => [m.createdAt, m.tag]));
    const hasBookkeeping = tableRows.some((t) => t.schema === MIGRATIONS_SCHEMA);
    const migrations = hasBookkeeping
      ? (
          await client.query<{ hash: string; created_at: string }>(
            `select hash, created_at::text from ${quoteIdent(MIGRATIONS_SCHEMA)}.${quoteIdent(MIGRATIONS_TABLE)} order by created_at, id`,
          )
        ).rows.map((r) => ({
          hash: r.hash,
          createdAt: Number(r.created_at),
          tag: known.get(Number(r.created_at)) ?? null,
        }))
      : [];
    if (migrations.length === 0)
      throw new Error("il database non ha ancora lo schema del sito (nessuna migrazione applicata)");

    const { rows: sequenceRows } = await client.query<{ schema: string; name: string; last_value: string | null }>(
      `select schemaname as schema, sequencename as name, last_value::text
         from pg_sequences where schemaname in ('public', $1) order by 1, 2`,
      [MIGRATIONS_SCHEMA],
    );

    const tables: ManifestTable[] = [];
    for (const [index, table] of tableRows.entries()) {
      const { rows: columnRows } = await client.query<{ name: string }>(
        `select attname as name from pg_attribute
          where attrelid = $1 and attnum > 0 and not attisdropped and attgenerated = ''
          order by attnum`,
        [table.oid],
      );
      const columns = columnRows.map((c) => c.name);
      const file = `db/${String(index).padStart(3, "0")}.copy`;
      const inspector = new CopyInspector(keys);
      const source = client.query(
        copyTo(
          `copy (select ${columns.map(quoteIdent).join(", ")} from ${quoteIdent(table.schema)}.${quoteIdent(table.name)}) to stdout`,
        ),
      );
      await pipeline(source, inspector, createWriteStream(path.join(workDir, file), { mode: 0o600 }));
      tables.push({
        schema: table.schema,
        name: table.name,
        columns,
        rows: inspector.rows,
        file,
        bytes: inspector.bytes,
        sha256: inspector.sha256(),
      });
      report(`Database: ${table.schema}.${table.name}, ${inspector.rows} righe`);
    }
    await client.query("commit");
    return {
      database: {
        serverVersion: versionRows[0]!.server_version,
        migrations,
        tables,
        sequences: sequenceRows.map((s) => ({ schema: s.schema, name: s.name, lastValue: s.last_value })),
      },
      keys,
    };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Writes one backup archive: the database snapshot, every media file its rows name, and the manifest. */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const report = options.onProgress ?? (() => {});
  const target = path.resolve(options.file);
  // Backups hold the password hash, the app's secrets and the sessions: this user's only (0700, 0600).
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  const workDir = await mkdtemp(path.join(path.dirname(target), ".backup-work-"));
  await mkdir(path.join(workDir, "db"));
  const partial = `${target}.${randomBytes(4).toString("hex")}.partial`;
  try {
    const client = new pg.Client(options.connection);
    // A connection lost mid-way fails the query under way; unheard, the event would end the process.
    client.on("error", () => {});
    await client.connect();
    let dumped: Awaited<ReturnType<typeof dumpDatabase>>;
    try {
      dumped = await dumpDatabase(client, workDir, options.migrationsFolder, report);
    } finally {
      await client.end().catch(() => {});
    }

    const encryption = options.recipient && (await startAgeFileFor(await options.recipient));
    const pack = tar.pack();
    const out = createWriteStream(partial, { flags: "wx", mode: 0o600 });
    const gzip = createGzip({ level: GZIP_LEVEL });
    // The header first: X25519 needs no scrypt, it is ready before the first byte of the payload.
    if (encryption) out.write(encryption.header);
    const written = encryption
      ? pipeline(pack, gzip, ageEncryptingStream(encryption.payloadKey), out)
      : pipeline(pack, gzip, out);
    // A failure while writing must not leave addEntry waiting on a stream nobody reads.
    written.catch(() => pack.destroy());
    const addEntry = async (name: string, size: number, body: Readable) => {
      const entry = pack.entry({ name, size, mode: 0o600, mtime: new Date(started) });
      await pipeline(body, entry);
    };

    for (const table of dumped.database.tables) {
      await addEntry(table.file, table.bytes, createReadStream(path.join(workDir, table.file)));
    }

    const files: BackupManifest["media"]["files"] = [];
    const missing: string[] = [];
    const keys = [...dumped.keys].sort();
    for (const [i, key] of keys.entries()) {
      const object = await options.media.get(key);
      if (!object) {
        missing.push(key);
        continue;
      }
      const hashing = new ChecksumStream();
      if (Number.isFinite(object.size) && object.size >= 0) {
        await addEntry(mediaEntryName(key), object.size, object.body.pipe(hashing));
      } else {
        const data = await readAll(object.body);
        hashing.end(data);
        await addEntry(mediaEntryName(key), data.length, hashing);
      }
      files.push({ key, bytes: hashing.bytes, sha256: hashing.sha256() });
      if ((i + 1) % 50 === 0 || i + 1 === keys.length) report(`File multimediali: ${i + 1} di ${keys.length}`);
    }

    const manifest: BackupManifest = {
      format: "studio-backup",
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date(started).toISOString(),
      app: options.app,
      database: dumped.database,
      media: { storage: options.mediaStorage, files, missing },
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    pack.entry(
      { name: MANIFEST_NAME, size: manifestBytes.length, mode: 0o600, mtime: new Date(started) },
      manifestBytes,
    );
    pack.finalize();
    await written;

    // On disk before it takes its final name: a crash leaves a .partial, never a short backup.
    const handle = await open(partial, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, target);
    const { size } = await stat(target);
    return { file: target, bytes: size, durationMs: Date.now() - started, manifest };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
