import { useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
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
