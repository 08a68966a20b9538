import { REVIEW_MESSAGES } from "./moderation-messages";
import { AdminReviewCard } from "./admin-review-card";
import type { AdminReviewView } from "./admin-review-view";

export function ReviewList({
  reviews,
  pendingCount,
  moderation,
  moreReviews,
}: {
  reviews: AdminReviewView[];
  pendingCount: number;
  moderation: boolean;
  moreReviews: number | null;
}) {
  return (
    <section className="admin-section" aria-labelledby="recensioni-titolo" id="recensioni">
      <h2 id="recensioni-titolo" className="admin-section__title">
        Recensioni
      </h2>
      <p className="admin-section__lead">
        {moderation
          ? pendingCount > 0
            ? `${pendingCount === 1 ? "Una recensione attende" : `${pendingCount} recensioni attendono`} la tua approvazione prima di comparire sul sito.`
            : "Le nuove recensioni compaiono sul sito solo dopo la tua approvazione. Nessuna è in attesa."
          : "Le nuove recensioni compaiono subito sul sito. Puoi nasconderle o eliminarle."}
      </p>
      {reviews.length === 0 ? (
        <p className="admin-empty">{REVIEW_MESSAGES.empty}</p>
      ) : (
        <ul className="review-admin-list">
          {reviews.map((item) => (
            <AdminReviewCard key={item.review.id} item={item} page="/admin" />
          ))}
        </ul>
      )}
      {moreReviews ? (
        <a className="button button--secondary" href={`/admin?recensioni=${moreReviews}#recensioni`}>
          Mostra altre recensioni
        </a>
      ) : null}
    </section>
  );
}
