import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { reportReasons } from "./report-reasons";
import type { ActionResult } from "~/core/forms/action-result";
import { ErrorList, Field } from "~/core/forms/field";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { REPORT_REASON_LABELS } from "./messages";
import { REPORT_DETAILS_MAX } from "./review-rules";

const loadReportSchema = () => import("./review-report-schema").then((module) => module.reportSchema);

/**
 * "Segnala": a disclosure with the reasons. Without JavaScript it posts and
 * comes back to the list with a message; with it, the report's schema is
 * checked before sending (a reason is required) and the answer shows in place.
 */
export function ReviewReportForm({ reviewId, reviewerName }: { reviewId: string; reviewerName: string }) {
  const fetcher = useFetcher<ActionResult>();
  const { fields, formProps } = useSchemaForm(loadReportSchema, { id: `segnala-${reviewId}` });
  const reasonErrorId = `${fields.reason.id}-error`;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";

  // Sent: the form gives way to the thanks, which takes the focus the button had (not the page's top).
  const done = useRef<HTMLParagraphElement>(null);
  const sent = Boolean(result?.ok);
  useEffect(() => {
    if (sent) done.current?.focus();
  }, [sent]);
  if (result?.ok) {
    return (
      <p className="review-report__done" role="status" tabIndex={-1} ref={done}>
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
        onSubmit={(event) => {
          // Sent once; the button stays focusable meanwhile (a disabled one drops the focus).
          if (busy) event.preventDefault();
          else formProps.onSubmit(event);
        }}
      >
        <fieldset
          className="review-report__reasons"
          aria-describedby={fields.reason.errors ? reasonErrorId : undefined}
        >
          <legend>Perché la segnali?</legend>
          {reportReasons.map((reason) => (
            <div className="field field--check" key={reason}>
              <input
                type="radio"
                id={`${fields.reason.id}-${reason}`}
                name={fields.reason.name}
                value={reason}
                required
              />
              <label className="field__label" htmlFor={`${fields.reason.id}-${reason}`}>
                {REPORT_REASON_LABELS[reason]}
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
        <button type="submit" className="button button--secondary" aria-disabled={busy || undefined}>
          {busy ? "Invio…" : "Invia segnalazione"}
        </button>
      </fetcher.Form>
    </details>
  );
}
