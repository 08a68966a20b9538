import type { ReactNode } from "react";
import type { RichTextDocument } from "./document";
import { RichTextEditor } from "./editor";
import type { UploadImage } from "./editor-panels";

/**
 * A form's rich-text field: its label, an optional hint, the editor, and the field's first error,
 * each tied to the editor for screen readers. `meta`: the form's field (Conform's name, id, errors).
 */
export function RichTextField({
  meta,
  initial,
  label,
  hint,
  describedBy = [],
  uploadImage,
  className,
}: {
  meta: { name: string; id: string; errors?: string[] };
  initial: RichTextDocument;
  label: string;
  hint?: ReactNode;
  /** Other elements that describe the field (a reminder beside it). */
  describedBy?: string[];
  uploadImage?: UploadImage;
  className?: string;
}) {
  const hintId = `${meta.id}-hint`;
  const errorId = `${meta.id}-error`;
  const error = meta.errors?.[0];
  const description = [hint ? hintId : null, ...describedBy, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <p className="field__label" id={`${meta.id}-label`}>
        {label}
      </p>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <RichTextEditor
        name={meta.name}
        initial={initial}
        label={label}
        describedBy={description || undefined}
        invalid={Boolean(error)}
        uploadImage={uploadImage}
      />
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
