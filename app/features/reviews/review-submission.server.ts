import type { StoredImage } from "~/core/db/schema";
import { largestUrl } from "~/core/media/image-pipeline.server";
import { refusedImageStatus, saveUploadedImage } from "~/core/media/image-upload.server";
import type { ActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import type { AppConfig } from "~/core/config/env.server";
import type { Mailer } from "~/core/mail/mailer.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import type { RateLimiter } from "~/core/server/rate-limit.server";
import type { Logger } from "pino";
import { INVITATION_LINK_MESSAGES, REVIEW_FORM_MESSAGES } from "./messages";
import {
  INVITATION_FIELD,
  RATING_DEFAULT,
  RATING_MAX,
  RATING_MIN,
  REVIEW_CONTENT_MAX,
  REVIEW_NAME_MAX,
  type ReviewFormValues,
} from "./review-rules";
import { type ReviewField, reviewSchema } from "./review-schema";
import { HONEYPOT_FIELD, STARTED_FIELD } from "./spam-guard";
import { checkSpam, claimFormToken, type FormTimer } from "./spam-guard.server";
import { queueNewReviewNotice } from "./review-notices.server";
import { invitationState, type InvitationRepository } from "./review-invitations.server";
import { InvitationUnavailableError, type ReviewRepository } from "./reviews.server";

const REVIEW_RATE_WINDOW_MS = 60 * 60 * 1000;

/** The form's start token was used by a review already: nothing of this one is saved. */
class FormTokenUsedError extends Error {
  override name = "FormTokenUsedError";
}

/**
 * What a submission comes to, as the form's answer. Saved: `saved`, whose `published` is false
 * while it waits for approval. Looked like a bot: `ok` with a neutral message, nothing saved, and
 * nothing said about why. Refused: the status to answer with, the first error of each field and
 * what to put back in the form (also in `reply`, as the form layer, Conform, reads it).
 */
export type ReviewSubmission = ActionResult & {
  status?: 400 | 413 | 422 | 429 | 500 | 503;
  saved?: { id: string; published: boolean };
  errors?: Partial<Record<ReviewField, string>>;
  values?: ReviewFormValues | null;
};

/** What a submission needs of the app's services. */
export interface ReviewSubmissionDeps {
  config: Pick<AppConfig, "reviewsModeration" | "reviewsRateLimitPerHour" | "siteUrl">;
  logger: Logger;
  media: MediaStorage;
  reviews: ReviewRepository;
  invitations: InvitationRepository;
  rateLimiter: RateLimiter;
  formTimer: FormTimer;
  mailer: Mailer;
}

const FIELD_ORDER: ReviewField[] = ["name", "content", "rating", "consent", "photo"];
/** A field as typed, cut to what it may hold: a refusal never sends back more than the form allows. */
const asText = (value: unknown, max: number) =>
  typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim().slice(0, max) : "";

/** The text fields as the visitor typed them, to show again in the form. */
export function typedValues(form: FormData): ReviewFormValues {
  const rating = Number(form.get("rating"));
  return {
    name: asText(form.get("name"), REVIEW_NAME_MAX),
    content: asText(form.get("content"), REVIEW_CONTENT_MAX),
    rating: Number.isInteger(rating) && rating >= RATING_MIN && rating <= RATING_MAX ? rating : RATING_DEFAULT,
    consent: form.get("consent") === "on" || form.get("consent") === "true",
  };
}

/**
 * One public review submission, start to end: spam checks, per-IP limit,
 * validation (the form's zod schema), photo through the image pipeline,
 * insert (which the repository announces). Nothing half-saved: the photo is stored first and
 * removed if the insert fails.
 */
export async function submitReview(
  s: ReviewSubmissionDeps,
  form: FormData,
  clientIp: string,
): Promise<ReviewSubmission> {
  const startToken = form.get(STARTED_FIELD);
  const verdict = checkSpam({ honeypot: form.get(HONEYPOT_FIELD), startedAt: s.formTimer.startedAt(startToken) });
  if (verdict !== "ok") {
    s.logger.info({ verdict }, "review submission dropped as likely spam");
    return { ok: true, message: REVIEW_FORM_MESSAGES.received };
  }

  const submission = parseSubmission(form, reviewSchema);
  const values = typedValues(form);
  const rejected = (
    status: 400 | 413 | 422 | 429 | 500 | 503,
    message: string,
    errors: Partial<Record<ReviewField, string>> = {},
  ): ReviewSubmission => ({
    ok: false,
    status,
    message,
    errors,
    values,
    reply: submission.reply({
      hideFields: ["photo"],
      fieldErrors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])),
      formErrors: Object.keys(errors).length ? undefined : [message],
    }),
  });

  // An invited patient is not held to the per-address limit (the practice's own Wi-Fi, a family).
  const rawToken = form.get(INVITATION_FIELD);
  const invitationToken = typeof rawToken === "string" && rawToken !== "" ? rawToken : null;
  if (invitationToken) {
    const state = invitationState(await s.invitations.find(invitationToken));
    if (state !== "valid") return rejected(400, INVITATION_LINK_MESSAGES[state]);
  }

  const rateKey = `review:ip:${clientIp}`;
  const rule = { max: s.config.reviewsRateLimitPerHour, windowMs: REVIEW_RATE_WINDOW_MS };
  if (!invitationToken && (await s.rateLimiter.isLimited(rateKey, rule))) {
    s.logger.warn({ clientIp }, "review submission rate-limited");
    return rejected(429, REVIEW_FORM_MESSAGES.rateLimited);
  }

  if (submission.status !== "success") {
    if (!(await s.rateLimiter.countRefusal(clientIp))) {
      s.logger.warn({ clientIp }, "review refusals rate-limited");
      return rejected(429, REVIEW_FORM_MESSAGES.rateLimited);
    }
    const errors: Partial<Record<ReviewField, string>> = {};
    for (const field of FIELD_ORDER) {
      const message = submission.error?.[field]?.[0];
      if (message) errors[field] = message;
    }
    const first = FIELD_ORDER.map((field) => errors[field]).find(Boolean) ?? REVIEW_FORM_MESSAGES.failed;
    return rejected(refusedImageStatus(first, REVIEW_FORM_MESSAGES.photoTooLarge), first, errors);
  }
  const input = submission.value;
  // Counted from here: each attempt that reaches the pipeline and the database (checked and counted in
  // one step). An invited patient's attempt is not counted.
  const counted = invitationToken ? null : await s.rateLimiter.take(rateKey, rule);
  if (counted && !counted.allowed) {
    s.logger.warn({ clientIp }, "review submission rate-limited");
    return rejected(429, REVIEW_FORM_MESSAGES.rateLimited);
  }

  const published = !s.config.reviewsModeration;
  // The review, the invitation used up and the e-mail notice: one transaction.
  const save = (image: StoredImage | null) =>
    s.reviews.add(
      {
        name: input.name,
        content: input.content,
        rating: input.rating,
        image,
        imageUrl: image ? largestUrl(s.media, image) : null,
        status: published ? "published" : "pending",
        invitationToken,
      },
      async (saved, tx) => {
        // One review per form shown: a token sent again (a replay, a script) saves nothing.
        if (!(await claimFormToken(tx, String(startToken)))) throw new FormTokenUsedError();
        await queueNewReviewNotice(s, saved, tx);
      },
    );

  let id: string;
  try {
    // With a photo, the shared upload step stores it first and removes it again if the save fails.
    const file = input.photo;
    const stored = file
      ? await saveUploadedImage(
          s,
          { what: "review photo", prefix: "reviews", file, messages: { uploadFailed: REVIEW_FORM_MESSAGES.failed } },
          save,
        )
      : { ok: true as const, saved: await save(null) };
    if (!stored.ok) {
      // Busy is not the visitor's fault: sending it again shortly must not cost one of their attempts.
      if (stored.status === 503 && counted) await s.rateLimiter.forgive(counted);
      return stored.status === 500
        ? rejected(500, stored.message)
        : rejected(stored.status, stored.message, { photo: stored.message });
    }
    id = stored.saved.id;
  } catch (error) {
    if (error instanceof FormTokenUsedError) {
      s.logger.info({ verdict: "token-used" }, "review submission dropped as likely spam");
      return { ok: true, message: REVIEW_FORM_MESSAGES.received };
    }
    if (error instanceof InvitationUnavailableError) return rejected(400, INVITATION_LINK_MESSAGES.used);
    s.logger.error({ err: error }, "saving a review failed");
    return rejected(500, REVIEW_FORM_MESSAGES.failed);
  }

  s.mailer.kick();
  return {
    ok: true,
    message: published ? REVIEW_FORM_MESSAGES.added : REVIEW_FORM_MESSAGES.pending,
    saved: { id, published },
  };
}
