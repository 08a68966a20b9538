import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { studioPhotos } from "./schema";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { createLocalMediaStorage, type MediaStorage } from "~/core/media/media-storage.server";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { testImage } from "../../../tests/support/factory";
import { createSiteContentStore, defaultSiteContent, type SiteContentStore } from "./site-content.server";
import type { SiteContent } from "./site-content";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { studioPhotoUploadSchema } from "./form-schemas";
import { CONTENT_MESSAGES } from "./messages";
import { addStudioPhoto, moveStudioPhoto, removeStudioPhoto } from "./studio-photo-editor.server";
import { createStudioPhotoRepository, type StudioPhotoRepository } from "./studio-photos.server";
import { createStudioSlugRepository } from "./studio-slugs.server";

// A studio's photos, kept by its key: in her order, six at most, following a
// rename, gone with the studio (their files too).
describe("studio photos", () => {
  let database: Database;
  let store: SiteContentStore;
  let photos: StudioPhotoRepository;
  let media: MediaStorage;
  let root: string;
  let s: Parameters<typeof addStudioPhoto>[0];
  const milano = defaultSiteContent.studios[0]!.key;
  const monza = defaultSiteContent.studios[1]!.key;
  const storedFiles = () => {
    try {
      return readdirSync(path.join(root, "site"));
    } catch {
      return [];
    }
  };
  const photoFile = async (index: number) => new File([new Uint8Array(await testImage(index, 600, 400))], "foto.jpg");
  const add = async (studio: string, alt: string, index = 0) =>
    addStudioPhoto(s, { studio, alt, image: await photoFile(index) });
  const alts = async (studio: string) => (await photos.list(studio)).map((photo) => photo.alt);

  beforeAll(async () => {
    database = await openTestDatabase();
    root = mkdtempSync(path.join(os.tmpdir(), "studio-photos-"));
    media = createLocalMediaStorage(root);
    const bus = createMemoryEventBus();
    store = createSiteContentStore(database.db, bus, () => {}, media);
    await store.seed(defaultSiteContent);
    photos = createStudioPhotoRepository(database.db, store, bus);
    s = { studioPhotos: photos, media, logger: pino({ level: "silent" }) };
  });
  afterAll(async () => {
    store.close();
    await database.close();
  });

  async function saveStudios(change: (content: SiteContent) => void): Promise<void> {
    const { version, content } = await store.current();
    const next = structuredClone(content);
    change(next);
    const saved = await store.save(version, "Studi", next);
    if (!saved.ok) throw new Error(`save failed: ${saved.reason}`);
  }

  it("the server refuses an upload without its description, saying why (a page without scripts posts it)", async () => {
    for (const alt of [undefined, "   "]) {
      const form = new FormData();
      form.set("studio", milano);
      if (alt !== undefined) form.set("alt", alt);
      form.set("image", await photoFile(0));
      const parsed = parseSubmission(form, studioPhotoUploadSchema);
      expect(parsed.status).toBe("error");
      expect(parsed.status === "error" ? parsed.error?.alt : null).toEqual([CONTENT_MESSAGES.photoAltMissing]);
    }
  });

  it("adds photos after the others, each with its alt text, and moves one", async () => {
    const first = await add(milano, "La sala d'attesa", 0);
    expect(first.ok).toBe(true);
    expect((await add(milano, "Lo studio visto dalla porta", 1)).ok).toBe(true);
    expect(await alts(milano)).toEqual(["La sala d'attesa", "Lo studio visto dalla porta"]);
    expect(await alts(monza)).toEqual([]);

    const second = (await photos.list(milano))[1]!;
    expect((await moveStudioPhoto(s, second.id, "up")).ok).toBe(true);
    expect(await alts(milano)).toEqual(["Lo studio visto dalla porta", "La sala d'attesa"]);
    // At the top already: it stays.
    expect(await photos.move(second.id, "up")).toBe("edge");
  });

  it("refuses a seventh photo, keeping no file of it; the table itself holds no more than six", async () => {
    for (let i = (await photos.list(milano)).length; i < 6; i++)
      expect((await add(milano, `Foto ${i + 1}`, i)).ok).toBe(true);
    const files = storedFiles().length;
    expect(await add(milano, "Una di troppo", 7)).toMatchObject({ ok: false, reason: "full" });
    expect(storedFiles()).toHaveLength(files);
    expect(await photos.list(milano)).toHaveLength(6);

    const [one] = await photos.list(milano);
    await expect(
      database.db.insert(studioPhotos).values({ studioKey: milano, position: 6, image: one!.image, alt: "Oltre" }),
    ).rejects.toMatchObject({ cause: { constraint: "studio_photos_position_range" } });
    await expect(
      database.db.insert(studioPhotos).values({ studioKey: monza, position: 0, image: one!.image, alt: "   " }),
    ).rejects.toMatchObject({ cause: { constraint: "studio_photos_alt_length" } });
  });

  it("removes a photo with its files, the others moving up a place", async () => {
    const before = await photos.list(milano);
    const files = storedFiles().length;
    expect((await removeStudioPhoto(s, before[0]!.id)).ok).toBe(true);
    const after = await photos.list(milano);
    expect(after.map((photo) => photo.id)).toEqual(before.slice(1).map((photo) => photo.id));
    expect(after.map((photo) => photo.position)).toEqual([0, 1, 2, 3, 4]);
    expect(storedFiles()).toHaveLength(files - before[0]!.image.variants.length);
    expect(await removeStudioPhoto(s, before[0]!.id)).toMatchObject({ ok: false, reason: "missing" });
    // A place free again: a sixth may come.
    expect((await add(milano, "Di nuovo sei", 2)).ok).toBe(true);
  });

  it("follows its studio when she renames it: the new slug's page finds them", async () => {
    const kept = await alts(milano);
    await saveStudios((content) => {
      content.studios[0]!.name = "Studio di Torino";
    });
    const at = await createStudioSlugRepository(database.db).resolve(
      (await store.current()).content.studios,
      "studio-di-torino",
    );
    expect(at && "found" in at ? await alts(at.found.key) : null).toEqual(kept);
  });

  it("goes with its studio when she removes it, files and all; a photo for a removed studio is refused", async () => {
    expect((await add(monza, "L'ingresso di Monza", 3)).ok).toBe(true);
    const milanoImages = (await photos.list(milano)).flatMap((photo) => photo.image.variants.map((v) => v.key));
    const monzaFiles = (await photos.list(monza)).flatMap((photo) => photo.image.variants.map((v) => v.key));
    await saveStudios((content) => {
      content.studios = content.studios.filter((studio) => studio.key !== milano);
    });
    expect(await photos.list(milano)).toEqual([]);
    for (const key of milanoImages) expect(await media.get(key)).toBeUndefined();
    // The other studio keeps its own.
    expect(await alts(monza)).toEqual(["L'ingresso di Monza"]);
    expect(storedFiles().sort()).toEqual(monzaFiles.map((key) => key.slice("site/".length)).sort());

    const files = storedFiles().length;
    expect(await add(milano, "Troppo tardi", 4)).toMatchObject({ ok: false, reason: "studioGone" });
    expect(storedFiles()).toHaveLength(files);
  });
});
