import { z } from "zod";
import { replySchema } from "./review-admin-forms";
import { REPLY_MESSAGES } from "./moderation-messages";

/** The admin screens that show review cards: a card's form, posted without JavaScript, comes back to its screen. */
export const REVIEW_CARD_PAGES = ["/admin", "/admin/risposte", "/admin/segnalazioni"] as const;
export type ReviewCardPage = (typeof REVIEW_CARD_PAGES)[number];

const id = z.uuid();
const page = z.enum(REVIEW_CARD_PAGES).default("/admin");

/** The screen a card's form came back to, read even from a refused form: the panel when it names none of them. */
export const reviewCardPageSchema = z.object({ page: z.enum(REVIEW_CARD_PAGES).catch("/admin") });

/** The reply form on a review card: publish (or update) the public reply. */
export const replySaveSchema = replySchema.extend({ intent: z.literal("reply-save"), page });

/**
 * Every action of the admin's review card (each form has an `intent`): publish (or approve) or hide,
 * delete, hide a reported review closing its reports, ignore its reports, write or remove the reply.
 */
export const reviewCardSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("review-status"), id, status: z.enum(["published", "hidden"]), page }),
  z.object({ intent: z.literal("delete-review"), id, page }),
  z.object({ intent: z.literal("hide-reported"), id, page }),
  z.object({ intent: z.literal("dismiss-reports"), id, page }),
  replySaveSchema,
  z.object({ intent: z.literal("reply-remove"), reviewId: z.uuid({ error: REPLY_MESSAGES.notFound }), page }),
]);

export type ReviewCardInput = z.output<typeof reviewCardSchema>;
