import { redirect } from "react-router";
import type { Route } from "./+types/admin-logout";
import { assertSameOrigin } from "~/core/server/origin.server";
import { LOGOUT_MESSAGES } from "~/features/account/logout-messages";
import { clearSessionCookie, readSessionToken } from "~/features/account/sessions.server";
import { servicesContext } from "~/context";

/** Logout is a POST from our own pages only (a link or an image elsewhere must not sign anyone out). */
export async function action({ request, context }: Route.ActionArgs) {
  const s = context.get(servicesContext);
  assertSameOrigin(request, s.config.siteUrl);
  const headers = new Headers({ "Cache-Control": "no-store" });
  // The browser forgets the session either way; the row is what makes it invalid everywhere.
  headers.append("Set-Cookie", clearSessionCookie(request));
  const token = readSessionToken(request);
  try {
    if (token) await s.sessions.deleteByToken(token);
    headers.append("Set-Cookie", await s.flash.set(request, { kind: "success", message: LOGOUT_MESSAGES.success }));
  } catch (error) {
    s.logger.error({ err: error }, "logout failed");
    headers.append("Set-Cookie", await s.flash.set(request, { kind: "error", message: LOGOUT_MESSAGES.failure }));
  }
  return redirect("/home", { headers });
}

export function loader() {
  return redirect("/home");
}
