import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, open, rm, statfs, type FileHandle } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import type { PgTable } from "drizzle-orm/pg-core";
import tar from "tar-stream";
import { isStoredImage, MAX_INPUT_PIXELS } from "~/core/media/image-pipeline.server";
import { isMediaKey, type MediaExtension, type MediaPrefix } from "~/core/media/media-storage.server";
import { ChecksumStream, CopyTextChecksum } from "./checksum.server";
import { BackupRejectedError } from "./rejected.server";
import type { ProgressReporter } from "./dump.server";
import { findRestorableTable, findSequenceOwner, type RestorableTable, restorableTables } from "./known-tables.server";
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
import { readMigrations, type MigrationFile } from "./migrations.server";

// The first half of a restore: the archive read twice, checked whole before anything is written
// (entries, sizes, checksums, rows, images, the manifest against this version's tables and
// migrations), then unpacked into a private work directory. Nothing here touches the database.

export { BackupRejectedError };

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
export interface TableLoad {
  table: RestorableTable;
  /** The columns of the COPY data, in its order. */
  columns: string[];
  rows: number;
  file: string;
}

export interface SequenceValue {
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
function planLoad(
  manifest: BackupManifest,
  known: readonly RestorableTable[],
): { tables: TableLoad[]; sequences: SequenceValue[] } {
  const tables: TableLoad[] = [];
  for (const entry of manifest.database.tables) {
    const table = findRestorableTable(known, entry.schema, entry.name);
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
    const owner = findSequenceOwner(known, sequence.schema, sequence.name);
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

/** A backup that passed every check, unpacked in `dir`: what the second half loads. */
export interface VerifiedBackup {
  manifest: BackupManifest;
  tables: TableLoad[];
  sequences: SequenceValue[];
  /** The migrations the backup's schema was made by, and this version's newer ones. */
  migrations: { base: MigrationFile[]; newer: MigrationFile[] };
  /** The unpacked entries, by their names in the archive (a table's `file`, `mediaEntryName(key)`). */
  dir: string;
}

/**
 * Checks the whole archive, refusing it with a BackupRejectedError before anything is written,
 * then unpacks it into a directory of its own under `workDir` (when the disk has room) and hands
 * it to `use`. The directory is removed afterwards, whatever `use` does.
 */
export async function withVerifiedBackup<T>(
  options: {
    file: string;
    migrationsFolder: string;
    /** Every table of the site (the composition's `siteTables`): the only ones a restore loads. */
    tables: readonly PgTable[];
    workDir: string;
    report: ProgressReporter;
    /** Bytes free for this process on the disk holding `dir`; the disk's own figure unless a test says otherwise. */
    freeSpace?: (dir: string) => Promise<number>;
  },
  use: (backup: VerifiedBackup) => Promise<T>,
): Promise<T> {
  const { report } = options;
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
    const plan = planLoad(manifest, restorableTables(options.tables));
    verify(manifest, entries);
    const migrations = splitMigrations(manifest, readMigrations(options.migrationsFolder));

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
    dir = await mkdtemp(path.join(options.workDir, ".restore-work-"));
    await unpack(handle, { cap, fileBytes }, dir, entries);
    return await use({ manifest, ...plan, migrations, dir });
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
    await handle.close();
  }
}
