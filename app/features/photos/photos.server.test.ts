import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import type { ChangeEvent, EventBus } from "~/core/events/event-bus.server";
import { createLocalMediaStorage, type MediaStorage } from "~/core/media/media-storage.server";
import { createRecipePhotoRepository } from "~/features/photos/recipe-photos.server";
import type { AppServices } from "~/services.server";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { MAX_IMAGE_UPLOAD_BYTES as MAX_PHOTO_BYTES } from "~/core/media/image-upload";
import { PHOTO_MESSAGES } from "~/features/photos/messages";
import { firstError } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { refusedImageStatus } from "~/core/media/image-upload.server";
import { sayPhotoAdd } from "./photo-answer";
import { photoUploadSchema } from "./photo-forms";
import { addPhoto, deletePhoto, movePhoto } from "./photos.server";

const jpeg = (width = 500, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 70 } } })
    .jpeg()
    .toBuffer();

function upload(fields: { title?: string; image?: Blob }) {
  const body = new FormData();
  if (fields.title !== undefined) body.set("title", fields.title);
  if (fields.image) body.set("image", fields.image, "foto.jpg");
  return body;
}

/** An upload as the route takes it: checked by the upload's schema, then added; the answer as the panel says it. */
async function addPhotoFromRequest(s: Parameters<typeof addPhoto>[0], form: FormData) {
  const parsed = parseSubmission(form, photoUploadSchema);
  if (parsed.status !== "success") {
    const message = firstError(parsed.error)?.[1] ?? PHOTO_MESSAGES.uploadFailed;
    return { ok: false, status: refusedImageStatus(message), message, photo: undefined };
  }
  const result = await addPhoto(s, parsed.value);
  return {
    ok: result.ok,
    reason: result.ok ? undefined : result.reason,
    message: sayPhotoAdd(result),
    photo: result.ok ? result.value : undefined,
  };
}

describe("adding and removing recipe photos", () => {
  let database: Database;
  let root: string;
  let events: ChangeEvent[];
  let services: AppServices;
  const stored = () => {
    try {
      return readdirSync(path.join(root, "recipe-photos"));
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    root = mkdtempSync(path.join(os.tmpdir(), "photos-"));
    events = [];
    const bus = {
      publish: async (e: ChangeEvent) => void events.push(e),
      subscribe: () => () => {},
      close: async () => {},
    };
    services = {
      media: createLocalMediaStorage(root),
      photos: createRecipePhotoRepository(database.db, bus as unknown as EventBus),
      logger: pino({ level: "silent" }),
    } as unknown as AppServices;
  });
  afterAll(() => database.close());

  it("stores every rendition, inserts the row (empty title as null), tells open pages", async () => {
    const result = await addPhotoFromRequest(
      services,
      upload({ title: "  ", image: new Blob([new Uint8Array(await jpeg(1600, 1000))]) }),
    );
    expect(result).toMatchObject({ ok: true, message: "Foto ricetta aggiunta con successo!" });
    expect(result.photo!.title).toBeNull();
    expect(result.photo!.image!.variants.map((v) => v.width)).toEqual([400, 800, 1280]);
    expect(result.photo!.imageUrl).toBe(services.media.publicUrl(result.photo!.image!.variants[2]!.key));
    expect(stored()).toHaveLength(3);
    expect(events.at(-1)).toEqual({ table: "recipe_photos", action: "insert", id: result.photo!.id });
  });

  it("answers each bad upload with its message and stores nothing", async () => {
    const before = stored().length;
    expect(await addPhotoFromRequest(services, upload({ title: "x" }))).toMatchObject({
      ok: false,
      message: PHOTO_MESSAGES.noImage,
    });
    expect(
      await addPhotoFromRequest(services, upload({ image: new Blob([new Uint8Array(MAX_PHOTO_BYTES + 1)]) })),
    ).toMatchObject({
      ok: false,
      status: 413,
      message: "L'immagine deve essere inferiore a 10MB",
    });
    expect(await addPhotoFromRequest(services, upload({ image: new Blob(["testo"]) }))).toMatchObject({
      ok: false,
      reason: "imageRejected",
      message: expect.stringContaining("non è un'immagine valida"),
    });
    expect(
      await addPhotoFromRequest(
        services,
        upload({ title: "t".repeat(121), image: new Blob([new Uint8Array(await jpeg())]) }),
      ),
    ).toMatchObject({
      ok: false,
      message: PHOTO_MESSAGES.titleTooLong,
    });
    expect(stored().length).toBe(before);
  });

  it("reports a storage failure as an upload error, and a failed insert as an add error after removing the files", async () => {
    const image = new Blob([new Uint8Array(await jpeg())]);
    const brokenMedia: MediaStorage = { ...services.media, put: async () => Promise.reject(new Error("disk full")) };
    expect(await addPhotoFromRequest({ ...services, media: brokenMedia }, upload({ image }))).toMatchObject({
      ok: false,
      reason: "uploadFailed",
      message: "Errore durante il caricamento dell'immagine",
    });
    const before = stored().length;
    const brokenPhotos = { ...services.photos, add: () => Promise.reject(new Error("db down")) };
    expect(
      await addPhotoFromRequest({ ...services, photos: brokenPhotos }, upload({ title: "Rotta", image })),
    ).toMatchObject({
      ok: false,
      reason: "addFailed",
      message: "Errore durante l'aggiunta della foto",
    });
    expect(stored().length).toBe(before);
  });

  it("moves a photo within bounds and deletes it with every stored file", async () => {
    const a = (
      await addPhotoFromRequest(services, upload({ title: "A", image: new Blob([new Uint8Array(await jpeg())]) }))
    ).photo!;
    const b = (
      await addPhotoFromRequest(services, upload({ title: "B", image: new Blob([new Uint8Array(await jpeg())]) }))
    ).photo!;
    const order = async () => (await services.photos.list()).map((p) => p.title);
    const start = await order();
    expect(start.slice(-2)).toEqual(["A", "B"]);
    expect(await movePhoto(services, b.id, "up")).toEqual({ ok: true, value: start.length - 1 });
    expect((await order()).slice(-2)).toEqual(["B", "A"]);
    expect(events.at(-1)).toEqual({ table: "recipe_photos", action: "update", id: b.id });
    expect(await movePhoto(services, a.id, "down")).toEqual({ ok: true, value: start.length });
    expect(await movePhoto(services, "00000000-0000-4000-8000-000000000000", "up")).toEqual({
      ok: false,
      reason: "notFound",
    });

    const files = stored().length;
    expect(await deletePhoto(services, a.id)).toMatchObject({ ok: true });
    expect(stored().length).toBe(files - a.image!.variants.length);
    for (const variant of a.image!.variants) expect(stored()).not.toContain(path.basename(variant.key));
    expect(events.at(-1)).toEqual({ table: "recipe_photos", action: "delete", id: a.id });
    expect(await deletePhoto(services, a.id)).toEqual({ ok: false, reason: "notFound" });
  });
});
