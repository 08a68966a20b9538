import { INVITATION_LINK_MESSAGES, REVIEW_FORM_MESSAGES, REVIEW_REFUSALS } from "./messages";
import type { ReviewField } from "./review-schema";
import type { ReviewSubmissionResult } from "./review-submission.server";

/** The order in which a refused form's first message is chosen (the form's own order). */
const FIELD_ORDER: ReviewField[] = ["name", "content", "rating", "consent", "photo"];

/**
 * What the reviews page says of a submission: its message, and the message of each field at fault
 * (`errors`: the schema's, when it refused the form). A review dropped as likely spam is thanked
 * like any other: nothing says why it was not saved.
 */
export function sayReview(
  result: ReviewSubmissionResult,
  errors?: Record<string, string[] | null> | null,
): { message: string; fieldErrors: Partial<Record<ReviewField, string[]>> } {
  if (result.ok) {
    const saved = result.value;
    const message = !saved
      ? REVIEW_FORM_MESSAGES.received
      : saved.published
        ? REVIEW_FORM_MESSAGES.added
        : REVIEW_FORM_MESSAGES.pending;
    return { message, fieldErrors: {} };
  }
  switch (result.reason) {
    case "invitation":
      return { message: INVITATION_LINK_MESSAGES[result.detail], fieldErrors: {} };
    case "rateLimited":
    case "failed":
      return { message: REVIEW_REFUSALS[result.reason].message, fieldErrors: {} };
    case "photoBusy":
    case "photoRejected":
      return { message: result.detail, fieldErrors: { photo: [result.detail] } };
    case "invalid": {
      const fieldErrors: Partial<Record<ReviewField, string[]>> = {};
      for (const field of FIELD_ORDER) {
        const message = errors?.[field]?.[0];
        if (message) fieldErrors[field] = [message];
      }
      const first = FIELD_ORDER.map((field) => fieldErrors[field]?.[0]).find(Boolean);
      return { message: first ?? REVIEW_FORM_MESSAGES.failed, fieldErrors };
    }
  }
}

/** `?inviata=` after a review sent without JavaScript: what became of it, said by the page that follows. */
const SENT_STATES = {
  pubblicata: REVIEW_FORM_MESSAGES.added,
  "in-attesa": REVIEW_FORM_MESSAGES.pending,
  ricevuta: REVIEW_FORM_MESSAGES.received,
} as const;

/** Where a review sent without JavaScript lands: the reviews page, saying it was sent, at the form's place. */
export function sentAddress(saved: { published: boolean } | null): string {
  const state = !saved ? "ricevuta" : saved.published ? "pubblicata" : "in-attesa";
  return `/reviews?inviata=${state}#lascia-recensione`;
}

/** The message of a `?inviata=` value; null for none or anything else. */
export function sentMessage(value: string | null): string | null {
  return value !== null && Object.hasOwn(SENT_STATES, value) ? SENT_STATES[value as keyof typeof SENT_STATES] : null;
}
