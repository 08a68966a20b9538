import type { StoredImage } from "~/core/db/schema";
import { largestUrl } from "~/core/media/image-pipeline.server";
import { saveUploadedImage } from "~/core/media/image-upload.server";
import type { AppConfig } from "~/core/config/env.server";
import type { Mailer } from "~/core/mail/mailer.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import { refused, succeeded } from "~/core/result";
import type { RateLimiter } from "~/core/server/rate-limit.server";
import type { Logger } from "pino";
import { REVIEW_FORM_MESSAGES } from "./messages";
import type { ReviewGuard, ReviewInput } from "./review-schema";
import { checkSpam, claimFormToken, type FormTimer } from "./spam-guard.server";
import { queueNewReviewNotice } from "./review-notices.server";
import { consumeInvitation, invitationState, type InvitationRepository } from "./review-invitations.server";
import type { ReviewRepository } from "./reviews.server";

const REVIEW_RATE_WINDOW_MS = 60 * 60 * 1000;

/** An invitation link that cannot be used, as the reviews page names it. */
type UnusableInvitation = "used" | "expired" | "revoked" | "unknown";

/**
 * Why a review was not saved: the invitation (its state in `detail`), the per-address limit, the
 * form refused by its schema ("invalid": the route reads why from the submission), the photo (busy
 * decoding, or not an image we accept: the image pipeline's sentence in `detail`), or a failure.
 */
export type ReviewRefusal =
  | { ok: false; reason: "invitation"; detail: UnusableInvitation }
  | { ok: false; reason: "rateLimited" | "invalid" | "failed" }
  | { ok: false; reason: "photoBusy" | "photoRejected"; detail: string };

/** Saved (`published` false while it waits for approval), or `null`: dropped as likely spam, and nothing said why. */
export type ReviewSubmissionResult = { ok: true; value: { id: string; published: boolean } | null } | ReviewRefusal;

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

// Thrown only to roll the review's transaction back; submitReview answers it as its result.
class Rollback extends Error {
  readonly why: "token-used" | "invitation-used";
  constructor(why: "token-used" | "invitation-used") {
    super(why);
    this.why = why;
  }
}

/**
 * One public review submission, start to end: spam checks (the form's hidden fields, `guard`), the
 * invitation, the per-IP limit, the fields (`review`, or undefined when the form's schema refused
 * them), the photo through the image pipeline, the insert (which the repository announces). Nothing
 * half-saved: the photo is stored first and removed if the insert fails.
 */
export async function submitReview(
  s: ReviewSubmissionDeps,
  input: { guard: ReviewGuard; review: ReviewInput | undefined; clientIp: string },
): Promise<ReviewSubmissionResult> {
  const { guard, clientIp } = input;
  const verdict = checkSpam({ honeypot: guard.honeypot, startedAt: s.formTimer.startedAt(guard.startToken) });
  if (verdict !== "ok") {
    s.logger.info({ verdict }, "review submission dropped as likely spam");
    return succeeded(null);
  }

  // An invited patient is not held to the per-address limit (the practice's own Wi-Fi, a family).
  const invitationToken = guard.invitationToken ?? null;
  if (invitationToken) {
    const state = invitationState(await s.invitations.find(invitationToken));
    if (state !== "valid") return refused("invitation", state);
  }

  const rateKey = `review:ip:${clientIp}`;
  const rule = { max: s.config.reviewsRateLimitPerHour, windowMs: REVIEW_RATE_WINDOW_MS };
  if (!invitationToken && (await s.rateLimiter.isLimited(rateKey, rule))) {
    s.logger.warn({ clientIp }, "review submission rate-limited");
    return refused("rateLimited");
  }

  const review = input.review;
  // The form's own refusal: the route counts it against the address's refusals.
  if (!review) return refused("invalid");
  // Counted from here: each attempt that reaches the pipeline and the database (checked and counted in
  // one step). An invited patient's attempt is not counted.
  const counted = invitationToken ? null : await s.rateLimiter.take(rateKey, rule);
  if (counted && !counted.allowed) {
    s.logger.warn({ clientIp }, "review submission rate-limited");
    return refused("rateLimited");
  }

  const published = !s.config.reviewsModeration;
  // The review, the invitation used up, the form's token claimed and the e-mail notice: one transaction.
  const save = (image: StoredImage | null) =>
    s.reviews.add(
      {
        name: review.name,
        content: review.content,
        rating: review.rating,
        image,
        imageUrl: image ? largestUrl(s.media, image) : null,
        status: published ? "published" : "pending",
        verified: Boolean(invitationToken),
      },
      async (saved, tx) => {
        // One conditional update: of two submissions with the same link only one wins.
        if (invitationToken && !(await consumeInvitation(tx, invitationToken, saved.id)))
          throw new Rollback("invitation-used");
        // One review per form shown: a token sent again (a replay, a script) saves nothing.
        if (!(await claimFormToken(tx, String(guard.startToken)))) throw new Rollback("token-used");
        await queueNewReviewNotice(s, saved, tx);
      },
    );

  let id: string;
  try {
    // With a photo, the shared upload step stores it first and removes it again if the save fails.
    const file = review.photo;
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
      if (stored.status === 500) return refused("failed");
      return refused(stored.status === 503 ? "photoBusy" : "photoRejected", stored.message);
    }
    id = stored.saved.id;
  } catch (error) {
    if (error instanceof Rollback && error.why === "token-used") {
      s.logger.info({ verdict: "token-used" }, "review submission dropped as likely spam");
      return succeeded(null);
    }
    if (error instanceof Rollback) return refused("invitation", "used" as const);
    s.logger.error({ err: error }, "saving a review failed");
    return refused("failed");
  }

  s.mailer.kick();
  return succeeded({ id, published });
}
