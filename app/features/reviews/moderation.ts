import { z } from "zod";

const id = z.uuid();

/** The panel's review forms (each has an `intent`): publish or hide, delete. */
export const moderationSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("review-status"), id, status: z.enum(["published", "hidden"]) }),
  z.object({ intent: z.literal("delete-review"), id }),
]);
