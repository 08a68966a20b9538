import type { Logger } from "pino";
import { deleteStoredImage } from "~/core/media/image-pipeline.server";
import { imageUpload, saveUploadedImage, type UploadRefusal } from "~/core/media/image-upload.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import { type Result, refused, succeeded } from "~/core/result";
import type { PhotoDirection, StudioPhotoRepository, StudioPhotoRow } from "./studio-photos.server";

interface StudioPhotoServices {
  studioPhotos: StudioPhotoRepository;
  media: MediaStorage;
  logger: Logger;
}

const what = "studio photo upload";

/** The upload option of `readForm` for a studio's photo (≤ 10 MB). */
export const studioPhotoUpload = (s: { logger: Logger }) => imageUpload(s, { what });

/**
 * Why a photo was not changed: the studio has six already, the studio or the photo is gone, the
 * image refused (the upload's own refusal as detail), or saving failed.
 */
export type StudioPhotoRefusal = "full" | "studioGone" | "missing" | "image" | "failed";

/** Stores the photo's renditions (the image pipeline) and adds it after the studio's others. */
export async function addStudioPhoto(
  s: StudioPhotoServices,
  input: { studio: string; alt: string; image: File },
): Promise<Result<StudioPhotoRow, StudioPhotoRefusal, UploadRefusal>> {
  let stored: Awaited<ReturnType<typeof saveUploadedImage<Awaited<ReturnType<StudioPhotoRepository["add"]>>>>>;
  try {
    stored = await saveUploadedImage(
      s,
      { what, prefix: "site", file: input.image },
      (image) => s.studioPhotos.add({ studioKey: input.studio, image, alt: input.alt }),
      // Refused (six already, the studio gone): nothing points at the new files.
      (saved) => typeof saved !== "string",
    );
  } catch (error) {
    s.logger.error({ err: error }, "studio photo upload: saving the row failed");
    return refused("failed");
  }
  if (!stored.ok) return refused("image", stored);
  if (typeof stored.saved === "string") return refused(stored.saved);
  s.logger.info({ photoId: stored.saved.id, studio: input.studio }, "studio photo added");
  return succeeded(stored.saved);
}

/** Changes a photo's alt text. */
export async function describeStudioPhoto(
  s: Pick<StudioPhotoServices, "studioPhotos">,
  id: string,
  alt: string,
): Promise<Result<undefined, "missing", never>> {
  return (await s.studioPhotos.setAlt(id, alt)) ? succeeded() : refused("missing");
}

/** Moves a photo a place up or down (at the edge it stays: nothing to say but done). */
export async function moveStudioPhoto(
  s: Pick<StudioPhotoServices, "studioPhotos">,
  id: string,
  direction: PhotoDirection,
): Promise<Result<undefined, "missing", never>> {
  return (await s.studioPhotos.move(id, direction)) === "notFound" ? refused("missing") : succeeded();
}

/** Deletes the row, then every stored rendition (the orphan sweep removes what a crash between leaves). */
export async function removeStudioPhoto(
  s: StudioPhotoServices,
  id: string,
): Promise<Result<undefined, "missing", never>> {
  const row = await s.studioPhotos.remove(id);
  if (!row) return refused("missing");
  await deleteStoredImage(s.media, row.image);
  s.logger.info({ photoId: id }, "studio photo removed");
  return succeeded();
}
