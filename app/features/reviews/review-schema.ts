/**
 * The review form's zod schema, run by the browser (checks before upload)
 * and by the server (the authority).
 */
import { z } from "zod";
import { multiLine, oneLine } from "~/core/forms/field-rules";
import {
  INVITATION_FIELD,
  RATING_MAX,
  RATING_MIN,
  REVIEW_CONTENT_MAX,
  REVIEW_NAME_MAX,
  REVIEW_PHOTO_MAX_BYTES,
} from "./review-rules";
import { REVIEW_FORM_MESSAGES } from "./messages";
import { HONEYPOT_FIELD, STARTED_FIELD } from "./spam-guard";

/** Line breaks as one "\n"; blank is missing. */
function cleanText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  return value.replace(/\r\n?/g, "\n").trim() || undefined;
}

/** The name is one line; the review may have several. Other control characters are refused in both. */
const text = (max: number, tooLong: string, lines: "one" | "many") => {
  const typed = z.string({ error: REVIEW_FORM_MESSAGES.required }).max(max, { error: tooLong });
  return z.preprocess(cleanText, lines === "one" ? oneLine(typed) : multiLine(typed));
};

/** A file input left empty still sends a part: no name, no bytes. That is no photo. */
const photo = z.preprocess(
  (value) => (value instanceof File && value.size === 0 && value.name === "" ? undefined : value),
  z
    .instanceof(File, { error: REVIEW_FORM_MESSAGES.failed })
    .refine((file) => file.size <= REVIEW_PHOTO_MAX_BYTES, { error: REVIEW_FORM_MESSAGES.photoTooLarge })
    .optional(),
);

/**
 * The fields a visitor fills in. Errors come in this order, and the first is
 * the one announced: name, content, rating, consent, photo.
 */
export const reviewSchema = z.object({
  name: text(REVIEW_NAME_MAX, REVIEW_FORM_MESSAGES.nameTooLong, "one"),
  content: text(REVIEW_CONTENT_MAX, REVIEW_FORM_MESSAGES.contentTooLong, "many"),
  rating: z.preprocess(
    (value) => (typeof value === "string" && /^\d+$/.test(value) ? Number(value) : Number.NaN),
    z
      .number({ error: REVIEW_FORM_MESSAGES.rating })
      .int({ error: REVIEW_FORM_MESSAGES.rating })
      .min(RATING_MIN, { error: REVIEW_FORM_MESSAGES.rating })
      .max(RATING_MAX, { error: REVIEW_FORM_MESSAGES.rating }),
  ),
  consent: z.preprocess(
    (value) => value === "on" || value === "true",
    z.literal(true, { error: REVIEW_FORM_MESSAGES.consent }),
  ),
  photo,
});

export type ReviewInput = z.output<typeof reviewSchema>;
export type ReviewField = keyof ReviewInput;

/** A hidden field as sent: any text, or nothing (an empty one, or one that is no text). */
const hidden = z.string().max(200).optional().catch(undefined);

/**
 * The form's hidden fields, read whatever the visible ones hold (a bot's form is dropped before its
 * fields are judged): the trap people never fill in, the signed start time, the invitation token.
 */
export const reviewGuardSchema = z
  .object({
    [HONEYPOT_FIELD]: z.string().optional().catch(undefined),
    [STARTED_FIELD]: hidden,
    [INVITATION_FIELD]: hidden,
  })
  .transform((fields) => ({
    honeypot: fields[HONEYPOT_FIELD],
    startToken: fields[STARTED_FIELD],
    invitationToken: fields[INVITATION_FIELD],
  }));

export type ReviewGuard = Partial<z.output<typeof reviewGuardSchema>>;
