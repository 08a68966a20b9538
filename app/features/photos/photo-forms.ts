import { z } from "zod";
import { oneLine } from "~/core/forms/field-rules";
import { uploadedImageSchema } from "~/core/media/image-upload";
import { PHOTO_MESSAGES } from "~/features/photos/messages";

export const MAX_TITLE_LENGTH = 120;

/** A photo's title: optional (empty means none), at most 120 characters. */
const titleSchema = oneLine(z.string().trim().max(MAX_TITLE_LENGTH, PHOTO_MESSAGES.titleTooLong))
  .optional()
  .transform((t) => t || null);

const id = z.uuid();

/** A photo moves one place up or down, or to the top of the order in one step. */
export type MoveDirection = "up" | "down" | "top";

/** The small photo forms of the panel (each has an `intent`): rename, move, delete. */
export const photoActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("retitle"), id, title: titleSchema }),
  z.object({ intent: z.literal("move"), id, direction: z.enum(["up", "down", "top"]) }),
  z.object({ intent: z.literal("delete-photo"), id }),
]);

/** "Aggiungi foto": an optional title and the image. */
export const photoUploadSchema = z.object({ title: titleSchema, image: uploadedImageSchema });

export type PhotoUpload = z.output<typeof photoUploadSchema>;
