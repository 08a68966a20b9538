import type { FormMetadata, SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { type ContentGroup, editorSchema } from "~/features/site-content/editor-groups";

type EditorValue<G extends ContentGroup> = z.output<ReturnType<typeof editorSchema<G>>>;

/**
 * One editor form: `useSchemaForm` with the form's schema (the same the server uses, values as
 * typed), keeping the version its values were loaded from (`baseVersion`): when another tab
 * publishes, the page refreshes live but what she is typing stays, and saving it is refused as a
 * conflict instead of silently undoing the other change. Her own save starts the form afresh on the
 * version it published (without JavaScript, through the redirect; with it, in place).
 */
export function useContentForm<G extends ContentGroup>(
  group: G,
  version: number,
  defaultValue: Omit<EditorValue<G>, "version">,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  const [baseVersion, setBaseVersion] = useState(version);
  // Her own save (answered in place with JavaScript) is the form's new starting point: later saves
  // build on it, and nothing is "unsaved". Once per answer: a later live refresh must not move it.
  const answered = useRef(lastResult);
  useEffect(() => {
    if (!lastResult || lastResult === answered.current) return;
    answered.current = lastResult;
    if (lastResult.status === "success") setBaseVersion(version);
  }, [lastResult, version]);
  const { form, fields } = useSchemaForm(editorSchema<G>(group), {
    id: `contenuti-${group}-${baseVersion}`,
    lastResult,
    defaultValue,
    disableAutoCoercion: true,
  });
  // Typed by the schema's output, as the editors' fields read it (the schema's input types are looser).
  type Editor = FormMetadata<EditorValue<G>, string[]>;
  return {
    form: form as unknown as Editor,
    fields: fields as unknown as ReturnType<Editor["getFieldset"]>,
    baseVersion,
  };
}
