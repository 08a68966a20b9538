import { useId } from "react";
import { requireReviewsShown } from "~/composition/reviews-shown.server";
import { Link } from "react-router";
import type { Route } from "./+types/reviews";
import type { LiveHandle } from "~/ui/live-updates";
import { Stylesheet } from "~/ui/stylesheet";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import {
  assertFormPost,
  type FormRead,
  readForm,
  REQUEST_MESSAGES,
  respond,
  failedAction,
} from "~/core/forms/respond.server";
import { imageUpload, refusedImageStatus } from "~/core/media/image-upload.server";
import { refused } from "~/core/result";
import type { AppServices } from "~/services.server";
import { pageMeta } from "~/features/site-content/meta";
import { REVIEW_FORM_MESSAGES, REVIEW_REFUSALS } from "~/features/reviews/messages";
import { sayReview, sentAddress } from "~/features/reviews/review-answer";
import { MoreReviews, PublicReviewList, ReviewsPolicy, ReviewsSummaryLine } from "~/features/reviews/public-reviews";
import { ReviewBreakdown, ReviewFilterForm } from "~/features/reviews/review-breakdown";
import { reviewsHref } from "~/features/reviews/review-filter";
import { ReviewForm, type ReviewActionResult } from "~/features/reviews/review-form";
import { REVIEW_PHOTO_MAX_BYTES } from "~/features/reviews/review-rules";
import { type ReviewGuard, reviewGuardSchema, reviewSchema } from "~/features/reviews/review-schema";
import { type ReviewSubmissionResult, submitReview } from "~/features/reviews/review-submission.server";
import { publicRefusal } from "~/core/forms/public-refusal.server";
import { sayRefusal } from "~/core/forms/refusals";
import { readReviewsPage } from "~/features/reviews/reviews-page.server";
import { useReviewPages } from "~/features/reviews/use-review-pages";
import { requestContext, servicesContext } from "~/context";
import reviewsStyles from "~/styles/reviews.css?url";
import { useLastActionData } from "~/core/forms/use-last-action-data";

/**
 * The photo plus the text fields: a body beyond twice the photo's cap is refused unread (one a little
 * over the cap is read, and refused by the schema next to the other fields' messages).
 */
const REVIEW_UPLOAD = {
  what: "review submission",
  maxImageBytes: 2 * REVIEW_PHOTO_MAX_BYTES,
  messages: { tooLarge: REVIEW_FORM_MESSAGES.photoTooLarge, uploadFailed: REVIEW_FORM_MESSAGES.failed },
};

export const handle: LiveHandle = { liveTables: ["reviews"] };

// Each response carries its own form start time and CSP nonce: no shared cache may keep one.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-cache" });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Recensioni", "Le esperienze dei pazienti e il modulo per lasciare la tua recensione.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = context.get(servicesContext);
  await requireReviewsShown(s);
  const { content } = await s.siteContent.current();
  const shown = await readReviewsPage(s, new URL(request.url).searchParams, content.practitioner.name);
  return {
    ...shown,
    /** The minimum fill time counts from here (a signed token; from the cache, signed per response). */
    startedAt: context.get(requestContext).formStartPlaceholder ?? s.formTimer.stamp(),
    contactEmail: content.contact.email,
    moderation: s.config.reviewsModeration,
    invitationDays: s.config.reviewInvitationDays,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const s = context.get(servicesContext);
  await requireReviewsShown(s);
  const { clientIp } = context.get(requestContext);
  assertFormPost(request);
  const read = await readForm(request, { upload: imageUpload(s, REVIEW_UPLOAD) });
  if (!read.ok) return refusedBody(request, s, clientIp, read);

  const submission = parseSubmission(read.form, reviewSchema);
  const guardFields = parseSubmission(read.form, reviewGuardSchema);
  // Hidden fields that could not be read are none: the form is dropped as a bot's (no start time).
  const guard: ReviewGuard = guardFields.status === "success" ? guardFields.value : {};
  const review = submission.status === "success" ? submission.value : undefined;
  let result: ReviewSubmissionResult;
  let failed: ReturnType<typeof failedAction> | undefined;
  try {
    result = await submitReview(s, { guard, review, clientIp });
  } catch (error) {
    // E.g. the database is unreachable: the product's error, and the form keeps what was typed.
    failed = failedAction(s.logger, error, "review submission failed");
    result = refused("failed");
  }

  const errors = submission.status === "error" ? submission.error : undefined;
  /** A refusal's answer: its message next to its field (or the form's), with the values as typed. */
  const refusedAnswer = (refusal: Exclude<ReviewSubmissionResult, { ok: true }>) => {
    const { message, fieldErrors } = sayReview(refusal, errors);
    // The form's own refusal is 413 when the photo is over its cap.
    const status =
      refusal.reason === "invalid"
        ? refusedImageStatus(message, REVIEW_FORM_MESSAGES.photoTooLarge)
        : REVIEW_REFUSALS[refusal.reason].status;
    const reply = submission.reply({
      hideFields: ["photo"],
      fieldErrors,
      formErrors: Object.keys(fieldErrors).length ? undefined : [message],
    });
    return { answer: { ok: false, message, reply, startedAt: ownToken(s, guard.startToken) }, status };
  };
  if (!result.ok) {
    const refusal = refusedAnswer(result);
    const { answer, status } =
      result.reason === "invalid"
        ? await publicRefusal(s.rateLimiter, clientIp, refusal, refusedAnswer(refused("rateLimited")))
        : refusal;
    return respond<ReviewActionResult>(request, s.flash, answer, failed ?? { status });
  }
  const { message } = sayReview(result);
  // Without JavaScript: post, redirect, get; the toast rides on the flash cookie.
  const saved = result.value;
  return respond<ReviewActionResult>(
    request,
    s.flash,
    { ok: true, message, published: saved?.published ?? false, startedAt: s.formTimer.stamp() },
    { redirectTo: sentAddress(saved ?? null), flashKind: saved ? undefined : "message" },
  );
}

/** A body that could not be read whole: too large (counted as a refusal, so a flood of them is stopped), or no form. */
async function refusedBody(request: Request, s: AppServices, clientIp: string, read: Exclude<FormRead, { ok: true }>) {
  if (read.status === 413) {
    const { answer, status } = await publicRefusal(
      s.rateLimiter,
      clientIp,
      tooLarge(s, read),
      sayRefusal(REVIEW_REFUSALS, "rateLimited"),
    );
    return respond<ReviewActionResult>(request, s.flash, answer, { status });
  }
  return respond<ReviewActionResult>(
    request,
    s.flash,
    { ok: false, message: REVIEW_FORM_MESSAGES.failed },
    { status: read.status },
  );
}

/** A body over the cap: with a photo among it, what the visitor typed comes back to the form. */
function tooLarge(
  s: AppServices,
  read: Exclude<FormRead, { ok: true }>,
): { answer: ReviewActionResult; status: number } {
  if (read.hadFile && read.arrived) {
    // The photo is refused, but what the visitor typed comes back to the form.
    const submission = parseSubmission(read.arrived, reviewSchema);
    const guard = parseSubmission(read.arrived, reviewGuardSchema);
    return {
      answer: {
        ok: false,
        message: REVIEW_FORM_MESSAGES.photoTooLarge,
        reply: submission.reply({
          hideFields: ["photo"],
          fieldErrors: { photo: [REVIEW_FORM_MESSAGES.photoTooLarge] },
        }),
        startedAt: ownToken(s, guard.status === "success" ? guard.value.startToken : undefined),
      },
      status: 413,
    };
  }
  return { answer: { ok: false, message: REQUEST_MESSAGES.tooLarge }, status: 413 };
}

/** The refused form's own start token, when valid: correcting a field is not a new form. */
function ownToken(s: { formTimer: { startedAt(token: unknown): number | null } }, token: string | undefined) {
  return token !== undefined && s.formTimer.startedAt(token) !== null ? token : undefined;
}

/** With JavaScript: a lost connection or a server crash answers like any failure, keeping the form as typed. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ReviewActionResult> {
  try {
    return (await serverAction()) as ReviewActionResult;
  } catch {
    return { ok: false, message: REVIEW_FORM_MESSAGES.failed };
  }
}

export default function ReviewsPage({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept across live refreshes, which would otherwise wipe a refused form's messages.
  const actionData = useLastActionData(answered);
  const { summary, laterPage, startedAt, contactEmail, filter, invitation } = loaderData;
  const pages = useReviewPages(loaderData.page, filter);
  const headingId = useId();

  return (
    <div className="page reviews-page">
      <Stylesheet href={reviewsStyles} />
      <Link to="/home" className="back-link">
        <span aria-hidden="true">←</span> Torna alla home
      </Link>

      <div className="reviews-layout">
        <section className="reviews-list-section" aria-labelledby={headingId}>
          <h1 id={headingId}>Cosa dicono i clienti</h1>
          <ReviewsSummaryLine summary={summary} />
          {summary.count > 0 ? (
            <>
              <ReviewBreakdown byRating={summary.byRating} total={summary.count} filter={filter} />
              <ReviewFilterForm filter={filter} />
            </>
          ) : null}

          <a href="#lascia-recensione" className="reviews-write-link">
            Scrivi una recensione
          </a>

          {laterPage ? (
            <p className="reviews-later">
              Stai vedendo recensioni meno recenti. <Link to={reviewsHref(filter)}>Torna alle più recenti</Link>
            </p>
          ) : null}

          <PublicReviewList items={pages.items} filter={filter} />
          <MoreReviews pages={pages} />
        </section>

        <aside className="reviews-form-panel" id="lascia-recensione" aria-labelledby={`${headingId}-form`}>
          <h2 id={`${headingId}-form`}>Lascia una recensione</h2>
          <ReviewForm
            startedAt={startedAt}
            serverResult={actionData}
            contactEmail={contactEmail}
            invitation={invitation}
            sent={loaderData.sent}
          />
          <ReviewsPolicy moderation={loaderData.moderation} invitationDays={loaderData.invitationDays} />
        </aside>
      </div>
    </div>
  );
}
