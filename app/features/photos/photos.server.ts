import type { Logger } from "pino";
import type { RecipePhoto } from "./schema";
import { deleteStoredImage, largestUrl } from "~/core/media/image-pipeline.server";
import { saveUploadedImage } from "~/core/media/image-upload.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import { refused, succeeded } from "~/core/result";
import type { MoveDirection, PhotoUpload } from "./photo-forms";
import type { RecipePhotoRepository } from "./recipe-photos.server";

/** What the photo panel's changes use (the app's services satisfy it). */
interface PhotoServices {
  photos: RecipePhotoRepository;
  media: MediaStorage;
  logger: Logger;
}

/**
 * Why a photo was not added: the image pipeline is busy or refuses the file (its sentence in
 * `detail`), storing it failed, or the row could not be written (its files are removed again).
 */
export type AddPhotoResult =
  | { ok: true; value: RecipePhoto }
  | { ok: false; reason: "imageBusy" | "imageRejected"; detail: string }
  | { ok: false; reason: "uploadFailed" | "addFailed" };

const what = "photo upload";

/** Stores every rendition of the checked upload, inserts the row (which tells open pages). Never throws. */
export async function addPhoto(s: PhotoServices, input: PhotoUpload): Promise<AddPhotoResult> {
  let stored: Awaited<ReturnType<typeof saveUploadedImage<RecipePhoto>>>;
  try {
    stored = await saveUploadedImage(s, { what, prefix: "recipe-photos", file: input.image }, (image) =>
      s.photos.add({ title: input.title, imageUrl: largestUrl(s.media, image), image }),
    );
  } catch (error) {
    s.logger.error({ err: error }, "photo upload: insert failed");
    return refused("addFailed");
  }
  if (!stored.ok) {
    if (stored.status === 500) return refused("uploadFailed");
    return refused(stored.status === 503 ? "imageBusy" : "imageRejected", stored.message);
  }
  s.logger.info({ photoId: stored.saved.id }, "recipe photo added");
  return succeeded(stored.saved);
}

/** Moves one photo a place up or down, or to the top: its new 1-based position, or refused if it no longer exists. */
export async function movePhoto(s: Pick<PhotoServices, "photos">, id: string, direction: MoveDirection) {
  const position = await s.photos.move(id, direction);
  return position === null ? refused("notFound") : succeeded(position);
}

/** Renames a photo (null: no title); refused if it no longer exists. */
export async function retitlePhoto(s: Pick<PhotoServices, "photos">, id: string, title: string | null) {
  return (await s.photos.setTitle(id, title)) ? succeeded() : refused("notFound");
}

/** Deletes the row and then every stored rendition; refused if it was already gone. */
export async function deletePhoto(s: PhotoServices, id: string) {
  const row = await s.photos.delete(id);
  if (!row) return refused("notFound");
  await deleteStoredImage(s.media, row.image);
  s.logger.info({ photoId: id }, "recipe photo deleted");
  return succeeded();
}
