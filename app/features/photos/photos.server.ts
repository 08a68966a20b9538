import type { Logger } from "pino";
import type { RecipePhoto } from "~/core/db/schema";
import { type ActionResult, firstError } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { deleteStoredImage, largestUrl } from "~/core/media/image-pipeline.server";
import { readUploadForm, refusedImageStatus, saveUploadedImage } from "~/core/media/image-upload.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import { PHOTO_MESSAGES } from "~/features/photos/messages";
import { photoUploadSchema } from "./photo-forms";
import type { RecipePhotoRepository } from "./recipe-photos.server";
import type { MoveDirection } from "./photo-forms";

/** What the photo panel's changes use (the app's services satisfy it). */
interface PhotoServices {
  photos: RecipePhotoRepository;
  media: MediaStorage;
  logger: Logger;
}

interface AddPhotoResult extends ActionResult {
  status: number;
  photo?: RecipePhoto;
  /** What the administrator typed, to put back in the form after a failure. */
  title?: string;
}

const what = "photo upload";

/** Parses the upload form, stores every rendition, inserts the row (which tells open pages). Never throws. */
export async function addPhotoFromRequest(s: PhotoServices, request: Request): Promise<AddPhotoResult> {
  const read = await readUploadForm(s, request, { what });
  if (!read.ok) return { ok: false, status: read.status, message: read.message };
  const rawTitle = String(read.form.get("title") ?? "");
  const parsed = parseSubmission(read.form, photoUploadSchema);
  if (parsed.status !== "success") {
    const message = firstError(parsed.error)?.[1] ?? PHOTO_MESSAGES.uploadFailed;
    return { ok: false, status: refusedImageStatus(message), message, title: rawTitle };
  }
  const { title, image: file } = parsed.value;

  let stored: Awaited<ReturnType<typeof saveUploadedImage<RecipePhoto>>>;
  try {
    stored = await saveUploadedImage(s, { what, prefix: "recipe-photos", file }, (image) =>
      s.photos.add({ title, imageUrl: largestUrl(s.media, image), image }),
    );
  } catch (error) {
    s.logger.error({ err: error }, "photo upload: insert failed");
    return { ok: false, status: 500, message: PHOTO_MESSAGES.addFailed, title: rawTitle };
  }
  if (!stored.ok) return { ...stored, title: rawTitle };
  s.logger.info({ photoId: stored.saved.id }, "recipe photo added");
  return { ok: true, status: 201, message: PHOTO_MESSAGES.added, photo: stored.saved };
}

/** Moves one photo a place up or down, or to the top; returns its new 1-based position, or null if it no longer exists. */
export function movePhoto(
  s: Pick<PhotoServices, "photos">,
  id: string,
  direction: MoveDirection,
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
