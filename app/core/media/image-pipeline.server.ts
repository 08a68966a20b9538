import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import type { Metadata } from "sharp";
import type { StoredImage } from "~/core/db/schema";
import { createDecodeQueue, DecodeQueueFullError } from "./decode-queue.server";
import type { MediaExtension, MediaPrefix, MediaStorage } from "./media-storage.server";
import type { PublicImage } from "./public-image";

/**
 * Renditions fit in squares of these sizes: landscape photos get these widths,
 * upright ones these heights (an upright 1280 px wide copy would be 1707 px tall
 * and, for a detailed photo, over the 150 KB budget). No copy is upscaled.
 */
export const IMAGE_WIDTHS = [400, 800, 1280] as const;

/**
 * Decompression-bomb guard, by use. A visitor's review photo comes from a phone
 * (12–24 megapixels; a 48 MP mode is the exception and is refused with a clear message);
 * the practitioner's own pictures may come from a camera.
 */
export const MAX_INPUT_PIXELS: Record<MediaPrefix, number> = {
  reviews: 32_000_000,
  "recipe-photos": 50_000_000,
  site: 50_000_000,
  "article-images": 50_000_000,
};
const WEBP_QUALITY = 74;

const acceptedFormats = new Set(["jpeg", "png", "webp", "gif", "heif"]);

type Sharp = typeof import("sharp")["default"];
let loadingSharp: Promise<Sharp> | undefined;

/**
 * libvips costs a server process about 20 MB from the moment it loads, so it loads with the first
 * image rather than at start (most processes of a small site never see one). One libvips thread per
 * image: a decode then takes at most one core, and the pages keep the other. No operation cache:
 * an upload is decoded once, and the cache would keep up to 50 MB of pixels per process.
 */
export function loadSharp(): Promise<Sharp> {
  loadingSharp ??= import("sharp").then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    lowerThreadPoolPriority();
    return sharp;
  });
  return loadingSharp;
}

/** How many nice steps below the process's own priority decodes run (19 is the lowest). */
export const DECODE_NICENESS = 10;

/**
 * Decodes run on Node's thread pool and the libvips threads it starts (which inherit its
 * priority). Linux schedules by thread: at a lower priority than the thread serving requests, a
 * burst of uploads uses the idle CPU without making pages wait. Elsewhere, or where the threads
 * cannot be found, nothing changes.
 */
function lowerThreadPoolPriority(): void {
  if (process.platform !== "linux") return;
  try {
    const nice = Math.min(19, os.getPriority() + DECODE_NICENESS);
    for (const id of readdirSync("/proc/self/task")) {
      const name = readFileSync(`/proc/self/task/${id}/comm`, "utf8");
      if (/^(libuv-worker|libvips)/.test(name)) os.setPriority(Number(id), nice);
    }
  } catch {
    // Not permitted or no /proc: decodes keep the default priority.
  }
}

/**
 * One decode at a time per process, a few waiting: a decode costs memory by pixel count
 * and a core of CPU, and pages must stay fast while uploads arrive in bursts.
 */
export const decodeQueue = createDecodeQueue({ inFlight: 1, waiting: 8, maxWaitMs: 20_000 });

/** The upload is not an image we accept; `message` is for the visitor, in Italian. */
export class ImageRejectedError extends Error {
  override name = "ImageRejectedError";
}

/** Too many images are being processed right now: nothing is wrong with this one, it can be sent again shortly. */
export class ImageBusyError extends ImageRejectedError {
  override name = "ImageBusyError";
  readonly retryAfterSeconds = 10;
  constructor() {
    super("Il server sta elaborando altre immagini: riprova tra poco.");
  }
}

interface ProcessedImage {
  width: number;
  height: number;
  variants: { width: number; height: number; data: Buffer }[];
}

/**
 * Decodes the upload (its bytes decide, not its name or declared type),
 * turns it upright, and re-encodes it to WebP at the responsive widths.
 * Re-encoding drops every metadata block (EXIF, GPS, XMP, ICC comments).
 *
 * Memory: the header is read first (cheap) and refused over `maxPixels`; the pixels
 * are then decoded once, as a stream, straight down to the largest rendition
 * (JPEG and WebP shrink while decoding), so the full-size image is never held;
 * every smaller rendition is cut from that copy. Decodes wait their turn in decodeQueue.
 */
export async function processImage(
  input: Buffer,
  maxPixels: number = MAX_INPUT_PIXELS.reviews,
): Promise<ProcessedImage> {
  if (input.length === 0) throw new ImageRejectedError("Il file è vuoto.");
  const options = { limitInputPixels: maxPixels, failOn: "error" as const, sequentialRead: true };
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch (error) {
    if (/pixel limit/i.test(String(error))) throw tooLarge(maxPixels);
    throw notAnImage();
  }
  const isAvif = meta.format === "heif" && meta.compression === "av1";
  if (!meta.format || !acceptedFormats.has(meta.format) || (meta.format === "heif" && !isAvif)) throw notAnImage();
  if (!meta.width || !meta.height) throw notAnImage();
  if (meta.width * meta.height > maxPixels) throw tooLarge(maxPixels);

  try {
    return await decodeQueue.run(async () => {
      const largestBox = IMAGE_WIDTHS.at(-1)!;
      const { data, info } = await sharp(input, options)
        .rotate()
        .resize({ width: largestBox, height: largestBox, fit: "inside", withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      const longest = Math.max(info.width, info.height);
      const boxes = new Set<number>(IMAGE_WIDTHS.filter((size) => size < longest));
      boxes.add(longest);
      const variants = [];
      for (const box of [...boxes].sort((a, b) => a - b)) {
        const out = await sharp(data, raw)
          .resize({ width: box, height: box, fit: "inside", withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY, effort: 4 })
          .toBuffer({ resolveWithObject: true });
        variants.push({ width: out.info.width, height: out.info.height, data: out.data });
      }
      const largest = variants.at(-1)!;
      return { width: largest.width, height: largest.height, variants };
    });
  } catch (error) {
    if (error instanceof DecodeQueueFullError) throw new ImageBusyError();
    if (error instanceof ImageRejectedError) throw error;
    // Truncated or corrupt data surfaces only when the pixels are decoded.
    throw notAnImage();
  }
}

function notAnImage() {
  return new ImageRejectedError("Il file non è un'immagine valida. Usa una foto JPEG, PNG, WebP, AVIF o GIF.");
}

function tooLarge(maxPixels: number) {
  return new ImageRejectedError(
    `L'immagine ha dimensioni eccessive (massimo ${Math.round(maxPixels / 1_000_000)} megapixel).`,
  );
}

/**
 * Processes and stores every rendition under `prefix`. All or nothing: if one
 * write fails, the ones already written are removed before the error is rethrown.
 */
export async function storeImage(media: MediaStorage, prefix: MediaPrefix, input: Buffer): Promise<StoredImage> {
  const processed = await processImage(input, MAX_INPUT_PIXELS[prefix]);
  const written: string[] = [];
  try {
    for (const variant of processed.variants) {
      written.push(await media.put(prefix, "webp", variant.data));
    }
  } catch (error) {
    await Promise.allSettled(written.map((key) => media.delete(key)));
    throw error;
  }
  return {
    width: processed.width,
    height: processed.height,
    format: "webp",
    variants: processed.variants.map((v, i) => ({ key: written[i]!, width: v.width, height: v.height })),
  };
}

/** How sharp names the format each stored extension must hold. */
const storedFormat: Record<MediaExtension, (meta: Metadata) => boolean> = {
  webp: (meta) => meta.format === "webp",
  avif: (meta) => meta.format === "heif" && meta.compression === "av1",
  jpg: (meta) => meta.format === "jpeg",
  png: (meta) => meta.format === "png",
};

/**
 * Whether `input` is a whole image in the format its extension names, within `maxPixels`:
 * for bytes from elsewhere (a backup) before they join the media. Every byte is decoded,
 * so a file that only begins like an image fails; down to a thumbnail, so memory stays small.
 */
export async function isStoredImage(input: Buffer, ext: MediaExtension, maxPixels: number): Promise<boolean> {
  const options = { limitInputPixels: maxPixels, failOn: "error" as const, sequentialRead: true };
  const sharp = await loadSharp();
  try {
    const meta = await sharp(input, options).metadata();
    if (!storedFormat[ext](meta) || !meta.width || !meta.height || meta.width * meta.height > maxPixels) return false;
    await sharp(input, options).resize(64, 64, { fit: "inside" }).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

/** Removes every rendition; used when a row is deleted or its insert failed. */
export async function deleteStoredImage(media: MediaStorage, image: StoredImage | null | undefined): Promise<void> {
  if (!image) return;
  await Promise.allSettled(image.variants.map((v) => media.delete(v.key)));
}

/** The URL saved in the image_url column (kept for older readers): the largest rendition. */
export function largestUrl(media: MediaStorage, image: StoredImage): string {
  return media.publicUrl(image.variants.at(-1)!.key);
}

export function toPublicImage(media: MediaStorage, image: StoredImage): PublicImage {
  const largest = image.variants.at(-1)!;
  return {
    src: media.publicUrl(largest.key),
    srcSet: image.variants.map((v) => `${media.publicUrl(v.key)} ${v.width}w`).join(", "),
    width: largest.width,
    height: largest.height,
  };
}
