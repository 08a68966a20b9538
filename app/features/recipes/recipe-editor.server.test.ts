import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { recipePhotos } from "~/features/photos/schema";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { storeImage } from "~/core/media/image-pipeline.server";
import { createLocalMediaStorage, type MediaStorage } from "~/core/media/media-storage.server";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { RECIPE_MESSAGES } from "./messages";
import { sayRecipeSave } from "./recipe-answer";
import { deleteRecipe, saveRecipe as saveTyped, type ChosenPhoto } from "./recipe-editor.server";

/** A save, with what the editor says of it and the recipe saved. */
async function saveRecipe(...args: Parameters<typeof saveTyped>) {
  const result = await saveTyped(...args);
  return {
    ...sayRecipeSave(result),
    ok: result.ok,
    reason: result.ok ? undefined : result.reason,
    recipe: result.ok ? result.value.recipe : undefined,
  };
}
import type { RecipeFormValue } from "./recipe-form";
import { createRecipeRepository, type RecipeRepository } from "./recipes.server";
import { toRecipePageView } from "./recipe-view.server";
import { sampleRecipe } from "../../../tests/support/factory";

/** The checked form for the sample recipe (blank address unless given). */
function formValue(changes: Partial<RecipeFormValue> = {}): RecipeFormValue {
  const recipe = sampleRecipe();
  const orUndefined = <T>(value: T | null) => (value === null ? undefined : value);
  return {
    photoId: undefined,
    image: undefined,
    imageAlt: undefined,
    title: recipe.title,
    slug: undefined,
    description: recipe.description,
    category: recipe.category,
    tags: recipe.tags,
    cuisine: recipe.cuisine,
    servings: recipe.servings,
    prepMinutes: recipe.prepMinutes,
    cookMinutes: recipe.cookMinutes,
    portionGrams: orUndefined(recipe.portionGrams),
    ingredients: recipe.ingredients.map((i) => ({
      section: orUndefined(i.section),
      quantity: orUndefined(i.quantity),
      unit: i.unit,
      name: i.name,
      note: orUndefined(i.note),
    })),
    steps: recipe.steps.map((s) => s.text),
    note: orUndefined(recipe.note),
    nutrition: Object.fromEntries(
      Object.entries(recipe.nutrition).map(([k, v]) => [k, orUndefined(v)]),
    ) as RecipeFormValue["nutrition"],
    status: recipe.status,
    ...changes,
  };
}

describe("saving recipes with their crops", () => {
  let database: Database;
  let media: MediaStorage;
  let recipes: RecipeRepository;
  const deps = () => ({ recipes, media, logger: pino({ level: "silent" }) });
  const exists = async (key: string) => {
    const stored = await media.get(key);
    stored?.body.destroy();
    return Boolean(stored);
  };

  async function photo(): Promise<ChosenPhoto> {
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#6a8f5e" } })
      .jpeg()
      .toBuffer();
    const image = await storeImage(media, "recipe-photos", jpeg);
    const [row] = await database.db.insert(recipePhotos).values({ title: "Foto", imageUrl: "/x", image }).returning();
    return { id: row!.id, image };
  }

  /** Her upload, as the image pipeline stores it (the route hands it over). */
  async function ownUpload(background: string) {
    const jpeg = await sharp({ create: { width: 1000, height: 800, channels: 3, background } })
      .jpeg()
      .toBuffer();
    return storeImage(media, "recipe-photos", jpeg);
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    media = createLocalMediaStorage(mkdtempSync(path.join(os.tmpdir(), "recipe-editor-")));
    recipes = createRecipeRepository(database.db, createMemoryEventBus());
  });
  afterAll(() => database.close());

  it("cuts the photo's crops once, replaces them with a new photo's, and removes them with the recipe", async () => {
    const first = await photo();
    const created = await saveRecipe(deps(), { value: formValue({ photoId: first.id }), photo: first });
    expect(created).toMatchObject({ ok: true, message: RECIPE_MESSAGES.published });
    const crops = created.recipe!.crops!;
    expect(crops.photoId).toBe(first.id);
    expect(crops.square.width).toBe(crops.square.height);

    const edited = await saveRecipe(deps(), {
      id: created.recipe!.id,
      value: formValue({ photoId: first.id, title: "Farro estivo", status: "draft" }),
      photo: first,
    });
    expect(edited).toMatchObject({ ok: true, message: RECIPE_MESSAGES.saved });
    expect(edited.recipe!.crops).toEqual(crops);
    expect(edited.recipe!.slug).toBe("farro-estivo");

    const second = await photo();
    const moved = await saveRecipe(deps(), {
      id: created.recipe!.id,
      value: formValue({ photoId: second.id, title: "Farro estivo" }),
      photo: second,
    });
    expect(moved.recipe!.crops!.photoId).toBe(second.id);
    expect(await exists(crops.wide.key)).toBe(false);
    expect(await exists(moved.recipe!.crops!.wide.key)).toBe(true);

    expect(await deleteRecipe(deps(), created.recipe!.id)).toMatchObject({ ok: true });
    expect(await exists(moved.recipe!.crops!.square.key)).toBe(false);
    expect(await deleteRecipe(deps(), created.recipe!.id)).toEqual({ ok: false, reason: "notFound" });
  });

  it("numbers a made address that is taken, refuses a typed one, and a photo that has a recipe", async () => {
    const [a, b, c] = [await photo(), await photo(), await photo()];
    const first = await saveRecipe(deps(), { value: formValue({ photoId: a.id, title: "Torta" }), photo: a });
    const second = await saveRecipe(deps(), { value: formValue({ photoId: b.id, title: "Torta" }), photo: b });
    expect([first.recipe!.slug, second.recipe!.slug]).toEqual(["torta", "torta-2"]);

    const typed = await saveRecipe(deps(), { value: formValue({ photoId: c.id, slug: "torta" }), photo: c });
    expect(typed).toMatchObject({ ok: false, fieldErrors: { slug: [RECIPE_MESSAGES.slugTaken] } });

    const taken = await saveRecipe(deps(), { value: formValue({ photoId: a.id, title: "Altra" }), photo: a });
    expect(taken).toMatchObject({
      ok: false,
      reason: "photoTaken",
      fieldErrors: { photoId: [RECIPE_MESSAGES.photoTaken] },
    });

    const gone = await saveRecipe(deps(), { value: formValue({ photoId: c.id, title: "Altra" }), photo: null });
    expect(gone).toMatchObject({ ok: false, fieldErrors: { photoId: [RECIPE_MESSAGES.photoGone] } });
    const missing = await saveRecipe(deps(), {
      id: "00000000-0000-4000-8000-000000000000",
      value: formValue({ photoId: c.id }),
      photo: c,
    });
    expect(missing).toMatchObject({ ok: false, reason: "notFound", message: RECIPE_MESSAGES.notFound });
  });

  it("saves a recipe with her own photo and no slideshow photo, shows it, replaces it and removes it with the recipe", async () => {
    const upload = () => ownUpload("#c98a3b");
    // Neither a photo of hers nor one of the slideshow: the form says where to upload one.
    const none = await saveRecipe(deps(), { value: formValue({ title: "Crostata" }), photo: null });
    expect(none).toMatchObject({ ok: false, fieldErrors: { image: [RECIPE_MESSAGES.photoMissing] } });
    // Her photo needs its description.
    const first = await upload();
    const undescribed = await saveRecipe(deps(), {
      value: formValue({ title: "Crostata" }),
      photo: null,
      upload: first,
    });
    expect(undescribed).toMatchObject({ ok: false, fieldErrors: { imageAlt: [RECIPE_MESSAGES.altMissing] } });

    const alt = "Crostata di albicocche su un tagliere";
    const created = await saveRecipe(deps(), {
      value: formValue({ title: "Crostata", imageAlt: alt }),
      photo: null,
      upload: first,
    });
    expect(created).toMatchObject({ ok: true, message: RECIPE_MESSAGES.published });
    const recipe = (await recipes.get(created.recipe!.id))!;
    expect(recipe).toMatchObject({ photoId: null, own: { image: first, alt } });
    expect(recipe.crops!.photoId).toBe(`own:${first.variants[0]!.key}`);
    const page = toRecipePageView(media, recipe);
    expect(page.image!.src).toBe(media.publicUrl(first.variants.at(-1)!.key));
    expect(page.imageAlt).toBe(alt);

    // Saved again without a new photo: hers stays, with its crops.
    const edited = await saveRecipe(deps(), {
      id: recipe.id,
      value: formValue({ title: "Crostata", imageAlt: "Crostata di albicocche" }),
      photo: null,
    });
    expect(edited.recipe).toMatchObject({ own: { image: first, alt: "Crostata di albicocche" }, crops: recipe.crops });

    const second = await upload();
    const replaced = await saveRecipe(deps(), {
      id: recipe.id,
      value: formValue({ title: "Crostata", imageAlt: alt }),
      photo: null,
      upload: second,
    });
    expect(replaced.recipe!.own!.image).toEqual(second);
    expect(await exists(first.variants[0]!.key)).toBe(false);
    expect(await exists(recipe.crops!.wide.key)).toBe(false);

    expect(await deleteRecipe(deps(), recipe.id)).toMatchObject({ ok: true });
    expect(await exists(second.variants[0]!.key)).toBe(false);
  });

  it("removes her own photo: deleted from storage after the save, the slideshow photo shown instead, or none", async () => {
    const upload = () => ownUpload("#8a3bc9");
    const alt = "Zuppa di lenticchie in una scodella";
    const slideshow = await photo();
    const own = await upload();
    const created = await saveRecipe(deps(), {
      value: formValue({ title: "Zuppa", imageAlt: alt, photoId: slideshow.id }),
      photo: slideshow,
      upload: own,
    });
    const id = created.recipe!.id;
    const ownCrops = created.recipe!.crops!;
    expect(ownCrops.photoId).toBe(`own:${own.variants[0]!.key}`);

    // "Rimuovi la foto": the slideshow photo is the recipe's picture again, with its own crops.
    const removed = await saveRecipe(deps(), {
      id,
      value: formValue({ title: "Zuppa", imageAlt: alt, photoId: slideshow.id, removeImage: "on" }),
      photo: slideshow,
    });
    expect(removed).toMatchObject({ ok: true, message: RECIPE_MESSAGES.published });
    const withSlideshow = (await recipes.get(id))!;
    expect(withSlideshow.own).toBeNull();
    expect(withSlideshow.crops!.photoId).toBe(slideshow.id);
    for (const variant of own.variants) expect(await exists(variant.key)).toBe(false);
    expect(await exists(ownCrops.wide.key)).toBe(false);
    expect(toRecipePageView(media, withSlideshow).imageAlt).toBeNull();

    // Her photo again, then removed with no slideshow photo: the recipe has no picture, and no crops left.
    const again = await upload();
    const mine = await saveRecipe(deps(), {
      id,
      value: formValue({ title: "Zuppa", imageAlt: alt }),
      photo: null,
      upload: again,
    });
    const againCrops = mine.recipe!.crops!;
    const bare = await saveRecipe(deps(), {
      id,
      value: formValue({ title: "Zuppa", imageAlt: alt, removeImage: "on" }),
      photo: null,
    });
    expect(bare).toMatchObject({ ok: true });
    const none = (await recipes.get(id))!;
    expect(none).toMatchObject({ own: null, crops: null, photoId: null });
    expect(toRecipePageView(media, none).image).toBeNull();
    expect(await exists(again.variants[0]!.key)).toBe(false);
    expect(await exists(againCrops.square.key)).toBe(false);
    // A recipe with no photo of hers has none to remove: the box changes nothing, and a new one still needs a photo.
    const nothing = await saveRecipe(deps(), { value: formValue({ title: "Altra", removeImage: "on" }), photo: null });
    expect(nothing).toMatchObject({ ok: false, fieldErrors: { image: [RECIPE_MESSAGES.photoMissing] } });
  });
});
