import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DecodeQueueFullError } from "./decode-queue.server";
import { decodeQueue } from "./image-pipeline.server";
import { IMAGE_UPLOAD_MESSAGES, MAX_IMAGE_UPLOAD_BYTES } from "./image-upload";
import { readForm } from "~/core/forms/respond.server";
import { imageUpload, refusedImageStatus, saveUploadedImage } from "./image-upload.server";
import { createLocalMediaStorage, type MediaStorage } from "./media-storage.server";

const logger = pino({ level: "silent" });
const jpeg = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 500, height: 400, channels: 3, background: "#5a8c46" } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    "foto.jpg",
  );

function post(body: BodyInit, headers?: HeadersInit) {
  return new Request("http://localhost/upload", { method: "POST", body, headers });
}

function newMedia(): { media: MediaStorage; files: () => string[] } {
  const root = mkdtempSync(path.join(os.tmpdir(), "upload-test-"));
  const files = () => {
    try {
      return readdirSync(path.join(root, "site"));
    } catch {
      return [];
    }
  };
  return { media: createLocalMediaStorage(root), files };
}

afterEach(() => vi.restoreAllMocks());

describe("reading an upload's form", () => {
  it("reads the image and the text fields within the cap", async () => {
    const body = new FormData();
    body.set("title", "Insalata");
    body.set("image", await jpeg());
    const read = await readForm(post(body), { upload: imageUpload({ logger }, { what: "test" }) });
    expect(read.ok).toBe(true);
    if (read.ok) expect(read.form.get("title")).toBe("Insalata");
  });

  it("answers 413 past the cap, with the text fields that arrived", async () => {
    const body = new FormData();
    body.set("title", "Grande");
    body.set("image", new Blob([new Uint8Array(MAX_IMAGE_UPLOAD_BYTES + 128 * 1024)]), "grande.jpg");
    const read = await readForm(post(body), { upload: imageUpload({ logger }, { what: "test" }) });
    expect(read).toMatchObject({ ok: false, status: 413, message: IMAGE_UPLOAD_MESSAGES.tooLarge, hadFile: true });
    if (!read.ok) expect(read.arrived?.get("title")).toBe("Grande");
  });

  it("keeps a smaller cap and its own message when told", async () => {
    const body = new FormData();
    body.set("image", new Blob([new Uint8Array(200 * 1024)]), "foto.jpg");
    const messages = { tooLarge: "Troppo grande", uploadFailed: "Non riuscito" };
    const read = await readForm(post(body), {
      upload: imageUpload({ logger }, { what: "test", maxImageBytes: 100 * 1024, messages }),
    });
    expect(read).toMatchObject({ ok: false, status: 413, message: "Troppo grande" });
  });

  it("answers 400 for a body that is no form", async () => {
    const broken = post("--x\r\nnot a part", { "Content-Type": "multipart/form-data; boundary=x" });
    expect(await readForm(broken, { upload: imageUpload({ logger }, { what: "test" }) })).toMatchObject({
      ok: false,
      status: 400,
      message: IMAGE_UPLOAD_MESSAGES.uploadFailed,
    });
  });

  it("answers the Italian 405 for a method but POST", async () => {
    const put = new Request("http://localhost/upload", { method: "PUT", body: new FormData() });
    await expect(readForm(put, { upload: imageUpload({ logger }, { what: "test" }) })).rejects.toMatchObject({
      init: { status: 405 },
    });
  });

  it("tells a file over the cap (413) from no file at all (400) by the field's message", () => {
    expect(refusedImageStatus(IMAGE_UPLOAD_MESSAGES.tooLarge)).toBe(413);
    expect(refusedImageStatus(IMAGE_UPLOAD_MESSAGES.noImage)).toBe(400);
  });
});

describe("storing an uploaded image", () => {
  const upload = (file: File) => ({ what: "test", prefix: "site" as const, file });

  it("stores every rendition and hands the image to the save, keeping the files", async () => {
    const { media, files } = newMedia();
    const stored = await saveUploadedImage({ media, logger }, upload(await jpeg()), async (image) => image.variants);
    expect(stored.ok).toBe(true);
    expect(files()).toHaveLength(2);
  });

  it("answers 422 for a file that is not an image, and saves nothing", async () => {
    const { media, files } = newMedia();
    const save = vi.fn(async () => "saved");
    const stored = await saveUploadedImage({ media, logger }, upload(new File(["testo"], "a.jpg")), save);
    expect(stored).toMatchObject({ ok: false, status: 422, message: expect.stringContaining("non è un'immagine") });
    expect(save).not.toHaveBeenCalled();
    expect(files()).toEqual([]);
  });

  it("answers 503 while the decode queue is full: nothing is wrong with the image, it can be sent again", async () => {
    const { media, files } = newMedia();
    vi.spyOn(decodeQueue, "run").mockRejectedValueOnce(new DecodeQueueFullError("decode queue full"));
    const stored = await saveUploadedImage({ media, logger }, upload(await jpeg()), async () => "saved");
    expect(stored).toMatchObject({ ok: false, status: 503, message: expect.stringContaining("riprova tra poco") });
    expect(files()).toEqual([]);
  });

  it("answers 500 when the storage fails, leaving no file behind", async () => {
    const { media, files } = newMedia();
    let writes = 0;
    const failing: MediaStorage = {
      ...media,
      put: (...args) => (++writes === 2 ? Promise.reject(new Error("disk full")) : media.put(...args)),
    };
    const stored = await saveUploadedImage({ media: failing, logger }, upload(await jpeg()), async () => "saved");
    expect(stored).toMatchObject({ ok: false, status: 500, message: IMAGE_UPLOAD_MESSAGES.uploadFailed });
    expect(files()).toEqual([]);
  });

  it("removes the files when the save fails (and passes its error on) or keeps nothing pointing at them", async () => {
    const { media, files } = newMedia();
    const failure = new Error("insert failed");
    await expect(
      saveUploadedImage({ media, logger }, upload(await jpeg()), () => Promise.reject(failure)),
    ).rejects.toBe(failure);
    expect(files()).toEqual([]);

    const refused = await saveUploadedImage(
      { media, logger },
      upload(await jpeg()),
      async () => ({ ok: false }),
      (saved) => saved.ok,
    );
    expect(refused).toEqual({ ok: true, saved: { ok: false } });
    expect(files()).toEqual([]);
  });
});
