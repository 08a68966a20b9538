// Decision 59: each answered request of a public page handed to the statistics'
// counter, before the page cache so that its hits count too. Only when the answer is finished and
// only in memory: the request never waits for the database (the counter writes every few seconds).
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { cachedPages } from "~/core/server/page-cache";
import type { CachedPage } from "~/core/feature-registration";
import { pageView } from "~/features/statistics/counting";
import type { PageCounter } from "~/features/statistics/page-counter.server";
import { visitorHeaders } from "~/visitor-headers.server";
import type { FrontView } from "./front-views";
import type { ProxiedRequest } from "./proxied-request";

/** The public pages not kept by the page cache (answered per visitor) that are counted too. */
const UNCACHED_PUBLIC_PAGES: CachedPage[] = ["/prenota", "/prenota/lista-attesa"];

/** What was answered: its status and type (a kept page's, sent in one block, are not read back from the response). */
interface Answer {
  status: number;
  contentType: string;
}

/**
 * `middleware` counts each answer when it is finished; `count` counts one already answered (a kept
 * page answered before Express, server/kept-page-fast-path.ts, whose URL is its path). Both read the
 * visitor's host and address through `proxied`, so a view counts the same either way. Not `enabled`
 * (PAGE_VIEW_COUNTING=false): nothing is counted.
 */
export function pageViewCounting(
  counter: PageCounter,
  publicPages: readonly CachedPage[],
  siteUrl: string,
  proxied: Pick<ProxiedRequest, "hostname" | "clientAddress">,
  enabled = true,
) {
  if (!enabled)
    return {
      middleware: (_req: Request, _res: Response, next: NextFunction) => next(),
      count() {},
      countFromFront(_view: FrontView, _times?: number) {},
    };
  const counted = cachedPages([...publicPages, ...UNCACHED_PUBLIC_PAGES]).includes;
  const siteHost = new URL(siteUrl).hostname;
  const middleware = (req: Request, res: Response, next: NextFunction) => {
    // A HEAD, a post: never a view, and no listener on its answer.
    if (req.method === "GET")
      res.once("finish", () =>
        count(req, req.originalUrl, req.path, {
          status: res.statusCode,
          contentType: String(res.getHeader("content-type") ?? ""),
        }),
      );
    next();
  };
  const countAnswered = (req: IncomingMessage, answer: Answer) => {
    if (req.method === "GET") count(req, req.url ?? "", req.url ?? "", answer);
  };
  /** A kept page the HTTPS front answered from its file `times` times (the supervisor read it from Caddy's log). */
  const countFromFront = (view: FrontView, times = 1) => {
    const header = (name: string) => view.headers[name];
    record(
      {
        method: "GET",
        path: view.path,
        query: NO_QUERY,
        status: view.status,
        contentType: view.contentType,
        headers: { ...visitorHeaders(header), referer: header("referer") },
        siteHosts: [siteHost],
      },
      view.address,
      times,
    );
  };
  return { middleware, count: countAnswered, countFromFront };

  // On a kept page's hit, working out every value for every view cost a fifth of the answer
  // (decision 68): each value below is read only when the view needs it.
  function count(req: IncomingMessage, url: string, path: string, { status, contentType }: Answer) {
    const queryAt = url.indexOf("?");
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === "string" ? value : undefined;
    };
    const referer = header("referer");
    record(
      {
        method: req.method ?? "",
        path,
        query: queryAt >= 0 ? new URLSearchParams(url.slice(queryAt + 1)) : NO_QUERY,
        status,
        contentType,
        headers: { ...visitorHeaders(header), referer },
        // A referrer is told from a move within the site by these; without one they are not asked.
        siteHosts: referer ? [siteHost, proxied.hostname(req) ?? siteHost] : [siteHost],
      },
      proxied.clientAddress(req),
    );
  }

  function record(request: Parameters<typeof pageView>[0], clientAddress: string, times = 1) {
    const view = pageView(request, counted, clientAddress);
    if (view) for (let i = 0; i < times; i++) counter.record(view);
  }
}

/** No query string: read only (pageView asks for its utm_ values). */
const NO_QUERY = new URLSearchParams();
