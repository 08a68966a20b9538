import { useFetcher, useSearchParams } from "react-router";
import { REVIEW_MESSAGES } from "~/admin/messages";
import { ConfirmButton, NoScriptConfirm } from "~/components/admin/confirm-button";
import { ReviewCard } from "~/components/review-card";
import { type ActionResult, useActionResult } from "~/forms/action-result";
import type { ReviewView } from "~/models/views";

const REVIEWS_ACTION = "/admin/reviews";

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
  const [searchParams] = useSearchParams();
  const status = useFetcher<ActionResult>();
  const remover = useFetcher<ActionResult>();
  useActionResult(status.data);
  useActionResult(remover.data);
  const shown = (status.formData?.get("status") as ReviewView["status"] | undefined) ?? review.status;
  const confirming = searchParams.get("elimina-recensione") === review.id;
  const busy = status.state !== "idle" || remover.state !== "idle";
  if (remover.formData) return null;

  return (
    <li className={`review-admin review-admin--${shown}`} id={`recensione-${review.id}`}>
      <p className={`review-admin__status review-admin__status--${shown}`}>{statusLabels[shown]}</p>
      <ReviewCard review={review} />
      <div className="review-admin__actions">
        {shown !== "published" ? (
          <status.Form method="post" action={REVIEWS_ACTION}>
            <input type="hidden" name="intent" value="review-status" />
            <input type="hidden" name="id" value={review.id} />
            <input type="hidden" name="status" value="published" />
            <button type="submit" className="button" disabled={busy} aria-label={`${shown === "pending" ? "Approva" : "Pubblica"} la recensione di ${review.name}`}>
              {shown === "pending" ? "Approva" : "Pubblica"}
            </button>
          </status.Form>
        ) : null}
        {shown !== "hidden" ? (
          <status.Form method="post" action={REVIEWS_ACTION}>
            <input type="hidden" name="intent" value="review-status" />
            <input type="hidden" name="id" value={review.id} />
            <input type="hidden" name="status" value="hidden" />
            <button type="submit" className="button button--secondary" disabled={busy} aria-label={`Nascondi la recensione di ${review.name}`}>
              Nascondi
            </button>
          </status.Form>
        ) : null}
        <ConfirmButton
          label="Elimina"
          accessibleLabel={`Elimina la recensione di ${review.name}`}
          question={REVIEW_MESSAGES.deleteQuestion}
          confirmLabel="Elimina"
          noScriptHref={`/admin?elimina-recensione=${review.id}#recensione-${review.id}`}
          disabled={busy}
          onConfirm={() => remover.submit({ intent: "delete-review", id: review.id }, { method: "post", action: REVIEWS_ACTION })}
        />
      </div>
      {confirming ? (
        <NoScriptConfirm
            action={REVIEWS_ACTION}
          question={REVIEW_MESSAGES.deleteQuestion}
          confirmLabel="Elimina"
          fields={{ intent: "delete-review", id: review.id }}
          cancelHref={`/admin#recensione-${review.id}`}
        />
      ) : null}
    </li>
  );
}

