import type { FieldMetadata } from "@conform-to/react";

/* The recipe editor's own control; its text fields and lists are the admin's shared ones (core/forms/conform-fields). */

type Meta = FieldMetadata<unknown>;

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
