import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "~/context";
import { readForm, respond } from "~/core/forms/respond.server";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { MAX_CONTENT_FORM_BYTES, MAX_HOURS_FORM_FIELDS, saveContentGroup } from "~/features/site-content/editor.server";
import { groupPaths, type ContentGroup } from "~/features/site-content/editor-groups";

/**
 * The action of one editor screen. A plain form post that saved is redirected with a toast (a
 * reload does not post again); a refusal answers the form's values with the messages next to each
 * field; a list button (add, remove, move a studio) answers the updated form.
 */
export async function contentGroupAction(
  group: ContentGroup,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  alreadyRead?: FormData,
) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const maxFields = group === "orari" ? MAX_HOURS_FORM_FIELDS : undefined;
  const form = alreadyRead ?? (await readForm(request, MAX_CONTENT_FORM_BYTES, maxFields));
  const result = await saveContentGroup(s, group, form);
  if (result.message === null) return data(result, { headers: { "Cache-Control": "no-store" } });
  const { ok, message, reply } = result;
  return respond(
    request,
    s.flash,
    { ok, message, reply },
    ok ? { redirectTo: groupPaths[group] } : { status: result.status },
  );
}
