import { z } from "zod";
import { oneLine } from "~/core/forms/field-rules";
import { MAX_PHOTO_BYTES, MAX_TITLE_LENGTH, PHOTO_MESSAGES } from "~/features/photos/messages";

/** A photo's title: optional (empty means none), at most 120 characters. */
const titleSchema = oneLine(z.string().trim().max(MAX_TITLE_LENGTH, PHOTO_MESSAGES.titleTooLong))
  .optional()
  .transform((t) => t || null);

const id = z.uuid();

/** The small photo forms of the panel (each has an `intent`): rename, move, delete. */
export const photoActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("retitle"), id, title: titleSchema }),
  z.object({ intent: z.literal("move"), id, direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("delete-photo"), id }),
]);

/** The picked image: there (an empty file input still sends an empty part) and at most 10 MB. */
const photoImageSchema = z.preprocess(
  (value) => (value instanceof File && value.size === 0 ? undefined : value),
  z
    .instanceof(File, { error: PHOTO_MESSAGES.noImage })
    .refine((file) => file.size <= MAX_PHOTO_BYTES, { error: PHOTO_MESSAGES.tooLarge }),
);

/** "Aggiungi foto": an optional title and the image. */
export const photoUploadSchema = z.object({ title: titleSchema, image: photoImageSchema });

/** The practitioner's portrait ("Carica e pubblica"): the same image rules as a recipe photo. */
export const portraitUploadSchema = z.object({ image: photoImageSchema });
