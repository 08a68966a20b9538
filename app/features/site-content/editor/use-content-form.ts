import { useForm, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { editorSchema, type ContentGroup } from "~/features/site-content/editor-groups";

type EditorValue<G extends ContentGroup> = z.output<ReturnType<typeof editorSchema<G>>>;

/**
 * Conform on one editor form: the browser checks with the form's schema (the same the server uses)
 * when a field is left and again as it is corrected.
 *
 * The form remembers the version its values were loaded from (`baseVersion`): when another tab
 * publishes, the page refreshes live but what she is typing stays, and saving it is refused as a
 * conflict instead of silently undoing the other change. Each navigation (her own save redirects)
 * mounts the form afresh on the newest version.
 */
export function useContentForm<G extends ContentGroup>(
  group: G,
  version: number,
  defaultValue: Omit<EditorValue<G>, "version">,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  const [baseVersion] = useState(version);
  const [form, fields] = useForm<EditorValue<G>>({
    id: `contenuti-${group}-${baseVersion}`,
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editorSchema(group), disableAutoCoercion: true }),
  });
  return { form, fields, baseVersion };
}
