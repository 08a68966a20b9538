import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/reviews";
import type { LiveHandle } from "~/ui/live-updates";
import { ReviewBreakdown, ReviewFilterForm } from "~/features/reviews/review-breakdown";
import { ReviewCard, Stars } from "~/features/reviews/review-card";
import { Stylesheet } from "~/ui/stylesheet";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { assertFormPost, REQUEST_MESSAGES, respond } from "~/core/forms/respond.server";
import { PayloadTooLargeError, readFormData } from "~/core/forms/form-data.server";
import { formatCount, formatOneDecimal } from "~/core/format/italian-format";
import { pageMeta } from "~/features/site-content/meta";
import { appendPage, initialListState, mergeFreshPage, type ReviewListPage } from "~/features/reviews/review-list";
import { ReviewForm, type ReviewActionResult } from "~/features/reviews/review-form";
import { INVITATION_LINK_MESSAGES, REVIEW_FORM_MESSAGES } from "~/features/reviews/messages";
import { REVIEW_PHOTO_MAX_BYTES } from "~/features/reviews/review-rules";
import { reviewSchema } from "~/features/reviews/review-schema";
import { type ReviewSubmission, submitReview, typedValues } from "~/features/reviews/review-submission.server";
import { STARTED_FIELD } from "~/features/reviews/spam-guard";
import {
  decodeReviewCursor,
  encodeReviewCursor,
  toReviewView,
  type ReviewSummary,
} from "~/features/reviews/reviews.server";
import { requestContext, servicesContext } from "~/context";
import { ReviewReportForm } from "~/features/reviews/review-report-form";
import { isFiltered, parseReviewFilter, reviewsHref } from "~/features/reviews/review-filter";
import { invitationState } from "~/features/reviews/review-invitations.server";
import reviewsStyles from "~/styles/reviews.css?url";

/** Reviews per page: the first is in the HTML, more come with "Carica altre". */
export const REVIEWS_PAGE_SIZE = 10;
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
  const practitionerName = content.practitioner.name;
  const params = new URL(request.url).searchParams;
  const after = decodeReviewCursor(params.get("dopo"));
  const filter = parseReviewFilter(params);
  let page: ReviewListPage = { reviews: [], nextCursor: null };
  let summary: ReviewSummary = { count: 0, average: null, byRating: [0, 0, 0, 0, 0], verified: 0 };
  let invitation: { token: string; patientName: string | null } | { message: string } | null = null;
  try {
    const [rows, totals] = await Promise.all([
      s.reviews.listPage({ status: "published", limit: REVIEWS_PAGE_SIZE, after, filter }),
      s.reviews.summary(),
    ]);
    page = {
      reviews: rows.reviews.map((row) => toReviewView(s.media, row, practitionerName)),
      nextCursor: rows.nextCursor ? encodeReviewCursor(rows.nextCursor) : null,
    };
    summary = totals;
  } catch (error) {
    // A failed read shows the empty list; the form still works.
    s.logger.error({ err: error }, "reading reviews failed");
  }
  const token = params.get("invito");
  if (token !== null) {
    try {
      const found = await s.invitations.find(token);
      const state = invitationState(found);
      invitation =
        state === "valid" ? { token, patientName: found!.patientName } : { message: INVITATION_LINK_MESSAGES[state] };
    } catch (error) {
      s.logger.error({ err: error }, "reading an invitation failed");
      invitation = { message: INVITATION_LINK_MESSAGES.unknown };
    }
  }
  return {
    page,
    summary,
    filter,
    /** A valid invitation's token (the form sends it back), or why the link cannot be used. */
    invitation,
    /** Reached through a "Carica altre" link without JavaScript. */
    laterPage: after !== null,
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

export default function ReviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, summary, laterPage, startedAt, contactEmail, filter } = loaderData;
  const [list, setList] = useState(() => initialListState(page));
  // Each live refresh brings a fresh first page: merged, so pages already loaded stay.
  if (list.source !== page) setList(mergeFreshPage(list, page));

  const more = useFetcher<typeof loader>();
  const [announcement, setAnnouncement] = useState("");
  const askedForMore = useRef(false);
  useEffect(() => {
    if (more.state !== "idle" || !more.data) return;
    // Also runs when a live refresh reloads the last extra page: appending again repeats nothing.
    const next = more.data.page;
    setList((current) => appendPage(current, next));
    if (askedForMore.current) {
      askedForMore.current = false;
      setAnnouncement(
        next.reviews.length === 1 ? "Caricata 1 altra recensione" : `Caricate ${next.reviews.length} altre recensioni`,
      );
    }
  }, [more.state, more.data]);

  const headingId = useId();
  const moreHref = list.nextCursor ? reviewsHref(filter, list.nextCursor) : null;
  const empty = list.items.length === 0;

  return (
    <div className="page reviews-page">
      <Stylesheet href={reviewsStyles} />
      <Link to="/home" className="back-link">
        <span aria-hidden="true">←</span> Torna alla Home
      </Link>

      <div className="reviews-layout">
        <section className="reviews-list-section" aria-labelledby={headingId}>
          <h1 id={headingId}>Cosa dicono i clienti</h1>

          {summary.count > 0 && summary.average !== null ? (
            <p className="reviews-summary">
              <span aria-hidden="true">
                <Stars rating={Math.round(summary.average)} />
              </span>
              <span>
                <strong className="reviews-summary__average">{formatOneDecimal(summary.average)}</strong> su 5
                <span className="reviews-summary__sep" aria-hidden="true">
                  {" "}
                  ·{" "}
                </span>
                <span className="visually-hidden">, </span>
                {summary.count === 1 ? "1 recensione" : `${formatCount(summary.count)} recensioni`}
                <span className="reviews-summary__sep" aria-hidden="true">
                  {" "}
                  ·{" "}
                </span>
                <span className="visually-hidden">, di cui </span>
                <a href="#come-controlliamo">
                  {summary.verified === 1 ? "1 verificata" : `${formatCount(summary.verified)} verificate`}
                </a>
              </span>
            </p>
          ) : null}

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

          {empty && isFiltered(filter) ? (
            <p className="reviews-empty">
              Nessuna recensione corrisponde al filtro. <Link to="/reviews">Mostra tutte le recensioni</Link>
            </p>
          ) : empty ? (
            <p className="reviews-empty">Nessuna recensione disponibile. Sii il primo a lasciare una recensione!</p>
          ) : (
            <ol className="review-list">
              {list.items.map((review, index) => (
                <li key={review.id} id={`recensione-${review.id}`}>
                  <ReviewCard review={review} headingLevel={2} photoLoading={index < 3 ? "eager" : "lazy"}>
                    <ReviewReportForm reviewId={review.id} reviewerName={review.name} />
                  </ReviewCard>
                </li>
              ))}
            </ol>
          )}

          {moreHref ? (
            <Link
              to={moreHref}
              className="button button--secondary reviews-more"
              aria-disabled={more.state !== "idle" || undefined}
              onClick={(event) => {
                event.preventDefault();
                if (more.state !== "idle") return;
                askedForMore.current = true;
                void more.load(moreHref);
              }}
            >
              {more.state !== "idle" ? "Caricamento…" : "Carica altre"}
            </Link>
          ) : null}
          <p className="visually-hidden" role="status">
            {announcement}
          </p>
        </section>

        <aside className="reviews-form-panel" id="lascia-recensione" aria-labelledby={`${headingId}-form`}>
          <h2 id={`${headingId}-form`}>Lascia una recensione</h2>
          {loaderData.invitation && "message" in loaderData.invitation ? (
            <p className="reviews-invitation reviews-invitation--problem" role="alert">
              {loaderData.invitation.message}
            </p>
          ) : loaderData.invitation ? (
            <p className="reviews-invitation">
              Grazie per la visita! Con questo invito personale la tua recensione sarà segnata come{" "}
              <strong>Verificata</strong>.
            </p>
          ) : null}
          <ReviewForm
            startedAt={startedAt}
            serverResult={actionData}
            contactEmail={contactEmail}
            invitation={loaderData.invitation && "token" in loaderData.invitation ? loaderData.invitation : null}
          />
          <details className="reviews-policy" id="come-controlliamo">
            <summary>Come gestiamo e controlliamo le recensioni</summary>
            <p>
              Le recensioni arrivano solo da questo modulo e sono mostrate tutte, dalla più recente, senza sceglierle in
              base al voto; nessuna è pagata o ricompensata.{" "}
              {loaderData.moderation
                ? "Ognuna viene letta prima della pubblicazione."
                : "Sono pubblicate subito e controllate in seguito."}
            </p>
            <p>
              Le recensioni segnate <strong>Verificata</strong> sono state scritte con un invito personale che lo studio
              consegna al paziente dopo una visita: ogni invito vale per una sola recensione e scade dopo{" "}
              {loaderData.invitationDays} giorni. Per le altre recensioni non possiamo verificare che l’autore sia stato
              paziente dello studio.
            </p>
            <p>
              Chiunque può segnalare una recensione con il pulsante «Segnala»; rimuoviamo quelle offensive, false,
              pubblicitarie o con dati personali o sulla salute. Le risposte dello studio non contengono mai
              informazioni sulla salute dei pazienti.
            </p>
          </details>
        </aside>
      </div>
    </div>
  );
}
