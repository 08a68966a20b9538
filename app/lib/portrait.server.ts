import type { MediaStorage } from "~/media/media-storage.server";

/**
 * Where the practitioner's photo lives in media storage: a deployer puts it at
 * DATA_DIR/media/site/practitioner-portrait.webp (or .jpg / .png), or in the bucket under that key.
 */
export const PORTRAIT_KEYS = [
  "site/practitioner-portrait.webp",
  "site/practitioner-portrait.jpg",
  "site/practitioner-portrait.png",
] as const;

/**
 * The photo's URL, or null when none is stored (the page then shows the bundled picture).
 * Media URLs are cached for a year, so the size is added as a version: a replaced photo gets a new URL.
 */
export async function storedPortraitUrl(media: MediaStorage): Promise<string | null> {
  for (const key of PORTRAIT_KEYS) {
    const object = await media.get(key);
    if (object) {
      object.body.destroy();
      return `${media.publicUrl(key)}?v=${object.size}`;
    }
  }
  return null;
}
