import { useId, useRef } from "react";
import { Link } from "react-router";
import { useHydrated } from "~/ui/use-hydrated";

/**
 * A destructive action behind a confirmation. With JavaScript: a modal
 * <dialog> (focus kept inside, Esc closes, focus returns to the button).
 * Without: a link that reloads the page with the question shown in place
 * (`noScriptHref`), whose form then posts normally.
 */
export function ConfirmButton({
  label,
  accessibleLabel,
  question,
  confirmLabel,
  onConfirm,
  noScriptHref,
  disabled,
}: {
  label: string;
  accessibleLabel: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  noScriptHref: string;
  disabled?: boolean;
}) {
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const questionId = useId();

  if (!hydrated) {
    return (
      <Link
        to={noScriptHref}
        className="admin-action admin-action--danger"
        aria-label={accessibleLabel}
        preventScrollReset
      >
        {label}
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className="admin-action admin-action--danger"
        aria-label={accessibleLabel}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => dialogRef.current?.showModal()}
      >
        {label}
      </button>
      <dialog ref={dialogRef} className="admin-dialog" aria-labelledby={questionId}>
        <p id={questionId} className="admin-dialog__question">
          {question}
        </p>
        <div className="admin-dialog__actions">
          {/* First in the dialog, so it has the focus: the safe choice is the default. */}
          <button
            type="button"
            className="button button--secondary"
            autoFocus
            onClick={() => dialogRef.current?.close()}
          >
            Annulla
          </button>
          <button
            type="button"
            className="button admin-button--danger"
            onClick={() => {
              dialogRef.current?.close();
              onConfirm();
            }}
          >
            {confirmLabel}
          </button>
        </div>
      </dialog>
    </>
  );
}

/** The same question rendered in the page, for a browser without JavaScript. */
export function NoScriptConfirm({
  question,
  confirmLabel,
  action,
  fields,
  cancelHref,
  groupLabel = "Conferma eliminazione",
}: {
  /** What the group is called for a screen reader. */
  groupLabel?: string;
  question: string;
  confirmLabel: string;
  /** The route that makes the change. */
  action: string;
  fields: Record<string, string>;
  cancelHref: string;
}) {
  return (
    <form method="post" action={action} className="admin-confirm" role="group" aria-label={groupLabel}>
      <p className="admin-confirm__question">{question}</p>
      <HiddenFields fields={fields} />
      <div className="admin-dialog__actions">
        <a href={cancelHref} className="button button--secondary">
          Annulla
        </a>
        <button type="submit" className="button admin-button--danger">
          {confirmLabel}
        </button>
      </div>
    </form>
  );
}

/** What a small action form posts besides its button: one hidden input per field. */
export function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}
