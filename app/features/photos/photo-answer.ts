import { PHOTO_MESSAGES, PHOTO_REFUSALS } from "./messages";
import type { AddPhotoResult } from "./photos.server";

/** What the panel says of an added photo, or of why it was not added. */
export function sayPhotoAdd(result: AddPhotoResult): string {
  if (result.ok) return PHOTO_MESSAGES.added;
  return "detail" in result ? result.detail : PHOTO_REFUSALS[result.reason].message;
}
