import { redirect } from "react-router";
import type { Route } from "./+types/admin-logout";
import { assertSameOrigin } from "~/core/server/origin.server";
import type { ActionResult } from "~/core/forms/action-result";
import { respond } from "~/core/forms/respond.server";
import { LOGOUT_MESSAGES } from "~/features/account/logout-messages";
import { clearSessionCookie, readSessionToken } from "~/features/account/sessions.server";
import { servicesContext } from "~/context";

/** Logout is a POST from our own pages only (a link or an image elsewhere must not sign anyone out). */
export async function action({ request, context }: Route.ActionArgs) {
  const s = context.get(servicesContext);
  assertSameOrigin(request, s.config.siteUrl);
  // The browser forgets the session either way; the row is what makes it invalid everywhere.
  // The button's form has no field: the post itself is the request, read from its cookie alone (a
  // script's post without a body signs out too).
  const token = readSessionToken(request);
  let result: ActionResult = { ok: true, message: LOGOUT_MESSAGES.success };
  try {
    if (token) await s.sessions.deleteByToken(token);
  } catch (error) {
    s.logger.error({ err: error }, "logout failed");
    result = { ok: false, message: LOGOUT_MESSAGES.failure };
  }
  return respond(request, s.flash, result, {
    redirectTo: "/home",
    redirectAlways: true,
    redirectStatus: 302,
    headers: { "Set-Cookie": clearSessionCookie(request) },
  });
}

export function loader() {
  return redirect("/home");
}
