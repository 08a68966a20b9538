// Decision 73: a site on a public address shows visitors one page, "Sito in
// preparazione", until she publishes it; she, signed in, sees the whole site as it will be.
import type { NextFunction, Request, Response } from "express";
import { isLoopbackSite } from "~/features/site-content/publication.server";
import { sessionTokenFromCookie } from "~/features/account/sessions.server";
import { TOKEN_ROUTES } from "~/routes-with-tokens";
import type { AppServices } from "~/services.server";
import { siteInPreparationHtml } from "~/ui/site-in-preparation.server";

/** Search engines and visitors are told to come back in an hour. */
export const PREPARATION_RETRY_AFTER_SECONDS = 3600;
/** The state read again after this even without an announcement (a lost connection to the bus). */
const STATE_TTL_MS = 30_000;

/**
 * What works before the site is published: her admin and its sign-in, React Router's route
 * manifest (no content), and the addresses whose token is the key to something already hers or a
 * patient's (her agenda's feed, a booked visit, a subscription): none of them is indexable.
 */
const tokenPrefixes = TOKEN_ROUTES.map((route) => `/${route.split("/:")[0]}/`);
function alwaysOpen(path: string): boolean {
  const page = path.endsWith(".data") ? path.slice(0, -".data".length) : path;
  return (
    page === "/admin" ||
    page.startsWith("/admin/") ||
    page === "/admin-login" ||
    page.startsWith("/admin-login/") ||
    page === "/admin-logout" ||
    page === "/__manifest" ||
    tokenPrefixes.some((prefix) => page.startsWith(prefix))
  );
}

export const PREPARATION_ROBOTS_TXT = "User-agent: *\nDisallow: /\n";
export const PREPARATION_SITEMAP_XML =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</urlset>\n';

export function preparationGate(services: Pick<AppServices, "config" | "bus" | "publication" | "sessions">) {
  const active = !isLoopbackSite(services.config.siteUrl);
  let state: { published: boolean; readAt: number } | undefined;
  let reading: Promise<boolean> | undefined;
  if (active)
    services.bus.subscribe((event) => {
      if (event.table === "site_publication") state = undefined;
    });

  async function published(): Promise<boolean> {
    if (state && Date.now() - state.readAt < STATE_TTL_MS) return state.published;
    reading ??= services.publication
      .publishedAt()
      .then((at) => {
        state = { published: at !== null, readAt: Date.now() };
        return state.published;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  }

  async function signedIn(req: Request): Promise<boolean> {
    const token = sessionTokenFromCookie(req.headers.cookie);
    return Boolean(token && (await services.sessions.find(token))?.session.verified);
  }

  const closed = (res: Response, status: number, type: string, body: string) =>
    res.status(status).set({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" }).type(type).send(body);

  return {
    active,
    /** Whether visitors see the site: read again when the state is older than STATE_TTL_MS. */
    published: async () => !active || (await published()),
    /**
     * Whether a kept page may be answered before Express: on a public address only once the site is
     * known to be published (otherwise the middleware decides, reading the state).
     */
    open(): boolean {
      return !active || (state?.published === true && Date.now() - state.readAt < STATE_TTL_MS);
    },
    /** Before the page cache: a visitor of a site in preparation never reaches a page. */
    async middleware(req: Request, res: Response, next: NextFunction) {
      if (!active) return next();
      // The path as the router will read it (its adapter appends the target to the origin):
      // "/admin/../home" is /home there (WHATWG URL), and must be here.
      const path = URL.parse(`http://gate.invalid${req.originalUrl}`)?.pathname ?? "";
      if (alwaysOpen(path)) return next();
      try {
        if (await published()) return next();
        if (await signedIn(req)) {
          // Her preview: never kept by a browser or a proxy, never indexed.
          res.set({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
          return next();
        }
      } catch (error) {
        return next(error);
      }
      if (path === "/robots.txt") return closed(res, 200, "text/plain; charset=utf-8", PREPARATION_ROBOTS_TXT);
      if (req.path === "/sitemap.xml")
        return closed(res, 200, "application/xml; charset=utf-8", PREPARATION_SITEMAP_XML);
      res.set("Retry-After", String(PREPARATION_RETRY_AFTER_SECONDS));
      closed(res, 503, "text/html; charset=utf-8", siteInPreparationHtml());
    },
  };
}
