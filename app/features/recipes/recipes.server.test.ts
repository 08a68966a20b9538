import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { recipePhotos } from "~/features/photos/schema";
import { recipes } from "./schema";
import { createMemoryEventBus, type ChangeEvent } from "~/core/events/event-bus.server";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { createRecipeRepository, type RecipeRepository } from "./recipes.server";
import { sampleRecipe } from "../../../tests/support/factory";

describe("recipe repository on PostgreSQL", () => {
  let database: Database;
  let repo: RecipeRepository;
  const events: ChangeEvent[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const bus = createMemoryEventBus();
    bus.subscribe((event) => events.push(event));
    repo = createRecipeRepository(database.db, bus);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(recipes);
    await database.db.delete(recipePhotos);
    events.length = 0;
  });

  async function photo(title = "Farro") {
    const [row] = await database.db.insert(recipePhotos).values({ title, imageUrl: "/media/x" }).returning();
    return row!;
  }

  const created = async (...args: Parameters<RecipeRepository["create"]>) => {
    const result = await repo.create(...args);
    if (!result.ok) throw new Error(`not created: ${JSON.stringify(result)}`);
    return result.value;
  };

  it("stores every field and reads it back with its photo, announcing the change", async () => {
    const attached = await photo();
    const recipe = await created(sampleRecipe({ photoId: attached.id }), null);
    expect(recipe).toMatchObject({ ...sampleRecipe({ photoId: attached.id }), crops: null });
    expect(recipe.photo).toMatchObject({ id: attached.id, title: "Farro", imageUrl: "/media/x" });
    expect(recipe.publishedAt).toBeInstanceOf(Date);
    expect(events).toEqual([{ table: "recipes", action: "insert", id: recipe.id }]);
    expect(await repo.findPublished("insalata-di-farro")).toEqual(recipe);
  });

  it("keeps the recipe when its photo is deleted, without the photo", async () => {
    const attached = await photo();
    const recipe = await created(sampleRecipe({ photoId: attached.id }), null);
    await database.db.delete(recipePhotos).where(eq(recipePhotos.id, attached.id));
    const kept = await repo.get(recipe.id);
    expect(kept?.photoId).toBeNull();
    expect(kept?.photo).toBeNull();
    expect(kept?.title).toBe("Insalata di farro");
  });

  it("refuses a second recipe with the same address or for the same photo", async () => {
    const attached = await photo();
    await created(sampleRecipe({ photoId: attached.id }), null);
    expect(await repo.create(sampleRecipe({ photoId: (await photo()).id }), null)).toEqual({
      ok: false,
      reason: "slug",
    });
    expect(await repo.create(sampleRecipe({ photoId: attached.id, slug: "altra" }), null)).toEqual({
      ok: false,
      reason: "photo",
    });
    expect(await repo.slugTaken("insalata-di-farro")).toBe(true);
    expect(await repo.slugTaken("altra")).toBe(false);
  });

  it("has the database refuse negative numbers, impossible nutrition and unknown values", async () => {
    const bad = [
      sampleRecipe({ servings: 0 }),
      sampleRecipe({ prepMinutes: -1 }),
      sampleRecipe({ portionGrams: 0 }),
      sampleRecipe({ nutrition: { ...sampleRecipe().nutrition, protein: -0.1 } }),
      sampleRecipe({ nutrition: { ...sampleRecipe().nutrition, saturates: 20, fat: 10 } }),
      sampleRecipe({ nutrition: { ...sampleRecipe().nutrition, sugars: 70 } }),
      sampleRecipe({ slug: "Non Valido" }),
      sampleRecipe({ category: "merenda" as never }),
      sampleRecipe({ tags: ["keto" as never] }),
    ];
    for (const recipe of bad) await expect(repo.create(recipe, null), JSON.stringify(recipe)).rejects.toThrow();
    expect(await repo.listAll()).toEqual([]);
    expect(events).toEqual([]);
  });

  it("keeps the first publication date when a recipe is unpublished and published again", async () => {
    const recipe = await created(sampleRecipe({ status: "draft" }), null);
    expect(recipe.publishedAt).toBeNull();
    expect(await repo.findPublished(recipe.slug)).toBeUndefined();
    const published = await repo.update(recipe.id, sampleRecipe(), null);
    const first = published?.ok ? published.value.publishedAt : null;
    expect(first).toBeInstanceOf(Date);
    await repo.update(recipe.id, sampleRecipe({ status: "draft" }), null);
    const again = await repo.update(recipe.id, sampleRecipe({ title: "Insalata di farro estiva" }), null);
    expect(again?.ok && again.value.publishedAt).toEqual(first);
    expect(again?.ok && again.value.title).toBe("Insalata di farro estiva");
    expect(events.map((e) => e.action)).toEqual(["insert", "update", "update", "update"]);
    expect(await repo.update("00000000-0000-4000-8000-000000000000", sampleRecipe(), null)).toBeUndefined();
  });

  it("lists published recipes newest first, by category and tag, one page at a time", async () => {
    const day = 86_400_000;
    for (const [i, fields] of [
      { category: "pranzo", tags: ["vegana"] },
      { category: "cena", tags: ["vegana", "senza-glutine"] },
      { category: "cena", tags: [] },
      { category: "cena", tags: ["senza-glutine"], status: "draft" },
    ].entries()) {
      const recipe = await created(sampleRecipe({ ...(fields as object), slug: `ricetta-${i}` }), null);
      if (recipe.status === "published") {
        await database.db
          .update(recipes)
          .set({ publishedAt: new Date(Date.UTC(2026, 0, 1) + i * day) })
          .where(eq(recipes.id, recipe.id));
      }
    }
    const slugs = async (...args: Parameters<RecipeRepository["listPublished"]>) => {
      const page = await repo.listPublished(...args);
      return [page.recipes.map((r) => r.slug), page.total];
    };
    const all = { limit: 10, offset: 0 };
    expect(await slugs({}, all)).toEqual([["ricetta-2", "ricetta-1", "ricetta-0"], 3]);
    expect(await slugs({ category: "cena" }, all)).toEqual([["ricetta-2", "ricetta-1"], 2]);
    expect(await slugs({ tag: "senza-glutine" }, all)).toEqual([["ricetta-1"], 1]);
    expect(await slugs({ category: "pranzo", tag: "senza-glutine" }, all)).toEqual([[], 0]);
    expect(await slugs({}, { limit: 2, offset: 2 })).toEqual([["ricetta-0"], 3]);
    expect((await repo.listPublishedPaths()).map((p) => p.slug)).toEqual(["ricetta-2", "ricetta-1", "ricetta-0"]);
  });

  it("finds the published recipes sharing a word with an article, the title's matches first", async () => {
    const farro = await created(sampleRecipe(), null);
    const porridge = await created(
      sampleRecipe({
        slug: "porridge-di-avena",
        title: "Porridge di avena",
        description: "Fiocchi cotti nel latte, con frutta di stagione.",
        category: "colazione",
        tags: [],
      }),
      null,
    );
    const pancake = await created(
      sampleRecipe({
        slug: "pancake-allo-yogurt",
        title: "Pancake allo yogurt",
        description: "Soffici, con farina d'avena e mirtilli.",
        category: "colazione",
        tags: [],
      }),
      null,
    );
    await created(sampleRecipe({ slug: "biscotti-di-avena", title: "Biscotti di avena", status: "draft" }), null);

    const related = await repo.listRelated("Colazioni con l'avena · Alimentazione", 5);
    expect(related.map((r) => r.id)).toEqual([porridge.id, pancake.id]);
    expect(related.map((r) => r.id)).not.toContain(farro.id);
    expect(await repo.listRelated("Alimentazione", 5)).toEqual([]);
    // Only stop words: nothing to match, and no error.
    expect(await repo.listRelated("di con e per", 5)).toEqual([]);
    expect(await repo.listRelated("avena", 1)).toHaveLength(1);
  });

  it("maps each photo to its published recipe's address only", async () => {
    const [a, b, c] = [await photo("a"), await photo("b"), await photo("c")];
    await created(sampleRecipe({ photoId: a.id, slug: "uno" }), null);
    await created(sampleRecipe({ photoId: b.id, slug: "due", status: "draft" }), null);
    expect(await repo.publishedSlugsByPhoto()).toEqual(new Map([[a.id, "uno"]]));
    expect(c.id).toBeDefined();
  });

  it("deletes a recipe, returning its crops so their files can go too", async () => {
    const crops = {
      photoId: "p",
      square: { key: "recipe-photos/a.webp", width: 960, height: 960 },
      standard: { key: "recipe-photos/b.webp", width: 1280, height: 960 },
      wide: { key: "recipe-photos/c.webp", width: 1280, height: 720 },
    };
    const recipe = await created(sampleRecipe(), crops);
    expect(recipe.crops).toEqual(crops);
    expect(await repo.delete(recipe.id)).toEqual({ id: recipe.id, crops, image: null });
    expect(await repo.delete(recipe.id)).toBeUndefined();
    expect(events.map((e) => e.action)).toEqual(["insert", "delete"]);
  });

  it("shows a stored list that does not parse as empty instead of failing the page", async () => {
    const errors: string[] = [];
    const lenient = createRecipeRepository(database.db, createMemoryEventBus(), (_error, message) =>
      errors.push(message),
    );
    const recipe = await created(sampleRecipe(), null);
    await database.db.execute(sql`update recipes set ingredients = '[{"name": 1}]'::jsonb where id = ${recipe.id}`);
    const read = await lenient.get(recipe.id);
    expect(read?.ingredients).toEqual([]);
    expect(read?.steps).toHaveLength(3);
    expect(errors).toHaveLength(1);
  });
});
