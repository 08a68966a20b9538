import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DiskFullError } from "~/core/disk/disk-space.server";

/* A disk that fills up: refused before writing when statfs says so; no half-written file when the write itself fails. */

const fs = vi.hoisted(() => ({ failWith: null as string | null }));
vi.mock("node:fs/promises", async (original) => {
  const real = await original<typeof import("node:fs/promises")>();
  return {
    ...real,
    // The disk filling up under the write: half the bytes land, then ENOSPC.
    writeFile: async (file: string, data: Buffer, options: unknown) => {
      if (!fs.failWith) return real.writeFile(file, data, options as never);
      await real.writeFile(file, data.subarray(0, data.length >> 1), options as never);
      throw Object.assign(new Error(`${fs.failWith}: no space left on device, write`), { code: fs.failWith });
    },
  };
});

const { saveUploadedImage, DISK_FULL_MESSAGE } = await import("./image-upload.server");
const { createLocalMediaStorage } = await import("./media-storage.server");

const logger = pino({ level: "silent" });
const everything = (root: string) => readdirSync(root, { recursive: true }).filter((f) => String(f).includes("."));
const photo = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 400, height: 300, channels: 3, background: "#5a8c46" } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    "foto.jpg",
    { type: "image/jpeg" },
  );

afterEach(() => {
  fs.failWith = null;
});

describe("an upload on a full disk", () => {
  it("is refused before a byte is written when the disk has too little room, with a 507 and a sentence", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "full-upload-"));
    const media = createLocalMediaStorage(root, {
      diskSpace: async () => ({ free: 10 * 1024 * 1024, total: 1024 ** 3 }),
    });
    const save = vi.fn(async () => "saved");
    const stored = await saveUploadedImage(
      { media, logger },
      { what: "test", prefix: "site", file: await photo() },
      save,
    );
    expect(stored).toEqual({ ok: false, status: 507, message: DISK_FULL_MESSAGE });
    expect(save).not.toHaveBeenCalled();
    expect(readdirSync(root)).toEqual([]);
  });

  it("leaves no half-written file when the storage answers ENOSPC mid-write", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "enospc-upload-"));
    const media = createLocalMediaStorage(root, { diskSpace: async () => ({ free: 1024 ** 3, total: 2 * 1024 ** 3 }) });
    fs.failWith = "ENOSPC";
    await expect(media.write("site/abcdefghijklmnopqrstuv.webp", Buffer.alloc(4096, 1))).rejects.toBeInstanceOf(
      DiskFullError,
    );
    expect(everything(root)).toEqual([]);
    const stored = await saveUploadedImage(
      { media, logger },
      { what: "test", prefix: "site", file: await photo() },
      async () => "saved",
    );
    expect(stored).toMatchObject({ ok: false, status: 507 });
    expect(everything(root)).toEqual([]);
  });
});
