import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Field } from "~/core/forms/field";

/*
 * The recipe editor's controls on the shared Field (label, hint, message next to it), bound to
 * Conform: the name, the value as loaded or as typed, and the key that resets the control.
 */

type Meta = FieldMetadata<unknown>;

interface FieldProps {
  meta: Meta;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
}

const initial = (meta: Meta) => (typeof meta.initialValue === "string" ? meta.initialValue : undefined);

export function TextInput({
  meta,
  inputMode,
  maxLength,
  ...field
}: FieldProps & { inputMode?: "numeric" | "decimal" | "text"; maxLength?: number }) {
  return (
    <Field id={meta.id} errors={meta.errors} hintFirst {...field}>
      {(control) => (
        <input
          key={meta.key}
          {...control}
          name={meta.name}
          defaultValue={initial(meta)}
          type="text"
          autoComplete="off"
          inputMode={inputMode}
          maxLength={maxLength}
        />
      )}
    </Field>
  );
}

export function TextArea({ meta, rows = 3, maxLength, ...field }: FieldProps & { rows?: number; maxLength?: number }) {
  return (
    <Field id={meta.id} errors={meta.errors} hintFirst {...field}>
      {(control) => (
        <textarea
          key={meta.key}
          {...control}
          name={meta.name}
          defaultValue={initial(meta)}
          rows={rows}
          maxLength={maxLength}
        />
      )}
    </Field>
  );
}

export function Select({
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
          name={meta.name}
          defaultValue={initial(meta) ?? ""}
          onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
        >
          {placeholder ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Checkboxes (several values under one name) or radio buttons (one), in a fieldset with its legend. */
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
  options: readonly { value: string; label: string }[];
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
      className="recipe-form__choices"
      aria-describedby={[hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined}
    >
      <legend className="field__label">{legend}</legend>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className="recipe-form__options">
        {options.map((option) => (
          <label key={option.value} className="recipe-form__option">
            <input
              type={multiple ? "checkbox" : "radio"}
              name={meta.name}
              value={option.value}
              defaultChecked={chosen.has(option.value)}
              aria-invalid={error ? true : undefined}
            />
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
