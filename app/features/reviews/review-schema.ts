/**
 * The review form's zod schema, run by the browser (checks before upload)
 * and by the server (the authority).
 */
import { z } from "zod";
import { multiLine, oneLine } from "~/core/forms/field-rules";
import { RATING_MAX, RATING_MIN, REVIEW_CONTENT_MAX, REVIEW_NAME_MAX, REVIEW_PHOTO_MAX_BYTES } from "./review-rules";
import { REVIEW_FORM_MESSAGES } from "./messages";

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

type ReviewInput = z.infer<typeof reviewSchema>;
export type ReviewField = keyof ReviewInput;
