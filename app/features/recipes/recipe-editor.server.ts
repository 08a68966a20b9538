import type { Logger } from "pino";
import type { RecipeCrops } from "./schema";
import type { StoredImage } from "~/core/db/schema";
import { storeCrops } from "~/core/media/aspect-crops.server";
import { deleteStoredImage, ImageBusyError, ImageRejectedError } from "~/core/media/image-pipeline.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import { refused, succeeded } from "~/core/result";
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

/**
 * Why a save was refused: the recipe or its photo is gone, the address or the photo is another
 * recipe's (checked first, "slugTaken", or decided by the table's constraint meanwhile, "slugConflict"
 * and "photoTaken"), the crops could not be cut, or the image pipeline is busy (its sentence in `detail`).
 */
export type RecipeSaveRefusal =
  | {
      ok: false;
      reason:
        | "notFound"
        | "photoMissing"
        | "altMissing"
        | "photoGone"
        | "slugTaken"
        | "slugConflict"
        | "photoTaken"
        | "cropsFailed";
    }
  | { ok: false; reason: "imageBusy"; detail: string };

/** The saved recipe and what was done (RECIPE_MESSAGES says each), or why not. */
export type SaveRecipeResult =
  | { ok: true; value: { recipe: RecipeRecord; outcome: "created" | "saved" | "published" } }
  | RecipeSaveRefusal;

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
 * Creates (id undefined) or updates a recipe from the checked form. Its picture is her own photo
 * (`upload`, just stored by the image pipeline, or the one it had) or else the slideshow photo; a
 * new picture gets the recipe its own crops (1:1, 4:3, 16:9) before the row is written; the row's
 * old crops (and own photo, when replaced or removed) are deleted once the row no longer names them,
 * and new crops are removed again when the write is refused (the caller removes a refused upload).
 */
export async function saveRecipe(
  deps: EditorDeps,
  input: { id?: string; value: RecipeFormValue; photo: ChosenPhoto | null; upload?: StoredImage },
): Promise<SaveRecipeResult> {
  const { recipes, media, logger } = deps;
  const existing = input.id ? await recipes.get(input.id) : undefined;
  if (input.id && !existing) return refused("notFound");
  if (input.value.photoId && !input.photo) return refused("photoGone");
  // Her own photo removed ("Rimuovi la foto"): the slideshow photo, if any, is the recipe's picture, or none.
  const removing = input.value.removeImage === "on" && !input.upload && Boolean(existing?.own);
  const ownImage = input.upload ?? (removing ? null : (existing?.own?.image ?? null));
  if (!ownImage && !input.photo && !removing) return refused("photoMissing");
  if (ownImage && !input.value.imageAlt) return refused("altMissing");
  const own = ownImage ? { image: ownImage, alt: input.value.imageAlt! } : null;

  const data = toRecipeData(input.value);
  if (input.value.slug === undefined) data.slug = await freeSlug(recipes, data.slug, input.id);
  else if (await recipes.slugTaken(data.slug, input.id)) return refused("slugTaken");

  // Cut from her own photo when it has one (named by its first file), else from the slideshow photo.
  const source = own
    ? { id: `own:${own.image.variants[0]?.key ?? ""}`, image: own.image }
    : input.photo && { id: input.photo.id, image: input.photo.image };
  let crops = existing?.crops ?? null;
  let newCrops: RecipeCrops | null = null;
  if (source?.image && crops?.photoId !== source.id) {
    try {
      newCrops = { photoId: source.id, ...(await storeCrops(media, "recipe-photos", source.image)) };
    } catch (error) {
      if (error instanceof ImageBusyError) return refused("imageBusy", error.message);
      if (!(error instanceof ImageRejectedError)) logger.error({ err: error }, "recipe crops failed");
      return refused("cropsFailed");
    }
    crops = newCrops;
  } else if (crops && crops.photoId !== source?.id) {
    // Crops of a picture the recipe no longer has (her photo removed, no slideshow photo) go with it.
    crops = null;
  }

  let result: Awaited<ReturnType<RecipeRepository["update"]>>;
  try {
    result = input.id ? await recipes.update(input.id, data, crops, own) : await recipes.create(data, crops, own);
  } catch (error) {
    await removeCrops(media, newCrops);
    throw error;
  }
  if (!result?.ok) {
    await removeCrops(media, newCrops);
    if (!result) return refused("notFound");
    return refused(result.reason === "photo" ? "photoTaken" : "slugConflict");
  }
  // Committed: what the row no longer names is deleted from storage.
  if (crops !== (existing?.crops ?? null)) await removeCrops(media, existing?.crops);
  if ((input.upload || removing) && existing?.own) await deleteStoredImage(media, existing.own.image);
  logger.info({ recipeId: result.value.id, status: data.status }, input.id ? "recipe updated" : "recipe created");
  const outcome = data.status === "published" ? "published" : input.id ? "saved" : "created";
  return succeeded({ recipe: result.value, outcome });
}

/** Deletes the recipe and then its crops; refused when it was already gone. The photo stays. */
export async function deleteRecipe(deps: Omit<EditorDeps, "logger">, id: string) {
  const row = await deps.recipes.delete(id);
  if (!row) return refused("notFound");
  await removeCrops(deps.media, row.crops);
  await deleteStoredImage(deps.media, row.image);
  return succeeded();
}
