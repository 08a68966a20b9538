import { useFetcher } from "react-router";
import { ErrorList, Field } from "~/core/forms/field";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { REPORT_DETAILS_MAX, reportReasonOptions, type ReportActionResult } from "~/features/reviews/review-report";
import { useHydrated } from "../../ui/use-hydrated";

const loadReportSchema = () => import("~/features/reviews/review-report-schema").then((module) => module.reportSchema);

/** Marks a post sent by the page's script, which wants data back rather than a redirect. */
export const REPORT_FETCH_FIELD = "_risposta";

/**
 * "Segnala": a disclosure with the reasons. Without JavaScript it posts and
 * comes back to the list with a message; with it, the report's schema is
 * checked before sending (a reason is required) and the answer shows in place.
 */
export function ReviewReportForm({ reviewId, reviewerName }: { reviewId: string; reviewerName: string }) {
  const fetcher = useFetcher<ReportActionResult>();
  const hydrated = useHydrated();
  const { fields, formProps } = useSchemaForm(loadReportSchema, { id: `segnala-${reviewId}` });
  const reasonErrorId = `${fields.reason.id}-error`;
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
        {...formProps}
      >
        {hydrated ? <input type="hidden" name={REPORT_FETCH_FIELD} value="dati" /> : null}
        <fieldset
          className="review-report__reasons"
          aria-describedby={fields.reason.errors ? reasonErrorId : undefined}
        >
          <legend>Perché la segnali?</legend>
          {reportReasonOptions.map((option) => (
            <div className="field field--check" key={option.value}>
              <input
                type="radio"
                id={`${fields.reason.id}-${option.value}`}
                name={fields.reason.name}
                value={option.value}
                required
              />
              <label className="field__label" htmlFor={`${fields.reason.id}-${option.value}`}>
                {option.label}
              </label>
            </div>
          ))}
          <ErrorList id={reasonErrorId} errors={fields.reason.errors} />
        </fieldset>
        <Field id={fields.details.id} label="Dettagli" optional errors={fields.details.errors}>
          {(control) => <textarea {...control} name={fields.details.name} rows={2} maxLength={REPORT_DETAILS_MAX} />}
        </Field>
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
