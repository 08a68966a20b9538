import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Field } from "./field";

/*
 * The admin forms' controls on the shared Field (label, hint, message next to it), bound to Conform:
 * the name, the value as loaded or as typed, and the key that resets the control. The content
 * editor, the recipe editor and the invitations use the same ones.
 */

type Meta = FieldMetadata<unknown>;

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
  defaultValue:
    typeof meta.initialValue === "string" || typeof meta.initialValue === "number"
      ? String(meta.initialValue)
      : undefined,
});

type InputType = "text" | "email" | "tel" | "url" | "time" | "date" | "datetime-local" | "number";

/** A one-line field of an editor form, on the shared Field (label, hint, message next to it). */
export function TextField({
  meta,
  type = "text",
  inputMode,
  maxLength,
  ...field
}: FieldProps & {
  type?: InputType;
  maxLength?: number;
  inputMode?: "numeric" | "decimal" | "text" | "email" | "tel" | "url";
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
        />
      )}
    </Field>
  );
}

export function TextAreaField({
  meta,
  rows = 4,
  maxLength,
  ...field
}: FieldProps & { rows?: number; maxLength?: number }) {
  return (
    <Field id={meta.id} errors={meta.errors} hintFirst {...field}>
      {(control) => <textarea key={meta.key} {...control} {...bind(meta)} rows={rows} maxLength={maxLength} />}
    </Field>
  );
}

export function SelectField({
  meta,
  options,
  placeholder,
  onChange,
  ...field
}: FieldProps & {
  options: readonly { value: string; label: string }[];
  /** A first, empty choice ("Scegli…") when nothing is chosen yet. */
  placeholder?: string;
  onChange?: (value: string) => void;
}) {
  return (
    <Field id={meta.id} errors={meta.errors} hintFirst {...field}>
      {(control) => (
        <select
          key={meta.key}
          {...control}
          {...bind(meta)}
          onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
        >
          {placeholder ? <option value="">{placeholder}</option> : null}
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
export function CheckboxField({ meta, label, hint }: { meta: Meta; label: ReactNode; hint?: ReactNode }) {
  return (
    <Field id={meta.id} errors={meta.errors} label={label} hint={hint} check>
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
 * Checkboxes (several values under one name) or radio buttons (one), in a fieldset with its legend;
 * each option may show a picture above its label (a photo chosen by its thumbnail).
 */
export function Choices({
  meta,
  legend,
  hint,
  options,
  multiple,
}: {
  meta: Meta;
  legend: string;
  hint?: string;
  options: readonly { value: string; label: string; picture?: ReactNode }[];
  multiple?: boolean;
}) {
  const chosen = new Set(
    Array.isArray(meta.initialValue) ? meta.initialValue : meta.initialValue ? [meta.initialValue] : [],
  );
  const hintId = `${meta.id}-hint`;
  const errorId = `${meta.id}-error`;
  const error = meta.errors?.[0];
  return (
    <fieldset
      key={meta.key}
      className={options.some((option) => option.picture) ? "choices choices--pictures" : "choices"}
      aria-describedby={[hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined}
    >
      <legend className="field__label">{legend}</legend>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className="choices__options">
        {options.map((option) => (
          <label key={option.value} className="choices__option">
            <input
              type={multiple ? "checkbox" : "radio"}
              name={meta.name}
              value={option.value}
              defaultChecked={chosen.has(option.value)}
              aria-invalid={error ? true : undefined}
            />
            {option.picture}
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
