import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { adminContext, servicesContext } from "~/context";
import type { AdminSession, AdminUser } from "~/core/db/schema";
import { requester } from "~/core/forms/respond.server";
import { isMutation, isSameOriginRequest } from "./origin.server";
import { createSessionStore, readSessionToken, sessionCookie } from "./sessions.server";

export interface SignedInAdmin {
  user: AdminUser;
  session: AdminSession;
  /** The raw cookie token (to re-issue the cookie); never logged. */
  token: string;
}

const SESSION_EXPIRED_MESSAGE = "La sessione è scaduta: accedi di nuovo.";
const FORBIDDEN_MESSAGE = "Richiesta non consentita";

/** Throws 403 unless a state-changing request comes from one of our own pages. */
export function assertSameOrigin(request: Request, siteUrl: string): void {
  if (isMutation(request.method) && !isSameOriginRequest(request, siteUrl)) {
    throw data(FORBIDDEN_MESSAGE, { status: 403 });
  }
}

/**
 * Route middleware for everything under /admin: checks the Origin of
 * state-changing requests, then the session. Without a valid, fully verified
 * session, pages redirect to /admin-login and data requests get 401; nothing
 * below runs. A session in use gets its 7-day idle expiry (and cookie) renewed.
 */
export const requireAdminSession: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const s = context.get(servicesContext);
  assertSameOrigin(request, s.config.siteUrl);
  const sessions = createSessionStore(s.database.db);
  const token = readSessionToken(request);
  const active = await sessions.find(token);
  if (!token || !active || !active.session.verified) {
    if (!isMutation(request.method)) throw redirect("/admin-login", { headers: { "Cache-Control": "no-store" } });
    // A form posted by the browser itself (not a script) is a page: send it to the login, saying why.
    if (requester(request) === "document" && request.headers.get("sec-fetch-mode") === "navigate") {
      throw redirect("/admin-login", {
        headers: { "Set-Cookie": await s.flash.set(request, { kind: "error", message: SESSION_EXPIRED_MESSAGE }) },
      });
    }
    throw data(SESSION_EXPIRED_MESSAGE, { status: 401 });
  }
  context.set(adminContext, { ...active, token });
  const renewed = await sessions.renewIfStale(active.session);
  const response = await next();
  // Admin pages show private data: never cached, by the browser or any proxy.
  response.headers.set("Cache-Control", "private, no-store");
  if (renewed) response.headers.append("Set-Cookie", sessionCookie(request, token));
  return response;
};

/** The signed-in administrator; only callable below requireAdminSession (throws 401 otherwise). */
export function requireAdmin(context: Readonly<RouterContextProvider>): SignedInAdmin {
  const admin = context.get(adminContext);
  if (!admin) throw data(SESSION_EXPIRED_MESSAGE, { status: 401 });
  return admin;
}

/** For the header: is this request signed in (fully, second factor included)? Read-only. */
export async function isSignedIn(request: Request, context: Readonly<RouterContextProvider>): Promise<boolean> {
  const token = readSessionToken(request);
  if (!token) return false;
  const s = context.get(servicesContext);
  const active = await createSessionStore(s.database.db).find(token);
  return Boolean(active?.session.verified);
}
