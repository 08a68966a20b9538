import type { AppServices } from "~/services.server";
import { deleteStoredImage, ImageRejectedError, largestUrl, storeImage } from "~/media/image-pipeline.server";
import type { StoredImage } from "~/db/schema";
import {
  photoError,
  reviewMessages,
  validateReviewFields,
  type ReviewFieldErrors,
  type ReviewFormValues,
} from "./review-form";
import { checkSpam, HONEYPOT_FIELD, STARTED_FIELD } from "./spam-guard";
import { INVITATION_FIELD } from "./review-form";
import { queueNewReviewNotice } from "~/mail/review-notices.server";
import { invitationMessages, invitationState } from "~/models/review-invitations.server";
import { InvitationUnavailableError } from "~/models/reviews.server";

export const REVIEW_RATE_WINDOW_MS = 60 * 60 * 1000;

export type ReviewSubmission =
  /** Saved; `published` is false while it waits for approval. */
  | { kind: "saved"; id: string; published: boolean; message: string }
  /** Looked like a bot: nothing saved, and the reply says nothing about why. */
  | { kind: "dropped"; message: string }
  | {
      kind: "rejected";
      status: 400 | 429 | 500;
      message: string;
      errors: ReviewFieldErrors;
      /** What to put back in the form. */
      values: ReviewFormValues | null;
    };

type Services = Pick<
  AppServices,
  "config" | "logger" | "media" | "reviews" | "rateLimiter" | "bus" | "invitations" | "mailer"
>;

/**
 * One public review submission, start to end: spam checks, per-IP limit,
 * validation, photo through the image pipeline, insert, live event.
 * Nothing half-saved: the photo is stored first and removed if the insert fails.
 */
export async function submitReview(s: Services, form: FormData, clientIp: string): Promise<ReviewSubmission> {
  const verdict = checkSpam({ honeypot: form.get(HONEYPOT_FIELD), startedAt: form.get(STARTED_FIELD) });
  if (verdict !== "ok") {
    s.logger.info({ verdict }, "review submission dropped as likely spam");
    return { kind: "dropped", message: reviewMessages.received };
  }

  const checked = validateReviewFields({
    name: form.get("name"),
    content: form.get("content"),
    rating: form.get("rating"),
    consent: form.get("consent"),
  });
  const rejected = (status: 400 | 429 | 500, message: string, errors: ReviewFieldErrors = {}) =>
    ({ kind: "rejected", status, message, errors, values: checked.values }) as const;

  // An invited patient is not held to the per-address limit (the practice's own Wi-Fi, a family).
  const rawToken = form.get(INVITATION_FIELD);
  const invitationToken = typeof rawToken === "string" && rawToken !== "" ? rawToken : null;
  if (invitationToken) {
    const state = invitationState(await s.invitations.find(invitationToken));
    if (state !== "valid") return rejected(400, invitationMessages[state]);
  }

  const rateKey = `review:ip:${clientIp}`;
  const rule = { max: s.config.reviewsRateLimitPerHour, windowMs: REVIEW_RATE_WINDOW_MS };
  if (!invitationToken && (await s.rateLimiter.isLimited(rateKey, rule))) {
    s.logger.warn({ clientIp }, "review submission rate-limited");
    return rejected(429, reviewMessages.rateLimited);
  }

  const photo = form.get("photo");
  // A file input left empty still sends a part: no name, no bytes.
  const file = photo instanceof File && (photo.size > 0 || photo.name !== "") ? photo : null;
  const tooLarge = photoError(file);
  if (checked.message || tooLarge) {
    return rejected(400, checked.message ?? tooLarge!, { ...checked.errors, ...(tooLarge ? { photo: tooLarge } : {}) });
  }
  // Counted from here: each attempt that reaches the pipeline and the database.
  if (!invitationToken) await s.rateLimiter.record(rateKey);

  let image: StoredImage | null = null;
  if (file) {
    try {
      image = await storeImage(s.media, "reviews", Buffer.from(await file.arrayBuffer()));
    } catch (error) {
      if (error instanceof ImageRejectedError) return rejected(400, error.message, { photo: error.message });
      s.logger.error({ err: error }, "storing a review photo failed");
      return rejected(500, reviewMessages.failed);
    }
  }

  const published = !s.config.reviewsModeration;
  let id: string;
  try {
    // The review, the invitation used up and the e-mail notice: one transaction.
    const row = await s.reviews.add(
      {
        name: checked.values.name,
        content: checked.values.content,
        rating: checked.values.rating,
        image,
        imageUrl: image ? largestUrl(s.media, image) : null,
        status: published ? "published" : "pending",
        invitationToken,
      },
      (saved, tx) => queueNewReviewNotice(s, saved, tx),
    );
    id = row.id;
  } catch (error) {
    await deleteStoredImage(s.media, image);
    if (error instanceof InvitationUnavailableError) return rejected(400, invitationMessages.used);
    s.logger.error({ err: error }, "saving a review failed");
    return rejected(500, reviewMessages.failed);
  }

  s.mailer.kick();
  try {
    await s.bus.publish({ table: "reviews", action: "insert", id });
  } catch (error) {
    // Saved all the same; open pages catch up on their next refresh or reconnect.
    s.logger.error({ err: error, id }, "publishing the review event failed");
  }
  return { kind: "saved", id, published, message: published ? reviewMessages.added : reviewMessages.pending };
}
