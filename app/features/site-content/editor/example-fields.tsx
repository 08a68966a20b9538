import type { FieldMetadata } from "@conform-to/react";
import { createContext, type ReactNode, useContext } from "react";
import { TextAreaField, TextField } from "~/core/forms/conform-fields";
import { Field } from "~/core/forms/field";
import type { ExampleField } from "~/features/site-content/kept-examples";

/**
 * The first-run setup's example fields (kept-examples.ts `exampleFields`), by field name: each
 * shown empty with the example as its hint, so she never clears the example's words by hand; the
 * generic ones kept with one tap. Outside the setup (the editor screens) nothing: values as stored.
 */
export const ExampleFields = createContext<Record<string, ExampleField>>({});

/** A form's starting values with the example fields emptied (`prefix`: the part's name, "texts"). */
export function useWithoutExamples<T extends Record<string, unknown>>(prefix: string, value: T): T {
  const examples = useContext(ExampleFields);
  const emptied: Record<string, unknown> = { ...value };
  for (const key of Object.keys(value)) {
    const inner = value[key];
    if (typeof inner === "string" && examples[`${prefix}.${key}`]) emptied[key] = "";
    else if (inner && typeof inner === "object" && !Array.isArray(inner))
      emptied[key] = Object.fromEntries(
        Object.entries(inner).map(([k, v]) => [k, examples[`${prefix}.${key}.${k}`] ? "" : v]),
      );
  }
  return emptied as T;
}

type Meta = FieldMetadata<unknown>;
type Props = {
  meta: Meta;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  type?: "text" | "email" | "tel" | "url";
  inputMode?: "numeric";
  /** A paragraph or more: a text area of these rows. */
  rows?: number;
};

/** An editor's text field; in the setup, an example's is empty with the example as its hint. */
export function ContentTextField({ rows, type = "text", inputMode, ...props }: Props) {
  const example = useContext(ExampleFields)[props.meta.name];
  if (!example)
    return rows ? <TextAreaField {...props} rows={rows} /> : <TextField {...props} type={type} inputMode={inputMode} />;
  return <ExampleTextField {...props} rows={rows} type={type} inputMode={inputMode} example={example} />;
}

function ExampleTextField({ meta, rows, type, inputMode, example, ...field }: Props & { example: ExampleField }) {
  const value = typeof meta.initialValue === "string" ? meta.initialValue : undefined;
  const placeholder = example.keepable ? example.example : `es. ${example.example}`;
  return (
    <Field id={meta.id} errors={meta.errors} hintFirst {...field}>
      {(control) => (
        <>
          {rows ? (
            <textarea
              key={meta.key}
              {...control}
              name={meta.name}
              form={meta.formId}
              defaultValue={value}
              rows={rows}
              placeholder={placeholder}
            />
          ) : (
            <input
              key={meta.key}
              {...control}
              name={meta.name}
              form={meta.formId}
              defaultValue={value}
              type={type}
              inputMode={inputMode}
              autoComplete="off"
              placeholder={placeholder}
            />
          )}
          {example.keepable ? (
            <label className="field__keep">
              <input
                type="checkbox"
                name="keep"
                value={meta.name}
                form={meta.formId}
                defaultChecked={value === example.example}
                // With JavaScript the example's words fill the field, hers to read or touch up; without, the server puts them.
                onChange={(event) => fill(meta.id, event.currentTarget.checked ? example.example : "")}
              />{" "}
              {example.example.length <= 40 ? `Tieni «${example.example}»` : "Tieni il testo d'esempio"}
              <span className="visually-hidden">: {field.label}</span>
            </label>
          ) : null}
        </>
      )}
    </Field>
  );
}

/** Puts a text in a field as if typed: the form (Conform listens to its input events) sees it changed. */
function fill(id: string, text: string) {
  const field = document.getElementById(id);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  field.value = text;
  field.dispatchEvent(new Event("input", { bubbles: true }));
}
