// The request pipeline: every middleware a request goes through, in order, and the pages last
// (docs/architecture.md, "A request"). The server's lifecycle is in app.ts, its jobs in jobs.ts.
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { pinoHttp } from "pino-http";
import { createRequestHandler as createFetchHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { isDatabaseUnavailable, reportDatabaseUnavailable, RETRY_AFTER_SECONDS } from "~/core/db/unavailable.server";
import { serviceUnavailableHtml } from "~/ui/service-unavailable.server";
import { createLiveStream } from "~/core/events/live-stream.server";
import { requestContext, servicesContext, type RequestInfo } from "~/context";
import { CACHED_PAGES, FOREIGN_POSTS } from "~/features-registry";
import type { AppServices } from "~/services.server";
import { createPageCache, PAGE_CACHE_MAX_AGE_MS } from "~/core/server/page-cache";
import { loggedUrl } from "~/routes-with-tokens";
import { precompressedAssets } from "~/core/server/precompressed-assets";
import { rejectForeignOrigin } from "~/core/server/same-origin";
import { runningCommit } from "~/core/server/site-version.server";
import { securityHeaders } from "~/core/server/security-headers";
import { drainUnreadBody } from "~/core/server/unread-body";
import { keptPageFastPath, requestId } from "./kept-page-fast-path";
import { keptPageFiles } from "./kept-page-files";
import type { FrontView } from "./front-views";
import { keptPagesDir } from "./https-front-config";
import { pageViewCounting } from "./page-views";
import { preparationGate } from "./preparation";
import { proxiedRequest } from "./proxied-request";

/** /readyz answers within this (and the request's own few milliseconds): probes give up after 5 s. */
const READY_TIMEOUT_MS = 3_000;

// Keys are random and never reused, so the bytes behind one never change; who may see them can.
const mediaCacheControl = {
  anyone: "public, max-age=31536000, immutable",
  "anyone, browser cache only": "private, max-age=31536000, immutable",
  administrator: "private, no-store",
} as const;

export interface AppOptions {
  /** Middleware mounted before the pages (development: Vite's asset server with hot reload). */
  devMiddleware?: express.RequestHandler;
}

export function createApp(
  services: AppServices,
  build: ServerBuild | (() => Promise<ServerBuild>),
  options: AppOptions = {},
) {
  const { config, logger } = services;
  const app = express();
  const live = createLiveStream(services.bus, logger, config.liveStreams);

  app.disable("x-powered-by");
  // One trust function for Express and the kept page's fast path: a proxy is judged alike either way.
  const proxied = proxiedRequest(config.trustProxy);
  app.set("trust proxy", proxied.trust);

  const mode = process.env.NODE_ENV === "development" ? "development" : "production";
  const loadContext = (request: Omit<RequestInfo, "liveVersions">) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    // Taken before any loader reads: the page shows at least these changes.
    context.set(requestContext, { ...request, liveVersions: services.bus.versions() });
    return context;
  };
  const imageOrigins = config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [];
  const preparation = preparationGate(services);
  const pageViews = pageViewCounting(
    services.pageViews,
    CACHED_PAGES,
    config.siteUrl,
    proxied,
    config.pageViewCounting,
  );
  const clientDir = path.resolve(process.cwd(), "build/client");

  let pageCache: ReturnType<typeof createPageCache> | undefined;
  let answerFirst: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;
  if (mode === "production") {
    const render = createFetchHandler(build, mode);
    // Behind its own HTTPS front, kept pages are also files Caddy answers from (decision 72), under
    // the same switch as the fast path: KEPT_PAGE_FAST_PATH=false sends every request to the servers.
    const files =
      config.httpsFront && config.keptPageFastPath
        ? keptPageFiles({
            dir: keptPagesDir(config.httpsFront),
            published: () => preparation.published(),
            maxAgeMs: PAGE_CACHE_MAX_AGE_MS,
            logger,
          })
        : undefined;
    pageCache = createPageCache({
      files,
      bus: services.bus,
      pages: CACHED_PAGES,
      imageOrigins,
      render: (pathname, context) =>
        render(new Request(new URL(pathname, config.siteUrl), { headers: { Accept: "text/html" } }), context()),
      loadContext: ({ cspNonce, formStart }) =>
        loadContext({ requestId: "page-cache", clientIp: "page-cache", cspNonce, formStartPlaceholder: formStart }),
      stampFormStart: () => services.formTimer.stamp(),
    });
    // KEPT_PAGE_FAST_PATH=false: kept pages too go the long way (the page cache's middleware).
    if (config.keptPageFastPath)
      answerFirst = keptPageFastPath({
        cache: pageCache,
        pageViews,
        proxied,
        open: () => preparation.open(),
        imageOrigins,
        clientDir,
        logger,
      });
  }

  app.use(
    pinoHttp({
      logger,
      genReqId(req, res) {
        const id = requestId(req);
        // Build files are never logged: an id to quote would lead nowhere, and costs bytes on each.
        if (!req.url?.startsWith("/assets/")) res.setHeader("X-Request-Id", id);
        return id;
      },
      // Probes and static files would drown the log.
      autoLogging: { ignore: (req) => /^\/(healthz|readyz|assets\/|favicon)/.test(req.url ?? "") },
      serializers: {
        // The path alone, secrets hidden (see loggedUrl).
        req: (req) => ({ id: req.id, method: req.method, url: loggedUrl(req.url) }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  // A body refused before it was read to its end (over its size): the answer, then the rest thrown away.
  app.use(drainUnreadBody());
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  // Read once per server process: a process runs the code it loaded at its start (an update checks it).
  const version = runningCommit();
  app.get("/readyz", async (req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      // Its own short bound: a probe must get its answer before it gives up (decision 0044).
      await services.database.ping(READY_TIMEOUT_MS);
      res.json({ status: "ready", version });
    } catch (error) {
      if (isDatabaseUnavailable(error)) reportDatabaseUnavailable(req.log, error);
      else req.log.error({ err: error }, "readiness check failed");
      res.status(503).json({ status: "unavailable" });
    }
  });

  // Before compression: a compressed event stream would sit in the gzip buffer.
  app.get("/events", live.handler);

  // Pages are compressed per response: brotli at a quality meant for that (the default, 11, is for
  // build time and halves throughput); cached pages come already compressed.
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } }));

  if (options.devMiddleware) app.use(options.devMiddleware);

  // Build files come before the page headers: a script or a font needs no CSP, and on a phone
  // the ~700 bytes of page headers on each of twenty files add up.
  const assetsDir = path.join(clientDir, "assets");
  const noSniff = (res: Response) => res.setHeader("X-Content-Type-Options", "nosniff");
  app.use("/assets", precompressedAssets(assetsDir));
  app.use(
    "/assets",
    express.static(assetsDir, {
      immutable: true,
      maxAge: "1y",
      // The names change with the content: validators would never be used.
      etag: false,
      lastModified: false,
      fallthrough: false,
      setHeaders: noSniff,
    }),
  );
  app.use(express.static(clientDir, { maxAge: "1h", index: false, setHeaders: noSniff }));

  app.use(securityHeaders({ imageOrigins }));
  app.use(rejectForeignOrigin(config.siteUrl, FOREIGN_POSTS));

  app.get("/media/*key", async (req, res, next) => {
    try {
      const key = (req.params as { key: string[] }).key.join("/");
      const audience = await services.mediaAccess.audience(key, req.headers.cookie);
      const object = audience && (await services.media.get(key));
      if (!object) {
        res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Non trovato");
        return;
      }
      res.set({
        "Content-Type": object.contentType,
        "Content-Length": String(object.size),
        "Cache-Control": mediaCacheControl[audience],
      });
      await pipeline(object.body, res);
    } catch (error) {
      next(error);
    }
  });

  // A site on a public address not yet published: visitors get "Sito in preparazione" (decision 73),
  // neither a kept page nor a count.
  app.use(preparation.middleware);
  // Before the page cache: its hits are page views too (decision 59).
  app.use(pageViews.middleware);
  if (pageCache) app.use(pageCache.middleware);

  app.all(
    "/{*path}",
    createRequestHandler({
      build,
      mode,
      getLoadContext: (req, res) =>
        loadContext({
          requestId: String(req.id),
          clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
          cspNonce: String(res.locals.cspNonce),
        }),
    }),
  );

  // Last resort: log it, and never show a stack trace to the visitor.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // The database stalled or down: "try again shortly", a warning now and then rather than a crash each.
    const unavailable = isDatabaseUnavailable(error);
    const status = (error as { status?: number }).status ?? 500;
    if (unavailable) reportDatabaseUnavailable(req.log, error);
    else if (status >= 500) req.log.error({ err: error }, "request failed");
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (unavailable) {
      res.status(503).set({ "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });
      res.type("text/html; charset=utf-8").send(serviceUnavailableHtml());
      return;
    }
    res
      .status(status)
      .type("text/plain; charset=utf-8")
      .send(status === 404 ? "Pagina non trovata" : "Si è verificato un errore");
  });

  /**
   * The server's request listener: a kept page answered first, anything else through Express. A
   * throw there (a kept body that cannot be made) is logged and Express answers, as it would have.
   */
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    try {
      if (answerFirst?.(req, res)) return;
    } catch (error) {
      logger.error({ err: error, url: loggedUrl(req.url ?? "") }, "kept page not answered; rendering it");
      if (res.headersSent) return void res.destroy();
    }
    app(req, res);
  };
  /** Kept pages the HTTPS front answered from their files (each view with how many times it came): counted, and kept warm, as if answered here. */
  const frontViews = (views: readonly (readonly [FrontView, number])[]) => {
    for (const [view, times] of views) {
      pageViews.countFromFront(view, times);
      pageCache?.visited(view.path);
    }
  };
  return { app, listener, live, pageCache, frontViews };
}
