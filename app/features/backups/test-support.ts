import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import pg from "pg";
import sharp from "sharp";
import tar from "tar-stream";
import type { Database } from "~/core/db/database.server";
import { storeCrops } from "~/core/media/aspect-crops.server";
import { storeImage, largestUrl } from "~/core/media/image-pipeline.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import { createRecipePhotoRepository } from "~/features/photos/recipe-photos.server";
import { createRecipeRepository } from "~/features/recipes/recipes.server";
import { sampleRecipe } from "~/features/recipes/test-support";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { createReviewRepository } from "~/features/reviews/reviews.server";
import { MANIFEST_NAME, type BackupManifest } from "./manifest.server";

/*
 * Test helpers for backups: fill a site's database and media, and read back
 * every row of every table and every media file, to compare two sites.
 */

const colours = ["#6a8f5e", "#a4532f", "#d9b44a", "#3f6137", "#9fb993", "#c77d52"];

async function picture(index: number): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: colours[index % colours.length]! } })
    .composite([
      {
        input: Buffer.from(`<svg width="320" height="240"><text x="20" y="120" font-size="48">${index}</text></svg>`),
      },
    ])
    .jpeg({ quality: 70 })
    .toBuffer();
}

/**
 * Photos and reviews (some with photos), a recipe for the first photo (with its crops), an admin with
 * a session, and a rate-limit hit: a row in every table.
 */
export async function seedSite(
  database: Database,
  media: MediaStorage,
  counts: { photos: number; reviews: number; reviewPhotos: number },
): Promise<void> {
  const photos = createRecipePhotoRepository(database.db);
  const reviews = createReviewRepository(database.db);
  for (let i = 0; i < counts.photos; i++) {
    const image = await storeImage(media, "recipe-photos", await picture(i));
    await photos.add({
      title: i % 3 === 0 ? null : `Ricetta «${i}» con l'olio\tnuovo`,
      imageUrl: largestUrl(media, image),
      image,
    });
  }
  const [firstPhoto] = await photos.list();
  if (firstPhoto?.image) {
    const crops = { photoId: firstPhoto.id, ...(await storeCrops(media, "recipe-photos", firstPhoto.image)) };
    const recipes = createRecipeRepository(database.db, createMemoryEventBus());
    await recipes.create(
      sampleRecipe({ photoId: firstPhoto.id, note: 'Nota con\ttab, "virgolette", \\ barra\ne a capo ✓' }),
      crops,
    );
  }
  for (let i = 0; i < counts.reviews; i++) {
    const image = i < counts.reviewPhotos ? await storeImage(media, "reviews", await picture(100 + i)) : null;
    await reviews.add({
      name: `Paziente ${i}`,
      content: `Recensione ${i}: ottima esperienza.\nSeconda riga con \\ barra e "virgolette" ✓`,
      rating: (i % 5) + 1,
      imageUrl: image ? largestUrl(media, image) : null,
      image,
    });
  }
  await database.db.execute(
    sql.raw(
      `insert into admin_users (email, password_hash, recovery_code_hashes) values ('dietista@example.it', 'hash', '["a","b"]')`,
    ),
  );
  await database.db.execute(
    sql.raw(
      `insert into admin_sessions (id_hash, user_id, expires_at) select 'session-hash', id, now() + interval '1 day' from admin_users`,
    ),
  );
  await database.db.execute(sql.raw(`insert into rate_limit_hits (key) values ('review:127.0.0.1')`));
}

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
