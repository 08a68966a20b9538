import type { Logger } from "pino";
import type { RecipeCrops, StoredImage } from "~/core/db/schema";
import { storeCrops } from "~/core/media/aspect-crops.server";
import { ImageBusyError, ImageRejectedError } from "~/core/media/image-pipeline.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import { RECIPE_MESSAGES } from "./messages";
import { type RecipeFormValue, toRecipeData } from "./recipe-form";
import type { RecipeRecord, RecipeRepository } from "./recipes.server";

interface EditorDeps {
  recipes: RecipeRepository;
  media: MediaStorage;
  logger: Logger;
}

/** The photo the form chose, as the route found it (the recipes feature knows photos by id only). */
export interface ChosenPhoto {
  id: string;
  image: StoredImage | null;
}

/** What a save answers: the editor's result, with the messages for fields when it was refused. */
export interface SaveRecipeResult {
  ok: boolean;
  message: string;
  status: number;
  recipe?: RecipeRecord;
  fieldErrors?: Record<string, string[]>;
}

const refused = (status: number, message: string, fieldErrors?: Record<string, string[]>): SaveRecipeResult => ({
  ok: false,
  status,
  message,
  fieldErrors,
});

const cropKeys = (crops: RecipeCrops | null | undefined) =>
  crops ? [crops.square.key, crops.standard.key, crops.wide.key] : [];

async function removeCrops(media: MediaStorage, crops: RecipeCrops | null | undefined) {
  await Promise.allSettled(cropKeys(crops).map((key) => media.delete(key)));
}

/** `base`, or `base-2`, `base-3`… whichever no other recipe has. */
async function freeSlug(recipes: RecipeRepository, base: string, exceptId: string | undefined): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await recipes.slugTaken(candidate, exceptId))) return candidate;
  }
}

/**
 * Creates (id undefined) or updates a recipe from the checked form. A new photo gets the recipe its
 * own crops (1:1, 4:3, 16:9) before the row is written; the row's old crops are removed once the
 * new ones are in it, and new ones are removed again when the write is refused.
 */
export async function saveRecipe(
  deps: EditorDeps,
  input: { id?: string; value: RecipeFormValue; photo: ChosenPhoto | null },
): Promise<SaveRecipeResult> {
  const { recipes, media, logger } = deps;
  const existing = input.id ? await recipes.get(input.id) : undefined;
  if (input.id && !existing) return refused(404, RECIPE_MESSAGES.notFound);
  if (!input.photo) return refused(400, RECIPE_MESSAGES.photoGone, { photoId: [RECIPE_MESSAGES.photoGone] });

  const data = toRecipeData(input.value);
  if (input.value.slug === undefined) data.slug = await freeSlug(recipes, data.slug, input.id);
  else if (await recipes.slugTaken(data.slug, input.id)) {
    return refused(400, RECIPE_MESSAGES.slugTaken, { slug: [RECIPE_MESSAGES.slugTaken] });
  }

  let crops = existing?.crops ?? null;
  let newCrops: RecipeCrops | null = null;
  if (input.photo.image && crops?.photoId !== input.photo.id) {
    try {
      newCrops = { photoId: input.photo.id, ...(await storeCrops(media, "recipe-photos", input.photo.image)) };
    } catch (error) {
      if (error instanceof ImageBusyError) return refused(503, error.message);
      if (!(error instanceof ImageRejectedError)) logger.error({ err: error }, "recipe crops failed");
      return refused(500, RECIPE_MESSAGES.cropsFailed);
    }
    crops = newCrops;
  }

  let result: Awaited<ReturnType<RecipeRepository["update"]>>;
  try {
    result = input.id ? await recipes.update(input.id, data, crops) : await recipes.create(data, crops);
  } catch (error) {
    await removeCrops(media, newCrops);
    throw error;
  }
  if (!result?.ok) {
    await removeCrops(media, newCrops);
    if (!result) return refused(404, RECIPE_MESSAGES.notFound);
    return result.conflict === "photo"
      ? refused(409, RECIPE_MESSAGES.photoTaken, { photoId: [RECIPE_MESSAGES.photoTaken] })
      : refused(409, RECIPE_MESSAGES.slugTaken, { slug: [RECIPE_MESSAGES.slugTaken] });
  }
  if (newCrops) await removeCrops(media, existing?.crops);
  logger.info({ recipeId: result.recipe.id, status: data.status }, input.id ? "recipe updated" : "recipe created");
  const message =
    data.status === "published"
      ? RECIPE_MESSAGES.published
      : input.id
        ? RECIPE_MESSAGES.saved
        : RECIPE_MESSAGES.created;
  return { ok: true, status: input.id ? 200 : 201, message, recipe: result.recipe };
}

/** Deletes the recipe and then its crops; false if it was already gone. The photo stays. */
export async function deleteRecipe(deps: Omit<EditorDeps, "logger">, id: string): Promise<boolean> {
  const row = await deps.recipes.delete(id);
  if (!row) return false;
  await removeCrops(deps.media, row.crops);
  return true;
}
