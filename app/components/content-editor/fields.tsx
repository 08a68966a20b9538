import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";

/** The messages of one field (or of the whole form), announced when they appear. */
export function ErrorList({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field__error">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

interface FieldShellProps {
  meta: FieldMetadata<string | number | null | undefined>;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: (describedBy: string | undefined) => ReactNode;
}

function FieldShell({ meta, label, hint, optional, className, children }: FieldShellProps) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label className="field__label" htmlFor={meta.id}>
        {label}
        {optional ? <span className="field__optional"> (facoltativo)</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children(hintId)}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

type InputType = "text" | "email" | "tel" | "url" | "time" | "number" | "range";

export function TextField({
  meta,
  type = "text",
  autoComplete = "off",
  inputMode,
  onInput,
  ...shell
}: Omit<FieldShellProps, "children"> & {
  type?: InputType;
  autoComplete?: string;
  inputMode?: "numeric" | "text" | "email" | "tel" | "url";
  /** Sees each change as it is typed (e.g. to preview it); the form still owns the value. */
  onInput?: (value: string) => void;
}) {
  return (
    <FieldShell meta={meta} {...shell}>
      {(describedBy) => (
        <input
          {...getInputProps(meta, { type, ariaDescribedBy: describedBy })}
          autoComplete={autoComplete}
          inputMode={inputMode}
          onInput={onInput ? (event) => onInput(event.currentTarget.value) : undefined}
        />
      )}
    </FieldShell>
  );
}

export function TextAreaField({ meta, rows = 4, ...shell }: Omit<FieldShellProps, "children"> & { rows?: number }) {
  return (
    <FieldShell meta={meta} {...shell}>
      {(describedBy) => <textarea {...getTextareaProps(meta, { ariaDescribedBy: describedBy })} rows={rows} />}
    </FieldShell>
  );
}

export function SelectField({
  meta,
  options,
  ...shell
}: Omit<FieldShellProps, "children"> & { options: readonly { value: string; label: string }[] }) {
  return (
    <FieldShell meta={meta} {...shell}>
      {(describedBy) => (
        <select {...getSelectProps(meta, { ariaDescribedBy: describedBy })}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/**
 * An editor form: the version it was loaded from travels with it (a save on top of a newer version
 * is refused), form-level messages sit at the top, and the button shows progress while publishing.
 */
export function EditorForm<Value extends Record<string, unknown>>({
  form,
  version,
  children,
  submitLabel = "Salva e pubblica",
  encType,
}: {
  form: FormMetadata<Value, string[]>;
  version: number;
  children: ReactNode;
  submitLabel?: string;
  encType?: "multipart/form-data";
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("version") != null;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      encType={encType}
      className="content-form"
    >
      <input type="hidden" name="version" value={version} />
      {form.errors?.length ? (
        <div className="content-form__alert" role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
      ) : null}
      {children}
      <div className="content-form__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Pubblicazione in corso…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}
