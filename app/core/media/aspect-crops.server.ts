import { buffer } from "node:stream/consumers";
import type { ImageVariant, StoredImage } from "~/core/db/schema";
import { DecodeQueueFullError } from "./decode-queue.server";
import { decodeQueue, ImageBusyError, ImageRejectedError, loadSharp } from "./image-pipeline.server";
import type { MediaPrefix, MediaStorage } from "./media-storage.server";

/** The shapes search engines ask a page's image in (Google's Recipe results: 1:1, 4:3 and 16:9). */
export const CROP_SHAPES = { square: 1, standard: 4 / 3, wide: 16 / 9 } as const;
export type CropShape = keyof typeof CROP_SHAPES;

const WEBP_QUALITY = 74;

/** The largest box of `aspect` inside width × height. */
export function cropBox(width: number, height: number, aspect: number): { width: number; height: number } {
  return width / height > aspect
    ? { width: Math.round(height * aspect), height }
    : { width, height: Math.round(width / aspect) };
}

/**
 * Cuts the largest stored rendition of `image` into each shape, as large as the rendition allows
 * and centred on what draws the eye (libvips' "attention" strategy), and stores each as WebP under
 * `prefix`. All or nothing, like storeImage: a failed write removes the crops already written.
 */
export async function storeCrops(
  media: MediaStorage,
  prefix: MediaPrefix,
  image: StoredImage,
): Promise<Record<CropShape, ImageVariant>> {
  const source = image.variants.at(-1);
  const stored = source && (await media.get(source.key));
  if (!stored) throw new ImageRejectedError("La foto non è più disponibile.");
  const input = await buffer(stored.body);
  const sharp = await loadSharp();
  let crops: [CropShape, { data: Buffer; width: number; height: number }][];
  try {
    crops = await decodeQueue.run(async () => {
      const { width = 0, height = 0 } = await sharp(input).metadata();
      const made: typeof crops = [];
      for (const [shape, aspect] of Object.entries(CROP_SHAPES) as [CropShape, number][]) {
        const box = cropBox(width, height, aspect);
        const { data, info } = await sharp(input)
          .resize({ ...box, fit: "cover", position: "attention" })
          .webp({ quality: WEBP_QUALITY, effort: 4 })
          .toBuffer({ resolveWithObject: true });
        made.push([shape, { data, width: info.width, height: info.height }]);
      }
      return made;
    });
  } catch (error) {
    if (error instanceof DecodeQueueFullError) throw new ImageBusyError();
    throw error;
  }
  const written: string[] = [];
  try {
    const result: Partial<Record<CropShape, ImageVariant>> = {};
    for (const [shape, crop] of crops) {
      const key = await media.put(prefix, "webp", crop.data);
      written.push(key);
      result[shape] = { key, width: crop.width, height: crop.height };
    }
    return result as Record<CropShape, ImageVariant>;
  } catch (error) {
    await Promise.allSettled(written.map((key) => media.delete(key)));
    throw error;
  }
}
