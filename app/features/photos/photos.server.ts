import type { RecipePhoto } from "~/core/db/schema";
import { firstError } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { PayloadTooLargeError, readFormData } from "~/core/forms/form-data.server";
import {
  deleteStoredImage,
  ImageBusyError,
  ImageRejectedError,
  largestUrl,
  storeImage,
} from "~/core/media/image-pipeline.server";
import type { Logger } from "pino";
import { MAX_IMAGE_UPLOAD_BYTES } from "~/core/media/image-upload";
import type { MediaStorage } from "~/core/media/media-storage.server";
import { PHOTO_MESSAGES } from "~/features/photos/messages";
import { photoUploadSchema } from "./photo-forms";
import type { RecipePhotoRepository } from "./recipe-photos.server";

/** What the photo panel's changes use (the app's services satisfy it). */
interface PhotoServices {
  photos: RecipePhotoRepository;
  media: MediaStorage;
  logger: Logger;
}

interface AddPhotoResult {
  ok: boolean;
  status: number;
  message: string;
  photo?: RecipePhoto;
  /** What the administrator typed, to put back in the form after a failure. */
  title?: string;
}

/** Room for the title and multipart boundaries next to a 10 MB image. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** Parses the upload form, stores every rendition, inserts the row (which tells open pages). Never throws. */
export async function addPhotoFromRequest(s: PhotoServices, request: Request): Promise<AddPhotoResult> {
  let form: FormData;
  try {
    form = await readFormData(request, MAX_IMAGE_UPLOAD_BYTES + FORM_OVERHEAD_BYTES);
  } catch (error) {
    if (error instanceof PayloadTooLargeError) return { ok: false, status: 413, message: PHOTO_MESSAGES.tooLarge };
    s.logger.warn({ err: error }, "photo upload: unreadable form");
    return { ok: false, status: 400, message: PHOTO_MESSAGES.uploadFailed };
  }
  const rawTitle = String(form.get("title") ?? "");
  const parsed = parseSubmission(form, photoUploadSchema);
  if (parsed.status !== "success") {
    const message = firstError(parsed.error)?.[1] ?? PHOTO_MESSAGES.uploadFailed;
    return { ok: false, status: message === PHOTO_MESSAGES.tooLarge ? 413 : 400, message, title: rawTitle };
  }
  const { title, image: file } = parsed.value;

  let image;
  try {
    image = await storeImage(s.media, "recipe-photos", Buffer.from(await file.arrayBuffer()));
  } catch (error) {
    if (error instanceof ImageBusyError) return { ok: false, status: 503, message: error.message, title: rawTitle };
    if (error instanceof ImageRejectedError) return { ok: false, status: 422, message: error.message, title: rawTitle };
    s.logger.error({ err: error }, "photo upload: storing the image failed");
    return { ok: false, status: 500, message: PHOTO_MESSAGES.uploadFailed, title: rawTitle };
  }

  let photo: RecipePhoto;
  try {
    photo = await s.photos.add({ title, imageUrl: largestUrl(s.media, image), image });
  } catch (error) {
    // No row points at the files: remove them.
    await deleteStoredImage(s.media, image);
    s.logger.error({ err: error }, "photo upload: insert failed");
    return { ok: false, status: 500, message: PHOTO_MESSAGES.addFailed, title: rawTitle };
  }
  s.logger.info({ photoId: photo.id }, "recipe photo added");
  return { ok: true, status: 201, message: PHOTO_MESSAGES.added, photo };
}

/** Moves one photo a place up or down; returns its new 1-based position, or null if it no longer exists. */
export function movePhoto(
  s: Pick<PhotoServices, "photos">,
  id: string,
  direction: "up" | "down",
): Promise<number | null> {
  return s.photos.move(id, direction);
}

/** Deletes the row and then every stored rendition; false if it was already gone. */
export async function deletePhoto(s: PhotoServices, id: string): Promise<boolean> {
  const row = await s.photos.delete(id);
  if (!row) return false;
  await deleteStoredImage(s.media, row.image);
  s.logger.info({ photoId: id }, "recipe photo deleted");
  return true;
}
