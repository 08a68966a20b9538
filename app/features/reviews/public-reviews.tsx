import { Link } from "react-router";
import { formatCount, formatOneDecimal } from "~/core/format/italian-format";
import { isFiltered, type ReviewListFilter } from "./review-filter";
import { ReviewCard, Stars } from "./review-card";
import { ReviewReportForm } from "./review-report-form";
import type { ReviewView } from "./review-view";
import type { InvitationOnPage } from "./reviews-page.server";
import type { ReviewSummary } from "./reviews.server";
import type { useReviewPages } from "./use-review-pages";

/** "★★★★⯪ 4,3 su 5 (stars to the nearest half) · 12 recensioni · 5 verificate", above the public list. */
export function ReviewsSummaryLine({ summary }: { summary: ReviewSummary }) {
  if (summary.count === 0 || summary.average === null) return null;
  return (
    <p className="reviews-summary">
      <span aria-hidden="true">
        <Stars rating={Math.round(summary.average * 2) / 2} />
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
  );
}

/** The published reviews, each with its "Segnala" form; or why there are none. */
export function PublicReviewList({ items, filter }: { items: ReviewView[]; filter: ReviewListFilter }) {
  if (items.length === 0) {
    return isFiltered(filter) ? (
      <p className="reviews-empty">
        Nessuna recensione corrisponde al filtro. <Link to="/reviews">Mostra tutte le recensioni</Link>
      </p>
    ) : (
      <p className="reviews-empty">Nessuna recensione disponibile. Sii il primo a lasciare una recensione!</p>
    );
  }
  return (
    <ol className="review-list">
      {items.map((review, index) => (
        <li key={review.id} id={`recensione-${review.id}`}>
          <ReviewCard review={review} headingLevel={2} photoLoading={index < 3 ? "eager" : "lazy"}>
            <ReviewReportForm reviewId={review.id} reviewerName={review.name} />
          </ReviewCard>
        </li>
      ))}
    </ol>
  );
}

/** "Carica altre": a link to the next page, which with JavaScript appends it in place instead. */
export function MoreReviews({ pages }: { pages: ReturnType<typeof useReviewPages> }) {
  return (
    <>
      {pages.moreHref ? (
        <Link
          to={pages.moreHref}
          className="button button--secondary reviews-more"
          aria-disabled={pages.loading || undefined}
          onClick={(event) => {
            event.preventDefault();
            pages.loadMore();
          }}
        >
          {pages.loading ? "Caricamento…" : "Carica altre"}
        </Link>
      ) : null}
      <p className="visually-hidden" role="status">
        {pages.announcement}
      </p>
    </>
  );
}

/** Above the form: the invitation link is personal and makes the review verified, or why it cannot be used. */
export function InvitationNotice({ invitation }: { invitation: InvitationOnPage }) {
  if (!invitation) return null;
  if ("message" in invitation) {
    return (
      <p className="reviews-invitation reviews-invitation--problem" role="alert">
        {invitation.message}
      </p>
    );
  }
  return (
    <p className="reviews-invitation">
      Grazie per la visita! Con questo invito personale la tua recensione sarà segnata come <strong>Verificata</strong>.
    </p>
  );
}

/** "Come gestiamo e controlliamo le recensioni": how reviews arrive, are checked, verified and reported. */
export function ReviewsPolicy({ moderation, invitationDays }: { moderation: boolean; invitationDays: number }) {
  return (
    <details className="reviews-policy" id="come-controlliamo">
      <summary>Come gestiamo e controlliamo le recensioni</summary>
      <p>
        Le recensioni arrivano solo da questo modulo e sono mostrate tutte, dalla più recente, senza sceglierle in base
        al voto; nessuna è pagata o ricompensata.{" "}
        {moderation
          ? "Ognuna viene letta prima della pubblicazione."
          : "Sono pubblicate subito e controllate in seguito."}
      </p>
      <p>
        Le recensioni segnate <strong>Verificata</strong> sono state scritte con un invito personale che lo studio
        consegna al paziente dopo una visita: ogni invito vale per una sola recensione e scade dopo {invitationDays}{" "}
        giorni. Per le altre recensioni non possiamo verificare che l’autore sia stato paziente dello studio.
      </p>
      <p>
        Chiunque può segnalare una recensione con il pulsante «Segnala»; rimuoviamo quelle offensive, false,
        pubblicitarie o con dati personali o sulla salute. Le risposte dello studio non contengono mai informazioni
        sulla salute dei pazienti.
      </p>
    </details>
  );
}
