import { z } from "zod";
import { MAX_TITLE_LENGTH, PHOTO_MESSAGES } from "~/admin/messages";

/** A photo's title: optional (empty means none), at most 120 characters. */
export const titleSchema = z.preprocess(
  (value) => value ?? "",
  z
    .string()
    .trim()
    .max(MAX_TITLE_LENGTH, PHOTO_MESSAGES.titleTooLong)
    .transform((t) => (t === "" ? null : t)),
);

const id = z.uuid();

/** The small photo forms of the panel (each has an `intent`): rename, move, delete. */
export const photoActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("retitle"), id, title: titleSchema }),
  z.object({ intent: z.literal("move"), id, direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("delete-photo"), id }),
]);
