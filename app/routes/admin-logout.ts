import { redirect } from "react-router";
import type { Route } from "./+types/admin-logout";
import { assertSameOrigin } from "~/core/server/origin.server";
import type { Flash } from "~/core/forms/flash.server";
import { redirectWithToast } from "~/core/forms/respond.server";
import { LOGOUT_MESSAGES } from "~/features/account/logout-messages";
import { clearSessionCookie, readSessionToken } from "~/features/account/sessions.server";
import { servicesContext } from "~/context";

/** Logout is a POST from our own pages only (a link or an image elsewhere must not sign anyone out). */
export async function action({ request, context }: Route.ActionArgs) {
  const s = context.get(servicesContext);
  assertSameOrigin(request, s.config.siteUrl);
  // The browser forgets the session either way; the row is what makes it invalid everywhere.
  const headers: HeadersInit = [
    ["Cache-Control", "no-store"],
    ["Set-Cookie", clearSessionCookie(request)],
  ];
  const token = readSessionToken(request);
  let toast: Flash = { kind: "success", message: LOGOUT_MESSAGES.success };
  try {
    if (token) await s.sessions.deleteByToken(token);
  } catch (error) {
    s.logger.error({ err: error }, "logout failed");
    toast = { kind: "error", message: LOGOUT_MESSAGES.failure };
  }
  return redirectWithToast(request, s.flash, "/home", toast, { headers });
}

export function loader() {
  return redirect("/home");
}
