import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { requireAdmin } from "~/auth/admin-auth.server";
import { flashCookie } from "~/lib/flash.server";
import { servicesContext } from "~/services.server";
import { CONTENT_MESSAGES, MAX_CONTENT_FORM_BYTES, PayloadTooLargeError, publishGroup, readFormData } from "./editor.server";
import { editorSchema, groupPaths, type ContentGroup } from "./schemas";

/**
 * One editor form's action: validates with the form's schema (the browser ran the same one), then
 * publishes on top of the version the form was loaded from. Success redirects with a toast, so a
 * reload does not post again, with or without JavaScript; a refusal answers the form's values with
 * the messages next to each field; list buttons (add, remove, move a studio) answer the updated form.
 */
export async function contentGroupAction(
  group: ContentGroup,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  alreadyRead?: FormData,
) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  let form: FormData;
  try {
    form = alreadyRead ?? (await readFormData(request, MAX_CONTENT_FORM_BYTES));
  } catch (error) {
    if (error instanceof PayloadTooLargeError) {
      return data({ result: { status: "error" as const, error: { "": [CONTENT_MESSAGES.tooBig] } } }, { status: 413 });
    }
    throw error;
  }
  const submission = parseWithZod(form, { schema: editorSchema(group), disableAutoCoercion: true });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  }
  const { version, ...value } = submission.value;
  const result = await publishGroup(s, group, value as never, version);
  if (!result.ok) {
    return data({ result: submission.reply({ formErrors: [CONTENT_MESSAGES.conflict] }) }, { status: 409 });
  }
  s.logger.info({ group, version: result.published.version }, "site content published");
  return redirect(groupPaths[group], {
    headers: { "Set-Cookie": flashCookie({ kind: "success", message: CONTENT_MESSAGES.saved }) },
  });
}

/** Answers an action that is not a form's validation: a toast after a redirect (also without JavaScript). */
export function redirectWithFlash(to: string, kind: "success" | "error", message: string) {
  return redirect(to, { headers: { "Set-Cookie": flashCookie({ kind, message }) } });
}
