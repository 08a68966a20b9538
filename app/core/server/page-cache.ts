import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import accepts from "accepts";
import type { NextFunction, Request, Response } from "express";
import type { RouterContextProvider } from "react-router";
import { boundedMemory } from "~/core/bounded-memory";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "~/core/db/unavailable.server";
import type { EventBus } from "~/core/events/event-bus.server";
import type { CachedPage } from "~/core/feature-registration";
import { type KeptBody, keepBody, keptAnswer, type RenderPlaceholders } from "./kept-page";

/**
 * Which paths are kept: the public pages whose HTML is the same for every visitor without cookies,
 * apart from the values each response gets afresh (see kept-page.ts), as the features and the
 * composition registered them (app/features-registry.ts). Only a page's plain address: a query
 * string (a filter, a later page, an invitation) is rendered per request. `exact` says whether the
 * path was registered as such: one matched only by a pattern may be a made-up address.
 */
export function cachedPages(pages: readonly CachedPage[]) {
  const exact = new Set(pages.filter((page): page is string => typeof page === "string"));
  const patterns = pages.filter((page): page is RegExp => page instanceof RegExp);
  return {
    exact: (path: string) => exact.has(path),
    includes: (path: string) => exact.has(path) || patterns.some((pattern) => pattern.test(path)),
  };
}

/**
 * How often kept pages are made anew: the bus announces every change, so this is only a safety net
 * for what changes without an event (a lost database connection, the clock). A page is served for at
 * most `maxAgeMs`; one visited in the last `keepWarmMs` is rendered again in the background once it is
 * `refreshAfterMs` old (checked every `checkEveryMs`), and after a change, so that its next visitor
 * does not wait for it to be rendered. A page nobody visits is not rendered again.
 */
export interface PageCacheTiming {
  maxAgeMs: number;
  refreshAfterMs: number;
  keepWarmMs: number;
  checkEveryMs: number;
}

/** The longest a kept page is served, here or from its file by the HTTPS front. */
export const PAGE_CACHE_MAX_AGE_MS = 60_000;

const DEFAULT_TIMING: PageCacheTiming = {
  maxAgeMs: PAGE_CACHE_MAX_AGE_MS,
  refreshAfterMs: 40_000,
  keepWarmMs: 30 * 60_000,
  checkEveryMs: 15_000,
};

interface Entry {
  status: number;
  headers: [string, string][];
  contentType: string;
  body: KeptBody;
  storedAt: number;
}

export interface PageCacheOptions {
  bus: EventBus;
  /** The pages kept (the features' and the composition's, app/features-registry.ts). */
  pages: readonly CachedPage[];
  /** Renders a path as an anonymous visitor's GET would get it. */
  render: (path: string, context: () => RouterContextProvider) => Promise<globalThis.Response>;
  /** Same as a request's context, for a visitor without cookies, rendering with these stand-ins. */
  loadContext: (placeholders: RenderPlaceholders) => RouterContextProvider;
  /** A freshly signed form start time, for each response of a page that has a form. */
  stampFormStart: () => string;
  imageOrigins?: string[];
  timing?: Partial<PageCacheTiming>;
  /** Where kept pages are also written for the HTTPS front to serve (server/kept-page-files.ts). */
  files?: KeptPageFiles;
}

/**
 * A copy of the kept pages outside the process: `write` gets each page the same for everyone, at
 * a registered address, as it is kept; `clear` is called at every change, before anything is kept again.
 */
export interface KeptPageFiles {
  /** Settles once the page is written or left out; never rejects. */
  write(path: string, page: { identity: Buffer; csp: string | null; contentType: string }): Promise<void>;
  clear(): void;
}

/**
 * Public pages rendered once and kept, with their compressed forms, until the bus announces a
 * change (any change: a new kind of event invalidates too) or they are too old (see
 * PageCacheTiming); pages still being visited are rendered again in the background.
 *
 * Only GET/HEAD of the paths above, without query string or cookies, are served from here: an
 * administrator, a flash message or any per-visitor state always comes with a cookie. Only a 200
 * without Set-Cookie is kept. A page whose rendering began before a change is not kept, so no visitor
 * gets a page older than a change announced before the request.
 *
 * Pages are rendered with random stand-ins for the CSP nonce and a form's start time. A page where
 * neither appears in a script's place is the same for everyone: its policy lists the hashes of its
 * inline scripts instead of a nonce. A page where they do (one with a form, as the reviews' page) is kept in parts
 * and each response gets this response's nonce (the one its policy names) and a freshly signed start
 * time (decision record 0010).
 */
export function createPageCache(options: PageCacheOptions) {
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const registered = cachedPages(options.pages);
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | null>>();
  /** When each path was last asked for. */
  const visits = new Map<string, number>();
  let generation = 0;

  const invalidate = () => {
    generation++;
    entries.clear();
    pending.clear();
    options.files?.clear();
  };
  const unsubscribe = options.bus.subscribe(invalidate);

  async function renderEntry(path: string): Promise<Entry | null> {
    const startedAt = generation;
    const placeholders: RenderPlaceholders = {
      cspNonce: randomBytes(16).toString("base64"),
      formStart: randomBytes(24).toString("base64url"),
    };
    const response = await options.render(path, () => options.loadContext(placeholders));
    const identity = Buffer.from(await response.arrayBuffer());
    // Rendering it again for the request would only wait for the database a second time.
    if (response.status === 503) throw new DatabaseUnavailableError(`${path} rendered 503`);
    if (response.status !== 200 || response.headers.has("set-cookie")) return null;
    const html = (response.headers.get("content-type") ?? "").startsWith("text/html");
    const entry: Entry = {
      status: response.status,
      headers: [...response.headers].filter(([name]) => !["content-length", "content-encoding", "etag"].includes(name)),
      contentType: response.headers.get("content-type") ?? "",
      body: await keepBody(identity, html, placeholders, options),
      storedAt: Date.now(),
    };
    // A change was announced while rendering: this page may predate it.
    if (generation !== startedAt) return null;
    entries.set(path, entry);
    if (entry.body.kind === "shared" && registered.exact(path))
      void options.files?.write(path, {
        identity: entry.body.identity,
        csp: entry.body.csp,
        contentType: entry.contentType,
      });
    return entry;
  }

  /** The render of a path under way, or a new one. */
  function rendering(path: string): Promise<Entry | null> {
    let render = pending.get(path);
    if (!render) {
      const current = generation;
      render = renderEntry(path).finally(() => {
        if (generation === current) pending.delete(path);
      });
      pending.set(path, render);
    }
    return render;
  }

  function lookup(path: string): Promise<Entry | null> {
    visits.set(path, Date.now());
    const kept = entries.get(path);
    if (kept && Date.now() - kept.storedAt < timing.maxAgeMs) return Promise.resolve(kept);
    // A made-up address matched by a pattern (a 404, not kept) is forgotten: visitors inventing addresses must not
    // grow the list of pages rendered again in the background.
    return rendering(path).then((entry) => {
      if (!entry && !registered.exact(path)) visits.delete(path);
      return entry;
    });
  }

  // While a page keeps being visited, its next visitor gets it kept: it is rendered again before it
  // is too old, and after a change, while the one kept meanwhile is served (it is still young enough).
  // A render that fails is tried again at the next check; a visitor's own request logs its error.
  const keepWarm = setInterval(() => {
    const now = Date.now();
    for (const [path, visitedAt] of visits) {
      if (now - visitedAt >= timing.keepWarmMs) {
        visits.delete(path);
        continue;
      }
      const kept = entries.get(path);
      if (pending.has(path) || (kept && now - kept.storedAt < timing.refreshAfterMs)) continue;
      rendering(path).catch(() => {});
    }
  }, timing.checkEveryMs);
  keepWarm.unref();

  // The negotiation of an Accept-Encoding value (by \`accepts\`, as Express's own), remembered:
  // browsers send a handful of values, and parsing one on every hit cost twice what the rest of the
  // choice did. Bounded, as the value is the client's choosing.
  const negotiated = boundedMemory<string, { br: boolean; gzip: boolean }>(100);
  const acceptedEncodings = (req: IncomingMessage) =>
    negotiated(String(req.headers["accept-encoding"] ?? ""), () => {
      const negotiator = accepts(req);
      return { br: Boolean(negotiator.encodings("br")), gzip: Boolean(negotiator.encodings("gzip")) };
    });

  /** A kept entry's answer to this request: its status, every header (the entry's and its body's), its bytes. */
  function answerFor(req: IncomingMessage, entry: Entry, nonce: string | undefined) {
    const accepted = acceptedEncodings(req);
    const accepts = (encoding: "br" | "gzip") => accepted[encoding];
    const { headers, bytes } = keptAnswer(req, accepts, entry.body, nonce, options.stampFormStart);
    const all: [string, string][] = [
      ...entry.headers,
      ["Vary", "Accept-Encoding"],
      ["X-Page-Cache", "hit"],
      ...headers,
    ];
    if (bytes) all.push(["Content-Length", String(bytes.length)]);
    return { status: bytes ? entry.status : 304, headers: all, bytes: req.method === "HEAD" ? null : bytes };
  }

  /** Through Express: on the headers its middleware set (its policy and nonce among them). */
  function send(req: Request, res: Response, entry: Entry) {
    const answer = answerFor(req, entry, res.locals.cspNonce);
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.status(answer.status);
    if (answer.bytes) res.end(answer.bytes);
    else res.end();
  }

  /** A GET or HEAD of a kept path's plain address, without cookies: the only requests served from here. */
  const servable = (req: IncomingMessage, url: string) =>
    (req.method === "GET" || req.method === "HEAD") && !url.includes("?") && !req.headers.cookie;

  /**
   * A kept page still young enough, answered at once from the plain node:http request, before
   * Express (decision 68), its headers in one block: `before` gives what Express's middleware would
   * have set (request id, security headers; a nonce and its policy only for a page made per
   * response). `req.url` is the path as kept: anything else (a fragment, an absolute form) is not
   * found. Null: the request goes the long way (not kept, too old, a query string, a cookie), where
   * `middleware` renders it.
   */
  function answerKept(
    req: IncomingMessage,
    res: ServerResponse,
    before: (needsNonce: boolean) => { headers: readonly [string, string][]; nonce?: string },
  ): { status: number; contentType: string } | null {
    const path = req.url ?? "";
    if (!servable(req, path)) return null;
    const kept = entries.get(path);
    if (!kept || Date.now() - kept.storedAt >= timing.maxAgeMs) return null;
    visits.set(path, Date.now());
    const prepared = before(kept.body.kind === "per-response");
    const answer = answerFor(req, kept, prepared.nonce);
    const block: string[] = [];
    for (const [name, value] of prepared.headers) block.push(name, value);
    for (const [name, value] of answer.headers) block.push(name, value);
    res.writeHead(answer.status, block);
    if (answer.bytes) res.end(answer.bytes);
    else res.end();
    return { status: answer.status, contentType: kept.contentType };
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (!servable(req, req.originalUrl) || !registered.includes(req.path)) return next();
    lookup(req.path).then(
      (entry) => (entry ? send(req, res, entry) : next()),
      (error: unknown) => {
        // The last-resort handler answers 503 "riprova tra poco" (decision 0044).
        if (isDatabaseUnavailable(error)) return next(error);
        req.log?.warn({ err: error }, "page cache render failed; rendering for this request");
        next();
      },
    );
  }

  return {
    middleware,
    answerKept,
    invalidate,
    /** A visit answered elsewhere (by the HTTPS front, from its file): the page is kept warm as for one answered here. */
    visited: (path: string) => {
      if (registered.exact(path)) visits.set(path, Date.now());
    },
    close: () => {
      clearInterval(keepWarm);
      unsubscribe();
      // A stopping server's pages are not known to stay fresh.
      options.files?.clear();
    },
  };
}
