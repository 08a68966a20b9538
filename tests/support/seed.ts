import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { reviews as reviewsTable, type RecipePhoto, type Review } from "~/core/db/schema";
import { largestUrl, storeImage } from "~/core/media/image-pipeline.server";
import { createLocalMediaStorage } from "~/core/media/media-storage.server";
import { createRecipePhotoRepository } from "~/features/photos/recipe-photos.server";
import { createReviewRepository, type NewReview } from "~/features/reviews/reviews.server";

/*
 * Puts rows straight into a server's data directory, the way the production
 * server lays it out (the embedded PostgreSQL in DATA_DIR/postgres, files in
 * DATA_DIR/media), whether a server runs on that DATA_DIR or not.
 */

const palette = ["#6a8f5e", "#a4532f", "#d9b44a", "#3f6137", "#9fb993", "#c77d52", "#557a4a", "#e6dcc7"];

/** A plain coloured picture, distinct per index, for tests that need real stored images. */
export async function testImage(index: number, width = 1200, height = 900): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: palette[index % palette.length]! },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function withData<T>(dataDir: string, work: (parts: Awaited<ReturnType<typeof open>>) => Promise<T>): Promise<T> {
  const parts = await open(dataDir);
  try {
    return await work(parts);
  } finally {
    await parts.database.close();
  }
}

async function open(dataDir: string) {
  const database = await openSiteDatabase({ dataDir });
  const media = createLocalMediaStorage(path.join(dataDir, "media"));
  return { database, media };
}

/** Adds `count` recipe photos titled "Ricetta 1"…, stored through the real image pipeline, in that display order. */
export async function seedPhotos(
  dataDir: string,
  count: number,
  options: { titles?: (string | null)[] } = {},
): Promise<RecipePhoto[]> {
  return withData(dataDir, async ({ database, media }) => {
    const photos = createRecipePhotoRepository(database.db);
    const rows: RecipePhoto[] = [];
    for (let i = 0; i < count; i++) {
      const image = await storeImage(media, "recipe-photos", await testImage(i));
      const title = options.titles ? (options.titles[i] ?? null) : `Ricetta ${i + 1}`;
      rows.push(await photos.add({ title, imageUrl: largestUrl(media, image), image }));
    }
    return rows;
  });
}

export interface SeedReview extends NewReview {
  /** Defaults to now; older dates let a test control the order. */
  createdAt?: Date;
  /** Attach a stored test image. */
  withImage?: boolean;
  /** Mark it as sent through an invitation. */
  verified?: boolean;
  /** The practitioner's reply. */
  reply?: string;
}

/** Adds the reviews as given (published unless `status` says otherwise). */
export async function seedReviews(dataDir: string, list: SeedReview[]): Promise<Review[]> {
  return withData(dataDir, async ({ database, media }) => {
    const repo = createReviewRepository(database.db);
    const rows: Review[] = [];
    for (const [i, { createdAt, withImage, verified, reply, ...review }] of list.entries()) {
      const image = withImage ? await storeImage(media, "reviews", await testImage(i, 800, 600)) : null;
      let row = await repo.add({ ...review, image, imageUrl: image ? largestUrl(media, image) : null });
      if (reply) await repo.setReply(row.id, reply);
      if (createdAt || verified) {
        [row] = (await database.db
          .update(reviewsTable)
          .set({ createdAt: createdAt ?? row.createdAt, verified: verified ?? false })
          .where(eq(reviewsTable.id, row.id))
          .returning()) as [Review];
      }
      rows.push(row);
    }
    return rows;
  });
}
