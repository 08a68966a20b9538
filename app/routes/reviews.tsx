import { useId } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/reviews";
import type { LiveHandle } from "~/ui/live-updates";
import { Stylesheet } from "~/ui/stylesheet";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { assertFormPost, REQUEST_MESSAGES, respond } from "~/core/forms/respond.server";
import { PayloadTooLargeError, readFormData } from "~/core/forms/form-data.server";
import { pageMeta } from "~/features/site-content/meta";
import { REVIEW_FORM_MESSAGES } from "~/features/reviews/messages";
import {
  InvitationNotice,
  MoreReviews,
  PublicReviewList,
  ReviewsPolicy,
  ReviewsSummaryLine,
} from "~/features/reviews/public-reviews";
import { ReviewBreakdown, ReviewFilterForm } from "~/features/reviews/review-breakdown";
import { reviewsHref } from "~/features/reviews/review-filter";
import { ReviewForm, type ReviewActionResult } from "~/features/reviews/review-form";
import { REVIEW_PHOTO_MAX_BYTES } from "~/features/reviews/review-rules";
import { reviewSchema } from "~/features/reviews/review-schema";
import { type ReviewSubmission, submitReview, typedValues } from "~/features/reviews/review-submission.server";
import { readReviewsPage } from "~/features/reviews/reviews-page.server";
import { STARTED_FIELD } from "~/features/reviews/spam-guard";
import { useReviewPages } from "~/features/reviews/use-review-pages";
import { requestContext, servicesContext } from "~/context";
import reviewsStyles from "~/styles/reviews.css?url";
import { useLastActionData } from "~/core/forms/use-last-action-data";

/** The photo plus the text fields; a body beyond this is refused unread. */
const MAX_BODY_BYTES = 2 * REVIEW_PHOTO_MAX_BYTES + 64 * 1024;

export const handle: LiveHandle = { liveTables: ["reviews"] };

// Each response carries its own form start time and CSP nonce: no shared cache may keep one.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-cache" });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Recensioni", "Le esperienze dei pazienti e il modulo per lasciare la tua recensione.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = context.get(servicesContext);
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
  const { clientIp } = context.get(requestContext);
  assertFormPost(request);
  let form: FormData;
  try {
    form = await readFormData(request, MAX_BODY_BYTES);
  } catch (error) {
    // A body too large is a refusal like any other: counted, so a flood of them is stopped.
    if (error instanceof PayloadTooLargeError && !(await s.rateLimiter.countRefusal(clientIp))) {
      return respond<ReviewActionResult>(
        request,
        s.flash,
        { ok: false, message: REVIEW_FORM_MESSAGES.rateLimited, values: null },
        { status: 429 },
      );
    }
    if (error instanceof PayloadTooLargeError && error.hadFile) {
      // The photo is refused, but what the visitor typed comes back to the form.
      const submission = parseSubmission(error.fields, reviewSchema);
      return respond<ReviewActionResult>(
        request,
        s.flash,
        {
          ok: false,
          message: REVIEW_FORM_MESSAGES.photoTooLarge,
          reply: submission.reply({
            hideFields: ["photo"],
            fieldErrors: { photo: [REVIEW_FORM_MESSAGES.photoTooLarge] },
          }),
          values: typedValues(error.fields),
          startedAt: ownToken(s, error.fields),
        },
        { status: 413 },
      );
    }
    const tooLarge = error instanceof PayloadTooLargeError;
    if (!tooLarge) s.logger.warn({ err: error }, "unreadable review submission");
    return respond<ReviewActionResult>(
      request,
      s.flash,
      { ok: false, message: tooLarge ? REQUEST_MESSAGES.tooLarge : REVIEW_FORM_MESSAGES.failed, values: null },
      { status: tooLarge ? 413 : 400 },
    );
  }

  let result: ReviewSubmission;
  try {
    result = await submitReview(s, form, clientIp);
  } catch (error) {
    // E.g. the database is unreachable: the product's error, and the form keeps what was typed.
    s.logger.error({ err: error }, "review submission failed");
    result = { ok: false, status: 500, message: REVIEW_FORM_MESSAGES.failed, values: null, reply: { status: "error" } };
  }

  if (!result.ok) {
    return respond<ReviewActionResult>(
      request,
      s.flash,
      { ok: false, message: result.message, reply: result.reply, values: result.values, startedAt: ownToken(s, form) },
      { status: result.status },
    );
  }
  // Without JavaScript: post, redirect, get; the toast rides on the flash cookie.
  return respond<ReviewActionResult>(
    request,
    s.flash,
    { ok: true, message: result.message, published: result.saved?.published ?? false, startedAt: s.formTimer.stamp() },
    { redirectTo: "/reviews", flashKind: result.saved ? undefined : "message" },
  );
}

/** The refused form's own start token, when valid: correcting a field is not a new form. */
function ownToken(s: { formTimer: { startedAt(token: unknown): number | null } }, form: FormData): string | undefined {
  const token = form.get(STARTED_FIELD);
  return typeof token === "string" && s.formTimer.startedAt(token) !== null ? token : undefined;
}

/** With JavaScript: a lost connection or a server crash answers like any failure, keeping the form as typed. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ReviewActionResult> {
  try {
    return (await serverAction()) as ReviewActionResult;
  } catch {
    return { ok: false, message: REVIEW_FORM_MESSAGES.failed, values: null };
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
        <span aria-hidden="true">←</span> Torna alla Home
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
          <InvitationNotice invitation={invitation} />
          <ReviewForm
            startedAt={startedAt}
            serverResult={actionData}
            contactEmail={contactEmail}
            invitation={invitation && "token" in invitation ? invitation : null}
          />
          <ReviewsPolicy moderation={loaderData.moderation} invitationDays={loaderData.invitationDays} />
        </aside>
      </div>
    </div>
  );
}
