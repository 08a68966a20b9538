import { z } from "zod";

/** Bumped when an older restore could no longer read what a newer backup writes. */
export const BACKUP_FORMAT_VERSION = 1;

export const MANIFEST_NAME = "manifest.json";

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const identifier = z.string().min(1).max(63);

const tableSchema = z.object({
  schema: identifier,
  name: identifier,
  /** Columns in the order of the COPY data (generated columns are left out). */
  columns: z.array(identifier).min(1),
  rows: z.number().int().min(0),
  /** Entry in the archive holding the table in COPY text format. */
  file: z.string().regex(/^db\/[0-9]{3}\.copy$/),
  bytes: z.number().int().min(0),
  sha256,
});

const mediaFileSchema = z.object({
  key: z.string().min(1),
  bytes: z.number().int().min(0),
  sha256,
});

export const manifestSchema = z.object({
  format: z.literal("studio-backup"),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  app: z.object({ name: z.string(), version: z.string() }),
  database: z.object({
    serverVersion: z.string(),
    /** The migrations bookkeeping at the time of the snapshot, oldest first: the schema version. */
    migrations: z.array(z.object({ hash: z.string(), createdAt: z.number().int(), tag: z.string().nullable() })),
    tables: z.array(tableSchema),
    sequences: z.array(
      z.object({
        schema: identifier,
        name: identifier,
        lastValue: z
          .string()
          .regex(/^-?[0-9]+$/)
          .nullable(),
      }),
    ),
  }),
  media: z.object({
    /** Where the files came from; they are inside the archive either way. */
    storage: z.enum(["local", "s3"]),
    files: z.array(mediaFileSchema),
    /** Keys the rows name but the storage no longer had (deleted while the backup ran). */
    missing: z.array(z.string()),
  }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type ManifestTable = BackupManifest["database"]["tables"][number];

export function mediaEntryName(key: string): string {
  return `media/${key}`;
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

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString("it-IT", { maximumFractionDigits: 1 })} ${units[unit]}`;
}
