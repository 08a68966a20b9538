import type { Logger } from "pino";
import { DiskFullError } from "~/core/disk/disk-space.server";
import type { StoredImage } from "~/core/db/schema";
import type { UploadLimits } from "~/core/forms/respond.server";
import { deleteStoredImage, ImageBusyError, ImageRejectedError, storeImage } from "./image-pipeline.server";
import { IMAGE_UPLOAD_MESSAGES, MAX_IMAGE_UPLOAD_BYTES } from "./image-upload";
import type { MediaPrefix, MediaStorage } from "./media-storage.server";

/*
 * Every image upload takes the same steps with the same answers: the form is read by `readForm` up to
 * the size cap (413 past it; `imageUpload` below), the image decoded and stored by the image pipeline, waiting its turn in the
 * decode queue (422 when it is not an image we accept, 503 when the queue is full: nothing is wrong
 * with it, it can be sent again shortly), then saved by the caller; stored files nothing points at
 * are removed again.
 */

/** The image was not kept: the disk has no room (checked before each file is written). */
export const DISK_FULL_MESSAGE =
  "Spazio su disco esaurito: l'immagine non è stata salvata. Elimina qualche file o avvisa chi gestisce il sito.";

/** An upload that did not get through: the status and the sentence to show. */
export interface UploadRefusal {
  ok: false;
  status: 400 | 413 | 422 | 500 | 503 | 507;
  message: string;
}

interface UploadOptions {
  /** Names the upload in the log ("photo upload"). */
  what: string;
  /** The image's cap: 10 MB unless told. */
  maxImageBytes?: number;
  messages?: { tooLarge: string; uploadFailed: string };
}

/**
 * The upload option of `readForm` for an image: `readForm(request, { upload: imageUpload(s, { what }) })`
 * reads the form as it streams in, the image up to its cap (10 MB unless told) with room for the
 * text fields, and refuses with the image's own sentences.
 */
export function imageUpload(
  deps: { logger: Logger },
  { what, maxImageBytes = MAX_IMAGE_UPLOAD_BYTES, messages = IMAGE_UPLOAD_MESSAGES }: UploadOptions,
): UploadLimits {
  return { what, maxFileBytes: maxImageBytes, messages, logger: deps.logger };
}

/** The status of a file field its schema refused: 413 when the file is over the cap, 400 when none was picked. */
export function refusedImageStatus(message: string, tooLarge: string = IMAGE_UPLOAD_MESSAGES.tooLarge): 400 | 413 {
  return message === tooLarge ? 413 : 400;
}

/**
 * Stores `file` under `prefix` (every rendition, or none), then hands the stored image to `save`.
 * The files are removed again when `save` throws (the error is then rethrown: the caller says what
 * failed) or when `keep` says nothing points at them (a save refused as a conflict).
 */
export async function saveUploadedImage<T>(
  deps: { media: MediaStorage; logger: Logger },
  upload: { what: string; prefix: MediaPrefix; file: File; messages?: { uploadFailed: string } },
  save: (image: StoredImage) => Promise<T>,
  keep: (saved: T) => boolean = () => true,
): Promise<{ ok: true; saved: T } | UploadRefusal> {
  let image: StoredImage;
  try {
    image = await storeImage(deps.media, upload.prefix, Buffer.from(await upload.file.arrayBuffer()));
  } catch (error) {
    if (error instanceof ImageBusyError) return { ok: false, status: 503, message: error.message };
    if (error instanceof ImageRejectedError) return { ok: false, status: 422, message: error.message };
    if (error instanceof DiskFullError) {
      deps.logger.error({ err: error }, `${upload.what}: the disk is full`);
      return { ok: false, status: 507, message: DISK_FULL_MESSAGE };
    }
    deps.logger.error({ err: error }, `${upload.what}: storing the image failed`);
    const { uploadFailed } = upload.messages ?? IMAGE_UPLOAD_MESSAGES;
    return { ok: false, status: 500, message: uploadFailed };
  }
  let saved: T;
  try {
    saved = await save(image);
  } catch (error) {
    await deleteStoredImage(deps.media, image);
    throw error;
  }
  if (!keep(saved)) await deleteStoredImage(deps.media, image);
  return { ok: true, saved };
}
