import type { RouterContextProvider } from "react-router";
import type { ActionResult } from "~/core/forms/action-result";
import { servicesContext } from "~/context";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, respond } from "~/core/forms/respond.server";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { MAX_CONTENT_FORM_BYTES, MAX_HOURS_FORM_FIELDS, saveContentGroup } from "~/features/site-content/editor.server";
import { editorSchema, groupPaths, type ContentGroup } from "~/features/site-content/editor-groups";
import { CONTENT_MESSAGES } from "~/features/site-content/messages";

/**
 * The action of one editor screen. A plain form post that saved is redirected with a toast (a
 * reload does not post again); a refusal answers the form's values with the messages next to each
 * field (400), or the conflict with another save (409); a list button (add, remove, move a studio)
 * saves nothing and answers the updated form.
 */
export async function contentGroupAction(
  group: ContentGroup,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  alreadyRead?: FormData,
) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const maxFields = group === "orari" ? MAX_HOURS_FORM_FIELDS : undefined;
  const form = alreadyRead ?? (await readForm(request, { maxBytes: MAX_CONTENT_FORM_BYTES, maxFields }));
  const submission = parseSubmission(form, editorSchema(group), { disableAutoCoercion: true });
  if (submission.status === undefined)
    // A list button (add, remove, move a row): the form again, nothing to announce.
    return respond<ActionResult>(request, s.flash, { ok: true, message: "", reply: submission.reply() });
  if (submission.status !== "success") {
    // A version out of range is no field she can correct: the page is what needs reloading.
    const message = submission.error?.version ? CONTENT_MESSAGES.staleForm : CONTENT_MESSAGES.invalid;
    return respond(request, s.flash, { ok: false, message, reply: submission.reply() }, { status: 400 });
  }
  const { version, ...value } = submission.value;
  const result = await saveContentGroup(s, group, value, version);
  if (!result.ok) {
    const reply = submission.reply({ formErrors: [CONTENT_MESSAGES.conflict] });
    return respond(request, s.flash, { ok: false, message: CONTENT_MESSAGES.conflictShort, reply }, { status: 409 });
  }
  const message = result.value.unchanged ? CONTENT_MESSAGES.unchanged : CONTENT_MESSAGES.saved;
  return respond(request, s.flash, { ok: true, message, reply: submission.reply() }, { redirectTo: groupPaths[group] });
}
