import { useId } from "react";
import { useFetcher } from "react-router";
import { REPORT_DETAILS_MAX, reportReasonOptions, type ReportActionResult } from "~/lib/review-report";
import { useHydrated } from "./use-hydrated";

/** Marks a post sent by the page's script, which wants data back rather than a redirect. */
export const REPORT_FETCH_FIELD = "_risposta";

/**
 * "Segnala": a disclosure with the reasons. Without JavaScript it posts and
 * comes back to the list with a message; with it, the answer shows in place.
 */
export function ReviewReportForm({ reviewId, reviewerName }: { reviewId: string; reviewerName: string }) {
  const fetcher = useFetcher<ReportActionResult>();
  const hydrated = useHydrated();
  const id = useId();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";

  if (result?.ok) {
    return (
      <p className="review-report__done" role="status">
        {result.message}
      </p>
    );
  }
  return (
    <details className="review-report">
      <summary>
        Segnala<span className="visually-hidden"> la recensione di {reviewerName}</span>
      </summary>
      <fetcher.Form
        method="post"
        action={`/reviews/${reviewId}/segnala`}
        className="review-report__form"
        preventScrollReset
      >
        {hydrated ? <input type="hidden" name={REPORT_FETCH_FIELD} value="dati" /> : null}
        <fieldset className="review-report__reasons">
          <legend>Perché la segnali?</legend>
          {reportReasonOptions.map((option) => (
            <div className="field field--check" key={option.value}>
              <input type="radio" id={`${id}-${option.value}`} name="reason" value={option.value} required />
              <label className="field__label" htmlFor={`${id}-${option.value}`}>
                {option.label}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-details`}>
            Dettagli <span className="field__optional">(facoltativo)</span>
          </label>
          <textarea id={`${id}-details`} name="details" rows={2} maxLength={REPORT_DETAILS_MAX} />
        </div>
        <p className="field__hint">La segnalazione è anonima: allo studio arriva solo il motivo.</p>
        {result && !result.ok ? (
          <p className="field__error" role="alert">
            {result.message}
          </p>
        ) : null}
        <button type="submit" className="button button--secondary" disabled={busy}>
          {busy ? "Invio…" : "Invia segnalazione"}
        </button>
      </fetcher.Form>
    </details>
  );
}
