import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  DECODE_NICENESS,
  decodeQueue,
  deleteStoredImage,
  IMAGE_WIDTHS,
  ImageBusyError,
  ImageRejectedError,
  MAX_INPUT_PIXELS,
  processImage,
  storeImage,
  toPublicImage,
} from "./image-pipeline.server";
import { createLocalMediaStorage, type MediaStorage } from "./media-storage.server";

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 160, b: 90 } } }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#c33"/></svg>`,
      ),
    },
  ]);

describe("image pipeline: accepts real images by decoding them", () => {
  it.each(["jpeg", "png", "webp", "gif", "avif"] as const)(
    "re-encodes %s to WebP at responsive widths",
    async (format) => {
      const input = await photo(1600, 1200).toFormat(format).toBuffer();
      const result = await processImage(input);
      expect(result.variants.map((v) => v.width)).toEqual([...IMAGE_WIDTHS]);
      for (const variant of result.variants) {
        const meta = await sharp(variant.data).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.width).toBe(variant.width);
        expect(variant.height).toBe(Math.round((variant.width * 1200) / 1600));
      }
    },
  );

  it("never upscales: a small image is kept at its own width", async () => {
    const result = await processImage(await photo(600, 400).jpeg().toBuffer());
    expect(result.variants.map((v) => v.width)).toEqual([400, 600]);
  });

  it("fits upright photos in the same squares: the largest is 1280 px tall, not wide", async () => {
    const result = await processImage(await photo(1500, 2000).jpeg().toBuffer());
    expect(result.variants.map((v) => [v.width, v.height])).toEqual([
      [300, 400],
      [600, 800],
      [960, 1280],
    ]);
    expect(result).toMatchObject({ width: 960, height: 1280 });
  });

  it("turns a photo upright and strips all metadata, GPS included", async () => {
    const input = await photo(800, 400)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: "Fotocamera", Copyright: "Paziente" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "45/1 28/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "9/1 11/1 0/1" },
      })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from("Paziente"))).toBe(true);
    const result = await processImage(input);
    const largest = result.variants.at(-1)!;
    // Orientation 6 means "rotate 90°": the landscape file is a portrait photo.
    expect(largest.height).toBeGreaterThan(largest.width);
    const meta = await sharp(largest.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(largest.data.includes(Buffer.from("Paziente"))).toBe(false);
  });
});

describe("image pipeline: refuses what is not an acceptable image", () => {
  const rejects = async (input: Buffer, message: RegExp) => {
    const error = await processImage(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as Error).message).toMatch(message);
  };

  it("an SVG carrying a script", async () => {
    await rejects(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      /non è un'immagine valida/,
    );
  });

  it("a text file renamed .jpg, and HTML", async () => {
    await rejects(Buffer.from("Questo non è un JPEG, solo testo."), /non è un'immagine valida/);
    await rejects(Buffer.from("<!doctype html><html><body>ciao</body></html>"), /non è un'immagine valida/);
  });

  it("a truncated JPEG", async () => {
    const full = await photo(1200, 900).jpeg().toBuffer();
    await rejects(full.subarray(0, Math.floor(full.length / 2)), /non è un'immagine valida/);
  });

  it("zero bytes", async () => {
    await rejects(Buffer.alloc(0), /vuoto/);
  });

  it("a decompression bomb: a small PNG of huge dimensions", async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    await rejects(bomb, /dimensioni eccessive/);
  });
});

describe("storing images", () => {
  const newStorage = () => createLocalMediaStorage(mkdtempSync(path.join(os.tmpdir(), "pipeline-")));

  it("stores every rendition under the prefix and describes them for srcset", async () => {
    const media = newStorage();
    const stored = await storeImage(media, "reviews", await photo(1600, 1200).jpeg().toBuffer());
    expect(stored.variants).toHaveLength(3);
    for (const v of stored.variants) {
      expect(v.key).toMatch(/^reviews\/[\w-]+\.webp$/);
      const object = await media.get(v.key);
      expect(object).toBeDefined();
      object?.body.destroy();
    }
    const image = toPublicImage(media, stored);
    expect(image).toMatchObject({ width: 1280, height: 960, src: `/media/${stored.variants[2]!.key}` });
    expect(image.srcSet.split(", ").map((s) => s.split(" ")[1])).toEqual(["400w", "800w", "1280w"]);

    await deleteStoredImage(media, stored);
    for (const v of stored.variants) expect(await media.get(v.key)).toBeUndefined();
  });

  it("leaves nothing behind when a write fails halfway", async () => {
    const inner = newStorage();
    const written: string[] = [];
    let puts = 0;
    const failing: MediaStorage = {
      ...inner,
      async put(prefix, ext, data) {
        if (++puts === 3) throw new Error("disk full");
        const key = await inner.put(prefix, ext, data);
        written.push(key);
        return key;
      },
    };
    await expect(storeImage(failing, "recipe-photos", await photo(1600, 1200).jpeg().toBuffer())).rejects.toThrow(
      "disk full",
    );
    expect(written).toHaveLength(2);
    for (const key of written) expect(await inner.get(key)).toBeUndefined();
  });
});

describe("image pipeline: bounded decoding", { timeout: 120_000 }, () => {
  const zeroPng = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } }, limitInputPixels: false })
      .png({ compressionLevel: 9 })
      .toBuffer();
  /** 143 KB of PNG that decodes to 49 megapixels of zeros; made once. */
  let bigZeroPng: Promise<Buffer> | undefined;
  const zeroPng7000 = () => (bigZeroPng ??= zeroPng(7000, 7000));

  it("refuses a review photo over its pixel cap from the header alone, naming the cap", async () => {
    const input = await zeroPng7000();
    const error = await storeImage(
      createLocalMediaStorage(mkdtempSync(path.join(os.tmpdir(), "cap-"))),
      "reviews",
      input,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as Error).message).toBe("L'immagine ha dimensioni eccessive (massimo 32 megapixel).");
    expect(MAX_INPUT_PIXELS.reviews).toBeLessThan(MAX_INPUT_PIXELS["recipe-photos"]);
  });

  it("decodes a large PNG under the practitioner's cap straight down to the largest rendition", async () => {
    const result = await processImage(await zeroPng7000(), MAX_INPUT_PIXELS["recipe-photos"]);
    expect(result.variants.map((v) => [v.width, v.height])).toEqual([
      [400, 400],
      [800, 800],
      [1280, 1280],
    ]);
  });

  it("40 uploads at once: one decode at a time, a few wait, the rest are told to retry shortly", async () => {
    const input = await zeroPng(2500, 2500);
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, decodeQueue.running)), 1);
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => processImage(input)));
    clearInterval(sampler);
    const busy = results.filter((r) => r.status === "rejected");
    for (const r of busy) {
      expect(r.reason).toBeInstanceOf(ImageBusyError);
      expect((r.reason as Error).message).toBe("Il server sta elaborando altre immagini: riprova tra poco.");
    }
    expect(busy.length).toBeGreaterThan(0);
    // The one running and the eight waiting are always served.
    expect(40 - busy.length).toBeGreaterThanOrEqual(9);
    expect(peak).toBe(1);
    expect(decodeQueue.running).toBe(0);
  });
});

describe.runIf(process.platform === "linux")("image pipeline: pages before decodes", () => {
  it("decodes on threads at a lower priority than the thread serving requests", async () => {
    const own = os.getPriority();
    await processImage(await photo(1600, 1200).jpeg().toBuffer());
    const threads = readdirSync("/proc/self/task").map((id) => ({
      name: readFileSync(`/proc/self/task/${id}/comm`, "utf8").trim(),
      nice: os.getPriority(Number(id)),
    }));
    const decoding = threads.filter((thread) => /^(libuv-worker|libvips)/.test(thread.name));
    expect(decoding.length).toBeGreaterThan(0);
    expect(decoding.every((thread) => thread.nice === Math.min(19, own + DECODE_NICENESS))).toBe(true);
    expect(os.getPriority(process.pid)).toBe(own);
  });
});
