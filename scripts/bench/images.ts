// `npm run bench:images`: how long the image pipeline takes on a 12-megapixel
// phone photo, and how many bytes it writes. Targets: under 1.5 s in all, and
// under 150 KB for the largest rendition. The photo is generated, not downloaded.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_WIDTHS, processImage, storeImage } from "../../app/core/media/image-pipeline.server.ts";
import { createLocalMediaStorage } from "../../app/core/media/media-storage.server.ts";

const WIDTH = 4000;
const HEIGHT = 3000;
const RUNS = 5;
const TARGET_MS = 1500;
const TARGET_LARGEST_BYTES = 150 * 1024;

/** Deterministic pseudo-random numbers, so every run measures the same photo. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A photo-like picture: colour fields, objects with hard edges, texture at
 * every scale and sensor grain, so encoders work as hard as on a real photo
 * (a flat test card would flatter them). Saved as a phone would: JPEG quality
 * 92 with EXIF and GPS.
 */
async function photoLikeJpeg(kind: "texture" | "scene"): Promise<Buffer> {
  const random = mulberry32(12);
  const pixels = WIDTH * HEIGHT * 3;
  const sum = new Float32Array(pixels);
  const upscaledNoise = async (cols: number, channels: 1 | 3) => {
    const rows = Math.round((cols * HEIGHT) / WIDTH);
    const noise = Buffer.alloc(cols * rows * channels);
    for (let i = 0; i < noise.length; i++) noise[i] = Math.floor(random() * 256);
    return sharp(noise, { raw: { width: cols, height: rows, channels } })
      .resize(WIDTH, HEIGHT, { kernel: "cubic" })
      .raw()
      .toBuffer();
  };
  // "texture": foliage or gravel, colour detail down to the finest scale, the hardest case for an encoder.
  // "scene": colour varies slowly and brightness carries the fine detail, as on a plate on a table.
  const colourOctaves =
    kind === "texture"
      ? [
          [8, 70],
          [32, 45],
          [128, 28],
          [512, 16],
          [2000, 9],
        ]
      : [
          [6, 55],
          [24, 30],
        ];
  const brightnessOctaves =
    kind === "texture"
      ? []
      : [
          [100, 30],
          [400, 20],
          [1600, 12],
        ];
  for (const [cols, amplitude] of colourOctaves as [number, number][]) {
    const big = await upscaledNoise(cols, 3);
    for (let i = 0; i < pixels; i++) sum[i]! += ((big[i]! - 128) / 128) * amplitude;
  }
  for (const [cols, amplitude] of brightnessOctaves as [number, number][]) {
    const big = await upscaledNoise(cols, 1);
    for (let i = 0; i < pixels; i++) sum[i]! += ((big[Math.floor(i / 3)]! - 128) / 128) * amplitude;
  }
  const base = [150, 125, 100];
  const field = Buffer.alloc(pixels);
  for (let i = 0; i < pixels; i++) field[i] = Math.max(0, Math.min(255, Math.round(base[i % 3]! + sum[i]!)));

  // Objects: plates, glasses, a table edge… as shapes with hard, slightly soft-focused outlines.
  const colour = () => `rgb(${[0, 0, 0].map(() => Math.floor(random() * 256)).join(",")})`;
  const shapes: string[] = [];
  for (let i = 0; i < (kind === "scene" ? 70 : 0); i++) {
    const x = Math.floor(random() * WIDTH);
    const y = Math.floor(random() * HEIGHT);
    const size = 60 + Math.floor(random() * 700);
    const opacity = (0.45 + random() * 0.5).toFixed(2);
    shapes.push(
      random() < 0.5
        ? `<ellipse cx="${x}" cy="${y}" rx="${size}" ry="${Math.floor(size * (0.4 + random() * 0.6))}" fill="${colour()}" fill-opacity="${opacity}" stroke="${colour()}" stroke-width="${4 + Math.floor(random() * 20)}"/>`
        : `<rect x="${x}" y="${y}" width="${size}" height="${Math.floor(size * (0.3 + random()))}" transform="rotate(${Math.floor(random() * 90)} ${x} ${y})" fill="${colour()}" fill-opacity="${opacity}"/>`,
    );
  }
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${shapes.join("")}</svg>`,
  );
  const scene = await sharp(field, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .composite([{ input: svg }])
    .blur(0.7)
    .removeAlpha()
    .raw()
    .toBuffer();

  for (let i = 0; i < pixels; i++) scene[i] = Math.max(0, Math.min(255, scene[i]! + Math.round((random() - 0.5) * 8)));
  return sharp(scene, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 92, chromaSubsampling: "4:2:0" })
    .withExifMerge({
      IFD0: { Make: "Fotocamera", Model: "Telefono" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "45/1 28/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "9/1 11/1 0/1" },
    })
    .toBuffer();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

let allOk = true;
for (const kind of ["texture", "scene"] as const) {
  const photo = await photoLikeJpeg(kind);
  allOk = (await measure(kind, photo)) && allOk;
  if (kind === "texture") {
    // Phones often shoot upright and say so in EXIF: the pipeline turns it, and 1280 px wide is then 1707 px tall.
    const upright = await sharp(photo).withMetadata({ orientation: 6 }).jpeg({ quality: 92 }).toBuffer();
    allOk = (await measure("texture, upright (EXIF orientation 6)", upright)) && allOk;
  }
}
process.exitCode = allOk ? 0 : 1;

async function measure(kind: string, input: Buffer): Promise<boolean> {
  console.log(`\n== ${kind}: ${WIDTH}×${HEIGHT} (${((WIDTH * HEIGHT) / 1e6).toFixed(0)} MP) JPEG, ${kb(input.length)}`);
  console.log(
    `Renditions: WebP fitting ${IMAGE_WIDTHS.join(", ")} px squares; ${RUNS} runs, sharp concurrency ${sharp.concurrency()}`,
  );

  // Warm-up: the first call loads libvips' codecs.
  await processImage(input);

  const processTimes: number[] = [];
  let sizes: { width: number; height: number; bytes: number }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const result = await processImage(input);
    processTimes.push(performance.now() - start);
    sizes = result.variants.map((v) => ({ width: v.width, height: v.height, bytes: v.data.length }));
  }

  const root = mkdtempSync(path.join(os.tmpdir(), "bench-images-"));
  const storeTimes: number[] = [];
  try {
    const media = createLocalMediaStorage(root);
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      await storeImage(media, "reviews", input);
      storeTimes.push(performance.now() - start);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }

  for (const s of sizes) console.log(`  ${String(s.width).padStart(4)}×${s.height}: ${kb(s.bytes)}`);
  const total = median(storeTimes);
  const largest = sizes.at(-1)!.bytes;
  console.log(`Decode + all renditions (median): ${median(processTimes).toFixed(0)} ms`);
  console.log(
    `Same, written to disk (storeImage, median): ${total.toFixed(0)} ms (min ${Math.min(...storeTimes).toFixed(0)}, max ${Math.max(...storeTimes).toFixed(0)})`,
  );
  console.log(`Total output: ${kb(sizes.reduce((n, s) => n + s.bytes, 0))}`);
  const timeOk = total < TARGET_MS;
  const sizeOk = largest < TARGET_LARGEST_BYTES;
  console.log(
    `Time < ${TARGET_MS} ms: ${timeOk ? "met" : "MISSED"}; largest rendition < ${kb(TARGET_LARGEST_BYTES)}: ${sizeOk ? "met" : "MISSED"} (${kb(largest)})`,
  );
  return timeOk && sizeOk;
}
