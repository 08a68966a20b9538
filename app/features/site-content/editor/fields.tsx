import { useUnsavedChangesGuard } from "~/core/forms/leave-guard";
import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { type ReactNode, useRef } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { useActionResult, type ActionResult } from "~/core/forms/action-result";
import { ErrorList, Field } from "~/core/forms/field";

export { ErrorList };

type Meta = FieldMetadata<string | number | null | undefined>;

interface FieldProps {
  meta: Meta;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
}

/** What ties a control to the form's state: name, value as loaded or as typed, and the key that resets it. */
const bind = (meta: Meta) => ({
  name: meta.name,
  form: meta.formId,
  defaultValue: meta.initialValue == null ? undefined : String(meta.initialValue),
});

type InputType = "text" | "email" | "tel" | "url" | "time" | "number";

/** A one-line field of an editor form, on the shared Field (label, hint, message next to it). */
export function TextField({
  meta,
  type = "text",
  inputMode,
  maxLength,
  onInput,
  ...field
}: FieldProps & {
  type?: InputType;
  maxLength?: number;
  inputMode?: "numeric" | "text" | "email" | "tel" | "url";
  /** Sees each change as it is typed (e.g. to preview it); the form still owns the value. */
  onInput?: (value: string) => void;
}) {
  return (
    <Field id={meta.id} errors={meta.errors} hintFirst {...field}>
      {(control) => (
        <input
          key={meta.key}
          {...control}
          {...bind(meta)}
          type={type}
          autoComplete="off"
          inputMode={inputMode}
          maxLength={maxLength}
          onInput={onInput ? (event) => onInput(event.currentTarget.value) : undefined}
        />
      )}
    </Field>
  );
}

export function TextAreaField({ meta, rows = 4, ...field }: FieldProps & { rows?: number }) {
  return (
    <Field id={meta.id} errors={meta.errors} hintFirst {...field}>
      {(control) => <textarea key={meta.key} {...control} {...bind(meta)} rows={rows} />}
    </Field>
  );
}

export function SelectField({
  meta,
  options,
  ...field
}: FieldProps & { options: readonly { value: string; label: string }[] }) {
  return (
    <Field id={meta.id} errors={meta.errors} hintFirst {...field}>
      {(control) => (
        <select key={meta.key} {...control} {...bind(meta)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A checkbox row ("Chiuso"). */
export function CheckboxField({ meta, label }: { meta: Meta; label: ReactNode }) {
  return (
    <Field id={meta.id} errors={meta.errors} label={label} check>
      {(control) => (
        <input
          key={meta.key}
          {...control}
          type="checkbox"
          name={meta.name}
          form={meta.formId}
          defaultChecked={meta.initialValue === "on"}
        />
      )}
    </Field>
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
  announce = true,
}: {
  form: FormMetadata<Value, string[]>;
  version: number;
  children: ReactNode;
  submitLabel?: string;
  encType?: "multipart/form-data";
  /** Shows the save's result as a toast (off when the screen already does it for all its forms). */
  announce?: boolean;
}) {
  const navigation = useNavigation();
  const result = useActionData() as ActionResult | undefined;
  useActionResult(announce ? result : undefined);
  const busy = navigation.state === "submitting" && navigation.formData?.get("version") != null;
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChangesGuard(formRef, version);
  return (
    <Form ref={formRef} method="post" {...getFormProps(form)} encType={encType} className="content-form">
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
