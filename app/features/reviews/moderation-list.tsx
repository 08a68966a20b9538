import { useFetcher } from "react-router";
import { REVIEW_MESSAGES } from "./moderation-messages";
import { ReviewCard } from "~/features/reviews/review-card";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import type { ReviewView } from "~/features/reviews/review-view";
import { ReviewActionButton, ReviewActions } from "~/features/reviews/review-actions";

const REVIEWS_ACTION = "/admin/recensioni";

const statusLabels: Record<ReviewView["status"], string> = {
  pending: "In attesa di approvazione",
  published: "Pubblicata",
  hidden: "Nascosta",
};

export function ReviewList({
  reviews,
  pendingCount,
  moderation,
  moreReviews,
}: {
  reviews: ReviewView[];
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
          {reviews.map((review) => (
            <ReviewRow key={review.id} review={review} />
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

function ReviewRow({ review }: { review: ReviewView }) {
  const status = useFetcher<ActionResult>();
  const remover = useFetcher<ActionResult>();
  useActionResult(status.data);
  useActionResult(remover.data);
  const shown = (status.formData?.get("status") as ReviewView["status"] | undefined) ?? review.status;
  const busy = status.state !== "idle" || remover.state !== "idle";
  if (remover.formData) return null;
  const setStatus = (to: ReviewView["status"]) => ({ intent: "review-status", id: review.id, status: to });

  return (
    <li className={`review-admin review-admin--${shown}`} id={`recensione-${review.id}`}>
      <p className={`review-admin__status review-admin__status--${shown}`}>{statusLabels[shown]}</p>
      <ReviewCard review={review} />
      <ReviewActions
        review={review}
        action={REVIEWS_ACTION}
        page="/admin"
        confirmParam="elimina-recensione"
        question={REVIEW_MESSAGES.deleteQuestion}
        deleteFields={{ intent: "delete-review", id: review.id }}
        remover={remover}
        disabled={busy}
      >
        {shown !== "published" ? (
          <ReviewActionButton
            fetcher={status}
            action={REVIEWS_ACTION}
            fields={setStatus("published")}
            label={shown === "pending" ? "Approva" : "Pubblica"}
            accessibleLabel={`${shown === "pending" ? "Approva" : "Pubblica"} la recensione di ${review.name}`}
            disabled={busy}
          />
        ) : null}
        {shown !== "hidden" ? (
          <ReviewActionButton
            fetcher={status}
            action={REVIEWS_ACTION}
            fields={setStatus("hidden")}
            label="Nascondi"
            accessibleLabel={`Nascondi la recensione di ${review.name}`}
            secondary
            disabled={busy}
          />
        ) : null}
      </ReviewActions>
    </li>
  );
}
