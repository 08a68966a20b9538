import { data, type RouterContextProvider } from "react-router";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { servicesContext } from "~/context";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, respond } from "~/core/forms/respond.server";
import { CONTENT_MESSAGES, MAX_CONTENT_FORM_BYTES, publishGroup } from "./editor.server";
import { editorSchema, groupPaths, type ContentGroup } from "./schemas";

/**
 * One editor form's action: validates with the form's schema (the browser ran the same one), then
 * publishes on top of the version the form was loaded from. A plain form post that saved is
 * redirected with a toast (a reload does not post again); a refusal answers the form's values with
 * the messages next to each field; list buttons (add, remove, move a studio) answer the updated form.
 */
export async function contentGroupAction(
  group: ContentGroup,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  alreadyRead?: FormData,
) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const form = alreadyRead ?? (await readForm(request, MAX_CONTENT_FORM_BYTES));
  const submission = parseSubmission(form, editorSchema(group), { disableAutoCoercion: true });
  if (submission.status === undefined) {
    // A list button, not a save: the form comes back with the studio added, removed or moved.
    return data({ ok: true, message: null, reply: submission.reply() }, { headers: { "Cache-Control": "no-store" } });
  }
  if (submission.status !== "success") {
    // A version out of range is no field she can correct: the page is what needs reloading.
    const message = submission.error?.version ? CONTENT_MESSAGES.staleForm : CONTENT_MESSAGES.invalid;
    return respond(request, s.flash, { ok: false, message, reply: submission.reply() }, { status: 400 });
  }
  const { version, ...value } = submission.value;
  const result = await publishGroup(s, group, value as never, version);
  if (!result.ok) {
    const reply = submission.reply({ formErrors: [CONTENT_MESSAGES.conflict] });
    return respond(request, s.flash, { ok: false, message: CONTENT_MESSAGES.conflictShort, reply }, { status: 409 });
  }
  s.logger.info({ group, version: result.published.version }, "site content published");
  return respond(
    request,
    s.flash,
    { ok: true, message: CONTENT_MESSAGES.saved, reply: submission.reply() },
    { redirectTo: groupPaths[group] },
  );
}
