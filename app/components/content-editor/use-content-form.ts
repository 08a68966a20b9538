import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { editorSchema, type ContentGroup } from "~/content/schemas";

export type EditorValue<G extends ContentGroup> = z.output<ReturnType<typeof editorSchema<G>>>;

/**
 * Conform on one editor form: the browser checks with the form's schema (the same the server uses)
 * when a field is left and again as it is corrected. A new published version starts a fresh form.
 */
export function useContentForm<G extends ContentGroup>(
  group: G,
  version: number,
  defaultValue: Omit<EditorValue<G>, "version">,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  return useForm<EditorValue<G>>({
    id: `contenuti-${group}-${version}`,
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editorSchema(group), disableAutoCoercion: true }),
  });
}
