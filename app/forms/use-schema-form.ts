import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { FormEvent } from "react";
import type { z } from "zod";
import { toast } from "~/components/toaster";
import { firstError } from "./action-result";

/**
 * Conform on a form, with the zod schema the server parses it with. The browser checks a field
 * when it is left and again as it is corrected, and the whole form on submit: a refused submit
 * stays in the page, its first message is announced and the first field in error gets the focus.
 * Without JavaScript the browser posts and the server's answer (`lastResult`) shows the same
 * messages next to the same fields.
 */
// biome-ignore lint/suspicious/noExplicitAny: Conform types a form's value as a record of anything.
export function useSchemaForm<Schema extends z.ZodType<unknown, Record<string, any>>>(
  schema: Schema,
  { id, lastResult }: { id: string; lastResult?: SubmissionResult<string[]> | null },
) {
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    form.onSubmit(event);
    if (!event.defaultPrevented) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const checked = parseWithZod(new FormData(event.currentTarget, submitter), { schema });
    const [name, message] = firstError(checked.status === "error" ? checked.error : null) ?? [];
    if (message) toast.error(message);
    if (name) event.currentTarget.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus();
  }
  return { form, fields, formProps: { ...getFormProps(form), onSubmit } };
}
