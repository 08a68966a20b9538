import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import pg from "pg";
import tar from "tar-stream";
import { MANIFEST_NAME, type BackupManifest } from "~/features/backups/manifest.server";

/* Reading a site back (every row, every media file) and taking a backup apart, to compare two sites. */

/** Every row of every table of the application's schema and the migrations bookkeeping, as sorted text. */
export async function readAllRows(connectionString: string): Promise<Map<string, string[]>> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname = 'public' or (schemaname = 'drizzle' and tablename = '__drizzle_migrations') order by 1`,
    );
    const result = new Map<string, string[]>();
    for (const { name } of tables) {
      const { rows } = await client.query<{ row: string }>(`select t::text as row from ${name} t`);
      result.set(name, rows.map((r) => r.row).sort());
    }
    return result;
  } finally {
    await client.end();
  }
}

/** SHA-256 of every file under a media folder, by key. */
export async function mediaChecksums(root: string): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else
        result.set(
          path.relative(root, full),
          createHash("sha256")
            .update(await readFile(full))
            .digest("hex"),
        );
    }
  };
  await walk(root);
  return result;
}

/** A backup taken apart: its manifest and every other entry's bytes, in the archive's order. */
export interface OpenedBackup {
  manifest: BackupManifest;
  entries: Map<string, Buffer>;
}

export async function openBackup(file: string): Promise<OpenedBackup> {
  const extract = tar.extract();
  const entries = new Map<string, Buffer>();
  let manifest: BackupManifest | undefined;
  const reading = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      if (entry.header.name === MANIFEST_NAME) manifest = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      else entries.set(entry.header.name, Buffer.concat(chunks));
    }
  })();
  extract.end(gunzipSync(await readFile(file)));
  await reading;
  return { manifest: manifest!, entries };
}

/**
 * Packs a backup again as someone crafting one would: the manifest's sizes, checksums and row
 * counts made to match the entries it lists, so only what was changed on purpose is wrong.
 */
export async function packBackup(
  out: string,
  { manifest, entries }: OpenedBackup,
  /** Changes made after the figures are set (a row count that lies). */
  afterwards?: (manifest: BackupManifest) => void,
): Promise<void> {
  const facts = (body: Buffer) => ({ bytes: body.length, sha256: createHash("sha256").update(body).digest("hex") });
  for (const table of manifest.database.tables) {
    const body = entries.get(table.file);
    if (body) Object.assign(table, facts(body), { rows: body.toString("latin1").split("\n").length - 1 });
  }
  for (const media of manifest.media.files) {
    const body = entries.get(`media/${media.key}`);
    if (body) Object.assign(media, facts(body));
  }
  afterwards?.(manifest);
  const pack = tar.pack();
  for (const [name, body] of entries) pack.entry({ name, size: body.length }, body);
  const text = Buffer.from(JSON.stringify(manifest));
  pack.entry({ name: MANIFEST_NAME, size: text.length }, text);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  await writeFile(out, gzipSync(Buffer.concat(chunks)));
}
