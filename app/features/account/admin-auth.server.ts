import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import type { AdminSession, AdminUser } from "./schema";
import type { FlashStore } from "~/core/forms/flash.server";
import { redirectWithToast, requester } from "~/core/forms/respond.server";
import { assertSameOrigin, isMutation } from "~/core/server/origin.server";
import { readSessionToken, type SessionStore, sessionCookie } from "./sessions.server";

export interface SignedInAdmin {
  user: AdminUser;
  session: AdminSession;
  /** The raw cookie token (to re-issue the cookie); never logged. */
  token: string;
}

/** Set by the admin layout's middleware for every admin loader and action below it. */
export const adminContext = createContext<SignedInAdmin | null>(null);

const SESSION_EXPIRED_MESSAGE = "La sessione è scaduta: accedi di nuovo.";

/**
 * The administrator behind a request to the admin area: checks the Origin of state-changing
 * requests, then the session. Without a valid, fully verified session, pages are redirected to
 * /admin-login and data requests get 401 (thrown: nothing below runs).
 */
export async function authenticateAdmin(
  deps: { sessions: SessionStore; flash: FlashStore; config: { siteUrl: string } },
  request: Request,
): Promise<SignedInAdmin> {
  assertSameOrigin(request, deps.config.siteUrl);
  const token = readSessionToken(request);
  const active = await deps.sessions.find(token);
  if (token && active?.session.verified) return { ...active, token };
  if (!isMutation(request.method)) throw redirect("/admin-login", { headers: { "Cache-Control": "no-store" } });
  // A form posted by the browser itself (not a script) is a page: send it to the login, saying why.
  if (requester(request) === "document" && request.headers.get("sec-fetch-mode") === "navigate") {
    throw await redirectWithToast(request, deps.flash, "/admin-login", {
      kind: "error",
      message: SESSION_EXPIRED_MESSAGE,
    });
  }
  throw data(SESSION_EXPIRED_MESSAGE, { status: 401 });
}

/** A session in use gets its 7-day idle expiry pushed on: the cookie to set again when it was, else null. */
export async function renewSession(
  deps: { sessions: SessionStore },
  request: Request,
  admin: SignedInAdmin,
): Promise<string | null> {
  const renewed = await deps.sessions.renewIfStale(admin.session);
  return renewed ? sessionCookie(request, admin.token) : null;
}

/** The signed-in administrator; only callable below the admin layout's middleware (throws 401 otherwise). */
export function requireAdmin(context: Readonly<RouterContextProvider>): SignedInAdmin {
  const admin = context.get(adminContext);
  if (!admin) throw data(SESSION_EXPIRED_MESSAGE, { status: 401 });
  return admin;
}

/** For the header: is this request signed in (fully, second factor included)? Read-only. */
export async function isSignedIn(deps: { sessions: SessionStore }, request: Request): Promise<boolean> {
  const token = readSessionToken(request);
  if (!token) return false;
  const active = await deps.sessions.find(token);
  return Boolean(active?.session.verified);
}
