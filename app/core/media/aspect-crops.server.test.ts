import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cropBox, CROP_SHAPES, storeCrops } from "./aspect-crops.server";
import { ImageRejectedError, storeImage } from "./image-pipeline.server";
import { createLocalMediaStorage, type MediaStorage } from "./media-storage.server";

const media = () => createLocalMediaStorage(mkdtempSync(path.join(os.tmpdir(), "crops-")));
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();

describe("crops of a stored image in the shapes search engines ask for", () => {
  it("takes the largest box of each shape", () => {
    expect(cropBox(1280, 960, 1)).toEqual({ width: 960, height: 960 });
    expect(cropBox(1280, 960, 16 / 9)).toEqual({ width: 1280, height: 720 });
    expect(cropBox(960, 1280, 4 / 3)).toEqual({ width: 960, height: 720 });
  });

  it("stores a WebP of each shape from the largest rendition, at the size it allows", async () => {
    const storage = media();
    const image = await storeImage(storage, "recipe-photos", await picture(1600, 1200));
    const crops = await storeCrops(storage, "recipe-photos", image);
    for (const shape of Object.keys(CROP_SHAPES) as (keyof typeof CROP_SHAPES)[]) {
      const crop = crops[shape];
      expect(crop.key).toMatch(/^recipe-photos\/.+\.webp$/);
      const meta = await sharp(await buffer((await storage.get(crop.key))!.body)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", crop.width, crop.height]);
      expect(crop.width / crop.height).toBeCloseTo(CROP_SHAPES[shape], 2);
    }
    expect([crops.square.width, crops.standard.width, crops.wide.width]).toEqual([960, 1280, 1280]);
  });

  it("refuses when the rendition is gone, and removes what it wrote when a write fails", async () => {
    const storage = media();
    const image = await storeImage(storage, "recipe-photos", await picture(800, 600));
    await storage.delete(image.variants.at(-1)!.key);
    await expect(storeCrops(storage, "recipe-photos", image)).rejects.toBeInstanceOf(ImageRejectedError);

    const fresh = await storeImage(storage, "recipe-photos", await picture(800, 600));
    const written: string[] = [];
    const deleted: string[] = [];
    let puts = 0;
    const failing: MediaStorage = {
      ...storage,
      async put(prefix, ext, data) {
        if (++puts === 3) throw new Error("disk full");
        const key = await storage.put(prefix, ext, data);
        written.push(key);
        return key;
      },
      async delete(key) {
        deleted.push(key);
        await storage.delete(key);
      },
    };
    await expect(storeCrops(failing, "recipe-photos", fresh)).rejects.toThrow("disk full");
    expect(deleted.sort()).toEqual(written.sort());
    expect(written).toHaveLength(2);
  });
});
