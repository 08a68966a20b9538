import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "~/core/db/database.server";
import { recipePhotos } from "./schema";
import { type ChangeEvent, createMemoryEventBus } from "~/core/events/event-bus.server";
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

  it("moves a photo to the top in one step, the others keeping their order", async () => {
    const repo = createRecipePhotoRepository(database.db);
    const [c, d, e] = [
      await repo.add({ title: "c", imageUrl: "/media/c" }),
      await repo.add({ title: "d", imageUrl: "/media/d" }),
      await repo.add({ title: "e", imageUrl: "/media/e" }),
    ];
    const order = async () => (await repo.list()).map((p) => p.title);
    const before = await order();
    const last = before.at(-1)!;
    const lastId = [c, d, e].find((p) => p.title === last)!.id;
    expect(await repo.move(lastId, "top")).toBe(1);
    expect(await order()).toEqual([last, ...before.slice(0, -1)]);
    expect(await repo.move(lastId, "top")).toBe(1);
    expect(await repo.move("00000000-0000-4000-8000-000000000000", "top")).toBeNull();
  });

  it("moves a photo one place within bounds, and announces each change once written", async () => {
    const events: ChangeEvent[] = [];
    const bus = createMemoryEventBus();
    bus.subscribe((event) => events.push(event));
    const announced = createRecipePhotoRepository(database.db, bus);
    const a = await announced.add({ title: "a", imageUrl: "/media/a" });
    const b = await announced.add({ title: "b", imageUrl: "/media/b" });
    expect(await announced.move(b.id, "up")).toBe(1);
    expect(await announced.move(b.id, "up")).toBe(1);
    expect(await announced.move(a.id, "down")).toBe(2);
    expect(await announced.move("00000000-0000-4000-8000-000000000000", "up")).toBeNull();
    expect((await announced.list()).map((p) => p.title)).toEqual(["b", "a"]);
    await announced.setTitle(a.id, "Vellutata");
    await announced.delete(b.id);
    await announced.delete(b.id);
    expect(events).toEqual([
      { table: "recipe_photos", action: "insert", id: a.id },
      { table: "recipe_photos", action: "insert", id: b.id },
      { table: "recipe_photos", action: "update", id: b.id },
      { table: "recipe_photos", action: "update", id: a.id },
      { table: "recipe_photos", action: "delete", id: b.id },
    ]);
  });

  it("keeps a change whose announcement failed, and reports the failure", async () => {
    const failures: string[] = [];
    const down = { ...createMemoryEventBus(), publish: () => Promise.reject(new Error("bus down")) };
    const announced = createRecipePhotoRepository(database.db, down, (_, message) => failures.push(message));
    const photo = await announced.add({ title: "a", imageUrl: "/media/a" });
    expect((await announced.list()).map((p) => p.id)).toEqual([photo.id]);
    expect(failures).toEqual(["announcing a recipe photo change failed"]);
  });
});
