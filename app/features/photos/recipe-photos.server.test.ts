import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "~/core/db/database.server";
import { recipePhotos } from "~/core/db/schema";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { createRecipePhotoRepository, type RecipePhotoRepository } from "./recipe-photos.server";

describe("recipe photo repository", () => {
  let database: Database;
  let photos: RecipePhotoRepository;

  beforeAll(async () => {
    database = await openTestDatabase();
    photos = createRecipePhotoRepository(database.db);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(recipePhotos);
  });

  const at = (iso: string) => sql`${iso}::timestamptz`;

  it("lists by display_order ascending, then newest first", async () => {
    await database.db.insert(recipePhotos).values([
      { title: "b-old", imageUrl: "/media/b", displayOrder: 1, createdAt: at("2026-01-01T10:00:00Z") as never },
      { title: "a", imageUrl: "/media/a", displayOrder: 0, createdAt: at("2026-01-01T09:00:00Z") as never },
      { title: "b-new", imageUrl: "/media/c", displayOrder: 1, createdAt: at("2026-01-02T10:00:00Z") as never },
    ]);
    expect((await photos.list()).map((p) => p.title)).toEqual(["a", "b-new", "b-old"]);
  });

  it("adds a photo after the last one, with a nullable title", async () => {
    const first = await photos.add({ title: null, imageUrl: "/media/1" });
    const second = await photos.add({ title: "Insalata", imageUrl: "/media/2" });
    expect(first.title).toBeNull();
    expect(first.displayOrder).toBe(0);
    expect(second.displayOrder).toBe(1);
    expect(second.createdAt).toBeInstanceOf(Date);
  });

  it("reorders, retitles and deletes", async () => {
    const a = await photos.add({ title: "a", imageUrl: "/media/a" });
    const b = await photos.add({ title: "b", imageUrl: "/media/b" });
    const c = await photos.add({ title: "c", imageUrl: "/media/c" });
    await photos.reorder([c.id, a.id]);
    expect((await photos.list()).map((p) => p.title)).toEqual(["c", "a", "b"]);

    expect((await photos.setTitle(b.id, "Vellutata"))?.title).toBe("Vellutata");
    expect((await photos.delete(a.id))?.imageUrl).toBe("/media/a");
    expect(await photos.delete(a.id)).toBeUndefined();
    expect((await photos.list()).map((p) => p.title)).toEqual(["c", "Vellutata"]);
  });
});
