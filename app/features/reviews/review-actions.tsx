import type { FetcherWithComponents } from "react-router";
import { useSearchParams } from "react-router";
import { ConfirmButton, HiddenFields, NoScriptConfirm } from "~/ui/admin/confirm-button";
import type { ActionResult } from "~/core/forms/action-result";

type Fields = Record<string, string>;

/**
 * One action on a review (approve, hide, ignore the reports, remove a reply): a small form that
 * posts its fields through `fetcher`, and without JavaScript as a plain form. The visible label is
 * short; `accessibleLabel` names the review for screen readers.
 */
export function ReviewActionButton({
  fetcher,
  action,
  fields,
  label,
  accessibleLabel,
  secondary,
  disabled,
}: {
  fetcher: FetcherWithComponents<ActionResult>;
  action: string;
  fields: Fields;
  label: string;
  accessibleLabel: string;
  secondary?: boolean;
  disabled: boolean;
}) {
  return (
    <fetcher.Form method="post" action={action}>
      <HiddenFields fields={fields} />
      <button
        type="submit"
        className={secondary ? "button button--secondary" : "button"}
        disabled={disabled}
        aria-label={accessibleLabel}
      >
        {label}
      </button>
    </fetcher.Form>
  );
}

/**
 * A review's row of actions, ending with "Elimina" behind a confirmation: a dialog with
 * JavaScript; without, a link back to `page` with `?{confirmParam}={id}` that shows the question
 * in place, under the row.
 */
export function ReviewActions({
  review,
  action,
  page,
  confirmParam,
  question,
  deleteFields,
  remover,
  disabled,
  children,
}: {
  review: { id: string; name: string };
  action: string;
  /** The screen the row is on (the no-script confirmation comes back to it). */
  page: string;
  confirmParam: string;
  question: string;
  deleteFields: Fields;
  remover: FetcherWithComponents<ActionResult>;
  disabled: boolean;
  children: React.ReactNode;
}) {
  const [searchParams] = useSearchParams();
  const anchor = `#recensione-${review.id}`;
  return (
    <>
      <div className="review-admin__actions">
        {children}
        <ConfirmButton
          label="Elimina"
          accessibleLabel={`Elimina la recensione di ${review.name}`}
          question={question}
          confirmLabel="Elimina"
          noScriptHref={`${page}?${confirmParam}=${review.id}${anchor}`}
          disabled={disabled}
          onConfirm={() => remover.submit(deleteFields, { method: "post", action })}
        />
      </div>
      {searchParams.get(confirmParam) === review.id ? (
        <NoScriptConfirm
          action={action}
          question={question}
          confirmLabel="Elimina"
          fields={deleteFields}
          cancelHref={`${page}${anchor}`}
        />
      ) : null}
    </>
  );
}
