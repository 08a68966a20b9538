import { z } from "zod";
import { multiLine, oneLine } from "~/core/forms/field-rules";
import { INVITATION_MESSAGES, REPLY_MAX_LENGTH } from "./messages";
import { REPLY_MESSAGES } from "./moderation-messages";

/** The public reply to a review: written, at most REPLY_MAX_LENGTH characters. */
export const replySchema = z.object({
  reviewId: z.uuid({ error: REPLY_MESSAGES.notFound }),
  content: multiLine(
    z
      .string({ error: REPLY_MESSAGES.empty })
      .trim()
      .min(1, { error: REPLY_MESSAGES.empty })
      .max(REPLY_MAX_LENGTH, { error: REPLY_MESSAGES.tooLong }),
  ),
});

export const INVITATION_NAME_MAX = 60;
export const INVITATION_NOTE_MAX = 200;

/** The invitation screen's forms: a new invitation (both fields optional), revoking one. */
export const invitationActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create"),
    note: oneLine(z.string().trim().max(INVITATION_NOTE_MAX, { error: INVITATION_MESSAGES.noteTooLong })).optional(),
    patientName: oneLine(
      z.string().trim().max(INVITATION_NAME_MAX, { error: INVITATION_MESSAGES.nameTooLong }),
    ).optional(),
  }),
  z.object({ intent: z.literal("revoke"), id: z.uuid({ error: INVITATION_MESSAGES.notRevocable }) }),
]);
