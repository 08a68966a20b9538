import type { ReactNode } from "react";

/** What a field's control needs to be tied to its label, hint and error. */
interface ControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

type Errors = readonly string[] | string | null | undefined;

const firstError = (errors: Errors) => (typeof errors === "string" ? errors : errors?.[0]) || null;

/**
 * One form field: label, optional hint, the control and its error, with the
 * ids and aria attributes wired once. The control is rendered by `children`
 * with the props to spread on it; `check` lays out a checkbox before its label.
 */
export function Field({
  id,
  label,
  hint,
  errors,
  optional,
  check,
  hintFirst,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  errors?: Errors;
  /** Adds "(facoltativo)" to the label. */
  optional?: boolean;
  check?: boolean;
  /** The hint between label and control (for instructions to read before typing). */
  hintFirst?: boolean;
  children: (control: ControlProps) => ReactNode;
}) {
  const error = firstError(errors);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  const control: ControlProps = {
    id,
    ...(error ? { "aria-invalid": true as const } : {}),
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
  };
  const labelElement = (
    <label className="field__label" htmlFor={id}>
      {label}
      {optional ? <span className="field__optional"> (facoltativo)</span> : null}
    </label>
  );
  const hintElement = hint ? (
    <p className="field__hint" id={hintId}>
      {hint}
    </p>
  ) : null;
  return (
    <div className={check ? "field field--check" : "field"}>
      {check ? children(control) : labelElement}
      {check ? labelElement : null}
      {hintFirst || check ? hintElement : null}
      {check ? null : children(control)}
      {hintFirst || check ? null : hintElement}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A field's (or a whole form's) error, in the place and style every form uses. */
export function ErrorList({ id, errors }: { id: string; errors?: Errors }) {
  const error = firstError(errors);
  return error ? (
    <p className="field__error" id={id}>
      {error}
    </p>
  ) : null;
}
