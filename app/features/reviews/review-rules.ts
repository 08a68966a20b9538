/**
 * The limits and field names of the reviews page's forms, the review and the report (their
 * messages are in messages.ts). Kept apart from the zod schemas so a page that only needs a limit
 * does not load zod.
 */

export const REVIEW_NAME_MAX = 80;
export const REVIEW_CONTENT_MAX = 2000;
/** A review photo may weigh at most 5 MB. */
export const REVIEW_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_DEFAULT = 5;
/** Review photos the pipeline decodes; the picker offers only these. */
export const REVIEW_PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/** A report's optional details, in characters. */
export const REPORT_DETAILS_MAX = 500;

/** The invitation token, sent back by a form opened from an invitation link. */
export const INVITATION_FIELD = "invito";

/** The text fields as typed (trimmed), to put back in the form after a refusal. */
export type ReviewFormValues = {
  name: string;
  content: string;
  rating: number;
  consent: boolean;
};

/** The form's fields empty: the shape of the values a refused form shows again (core/forms typedValues). */
export const EMPTY_REVIEW_VALUES: ReviewFormValues = { name: "", content: "", rating: RATING_DEFAULT, consent: false };
