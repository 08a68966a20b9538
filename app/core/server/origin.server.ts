import { data } from "react-router";

/** Methods that change nothing; every other one must come from our own pages. */
export function isMutation(method: string): boolean {
  return !["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase());
}

function originOf(url: string | null | undefined): string | null {
  if (!url || url === "null") return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The origins our pages are served from: the one this request was addressed
 * to, and SITE_URL's (behind a proxy that rewrites the Host header).
 */
export function ownOrigins(requestUrl: string, siteUrl: string): Set<string> {
  return new Set([new URL(requestUrl).origin, new URL(siteUrl).origin]);
}

/**
 * Cross-site request forgery guard for state-changing requests. Browsers send
 * Origin on every POST; an old one may send only Referer. `requirePresent`
 * refuses requests carrying neither (admin actions); without it a request
 * with no Origin at all (curl, a script) passes, one with a foreign Origin never does.
 */
export function originAllowed(
  headers: { origin: string | null | undefined; referer: string | null | undefined },
  allowed: Set<string>,
  requirePresent: boolean,
): boolean {
  if (headers.origin != null && headers.origin !== "") {
    const origin = originOf(headers.origin);
    return origin !== null && allowed.has(origin);
  }
  if (headers.referer) {
    const origin = originOf(headers.referer);
    return origin !== null && allowed.has(origin);
  }
  return !requirePresent;
}

export function isSameOriginRequest(request: Request, siteUrl: string): boolean {
  return originAllowed(
    { origin: request.headers.get("origin"), referer: request.headers.get("referer") },
    ownOrigins(request.url, siteUrl),
    true,
  );
}

/** What a request from another site is told (403), by the whole-site guard and the admin alike. */
export const FOREIGN_ORIGIN_MESSAGE = "Richiesta non consentita";

/** Throws 403 unless a state-changing request comes from one of our own pages (admin actions, sign-in, logout). */
export function assertSameOrigin(request: Request, siteUrl: string): void {
  if (isMutation(request.method) && !isSameOriginRequest(request, siteUrl)) {
    throw data(FOREIGN_ORIGIN_MESSAGE, { status: 403 });
  }
}
