import { z } from "zod";
import { formatSize } from "~/core/disk/disk-space.server";
import { countOf } from "~/core/format/plural";

/** Bumped when an older restore could no longer read what a newer backup writes. */
export const BACKUP_FORMAT_VERSION = 1;

export const MANIFEST_NAME = "manifest.json";

/*
 * A backup may come from anywhere (sent by e-mail, downloaded): every field is bounded,
 * and restore uses these names only to pick among the tables the code knows.
 */
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const identifier = z.string().min(1).max(63);
const label = z.string().max(200);
/** Far above any site's: 1,200 renditions weigh 49 MB. */
export const MAX_MEDIA_FILES = 250_000;

const tableSchema = z.object({
  schema: identifier,
  name: identifier,
  /** Columns in the order of the COPY data (generated columns are left out). */
  columns: z.array(identifier).min(1).max(200),
  rows: z.number().int().min(0),
  /** Entry in the archive holding the table in COPY text format. */
  file: z.string().regex(/^db\/[0-9]{3}\.copy$/),
  bytes: z.number().int().min(0),
  sha256,
});

const mediaFileSchema = z.object({
  key: z.string().min(1).max(200),
  bytes: z.number().int().min(0),
  sha256,
});

export const manifestSchema = z.object({
  format: z.literal("studio-backup"),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  app: z.object({ name: label, version: label }),
  database: z.object({
    serverVersion: label,
    /** The migrations bookkeeping at the time of the snapshot, oldest first: the schema version. */
    migrations: z.array(z.object({ hash: label, createdAt: z.number().int(), tag: label.nullable() })).max(10_000),
    tables: z.array(tableSchema).max(200),
    sequences: z
      .array(
        z.object({
          schema: identifier,
          name: identifier,
          lastValue: z
            .string()
            .regex(/^-?[0-9]+$/)
            .nullable(),
        }),
      )
      .max(200),
  }),
  media: z.object({
    /** Where the files came from; they are inside the archive either way. */
    storage: z.enum(["local", "s3"]),
    files: z.array(mediaFileSchema).max(MAX_MEDIA_FILES),
    /** Keys the rows name but the storage no longer had (deleted while the backup ran). */
    missing: z.array(z.string().max(200)).max(MAX_MEDIA_FILES),
  }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type ManifestTable = BackupManifest["database"]["tables"][number];

export function mediaEntryName(key: string): string {
  return `media/${key}`;
}

/**
 * Text read from an archive, as it may be printed (terminal, log): quoted,
 * cut short, and with every control or invisible character escaped, so a name cannot
 * move the cursor, clear the screen or pass for another.
 */
export function quoted(text: string, max = 100): string {
  return printable(JSON.stringify(text.slice(0, max))) + (text.length > max ? "…" : "");
}

/** `text` with control, format and separator characters written as \u escapes. */
export function printable(text: string): string {
  return text.replace(/[\p{C}\p{Zl}\p{Zp}]/gu, (character) => {
    const code = character.codePointAt(0)!.toString(16);
    return code.length <= 4 ? `\\u${code.padStart(4, "0")}` : `\\u{${code}}`;
  });
}

/** Rows and files in one line, for logs and the command line. */
export function describeManifest(manifest: BackupManifest): string {
  const rows = manifest.database.tables.reduce((sum, t) => sum + t.rows, 0);
  const mediaBytes = manifest.media.files.reduce((sum, f) => sum + f.bytes, 0);
  return (
    `${manifest.database.tables.length} tabelle, ${rows} righe, ` +
    `${manifest.media.files.length} file multimediali (${formatBytes(mediaBytes)})`
  );
}

/**
 * What she put in the site, named as she knows it, in the order of the admin's menu: the tables by
 * their names in the manifest (other features declare them; app/composition/site-schema.test.ts
 * checks the site has each).
 */
export const HER_WORDS: ReadonlyArray<readonly [string, readonly [string, string]]> = [
  ["reviews", ["recensione", "recensioni"]],
  ["recipe_photos", ["foto", "foto"]],
  ["recipes", ["ricetta", "ricette"]],
  ["appointments", ["appuntamento", "appuntamenti"]],
];

/** The backup's contents as the admin screen says them: "12 recensioni, 4 foto, 3 ricette, 5 appuntamenti". */
export function describeContents(manifest: BackupManifest): string {
  const rows = (name: string) =>
    manifest.database.tables.find((t) => t.schema === "public" && t.name === name)?.rows ?? 0;
  return HER_WORDS.map(([name, forms]) => countOf(rows(name), forms)).join(", ");
}

export const formatBytes = formatSize;
