import { createHash, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import type { RouterContextProvider } from "react-router";
import type { EventBus } from "~/events/event-bus.server";
import { contentSecurityPolicy } from "./security-headers";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * The public pages whose HTML is the same for every visitor without cookies. Not /reviews: its form
 * carries the time it was rendered, which the spam guard checks, and a kept copy would make every
 * visitor's form look old.
 */
export const CACHED_PATHS = new Set(["/", "/home", "/services", "/privacy", "/sitemap.xml"]);

/** A safety net for anything that changes without an event (a lost database connection, the clock). */
const MAX_AGE_MS = 60_000;

interface Entry {
  status: number;
  headers: [string, string][];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  csp: string | null;
  storedAt: number;
}

export interface PageCacheOptions {
  bus: EventBus;
  /** Renders a path as an anonymous visitor's GET would get it. */
  render: (path: string, context: () => RouterContextProvider) => Promise<globalThis.Response>;
  /** Same as a request's context, for a visitor without cookies. */
  loadContext: (nonce: string) => RouterContextProvider;
  imageOrigins?: string[];
}

/** The `'sha256-…'` sources of every inline script in the page, for a policy that needs no nonce. */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/.test(match[1]!) || !match[2]) continue;
    hashes.add(`'sha256-${createHash("sha256").update(match[2], "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * Public pages rendered once and kept, with their gzip and brotli forms, until the bus announces a
 * change (any change: a new kind of event invalidates too) or a minute passes.
 *
 * Only GET/HEAD of the paths above, without query string or cookies, are served from here: an
 * administrator, a flash message or any per-visitor state always comes with a cookie. Only a 200
 * without Set-Cookie is kept. A page whose rendering began before a change is not kept, so no visitor
 * gets a page older than a change announced before the request.
 *
 * The kept HTML is the same for everyone, so it cannot carry a per-response nonce: its policy lists
 * the hashes of its inline scripts instead (decision record 0010).
 */
export function createPageCache(options: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | null>>();
  let generation = 0;

  const invalidate = () => {
    generation++;
    entries.clear();
    pending.clear();
  };
  const unsubscribe = options.bus.subscribe(invalidate);

  async function renderEntry(path: string): Promise<Entry | null> {
    const startedAt = generation;
    const response = await options.render(path, () => options.loadContext(randomBytes(16).toString("base64")));
    const identity = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || response.headers.has("set-cookie")) return null;
    const type = response.headers.get("content-type") ?? "";
    const html = type.startsWith("text/html");
    const [gzipped, brotlied] = await Promise.all([
      gzip(identity, { level: 9 }),
      brotli(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
    ]);
    const entry: Entry = {
      status: response.status,
      headers: [...response.headers].filter(([name]) => !["content-length", "content-encoding", "etag"].includes(name)),
      identity,
      gzip: gzipped,
      br: brotlied,
      etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
      csp: html
        ? contentSecurityPolicy({
            scriptSources: inlineScriptHashes(identity.toString("utf8")),
            imageOrigins: options.imageOrigins,
          })
        : null,
      storedAt: Date.now(),
    };
    // A change was announced while rendering: this page may predate it.
    if (generation !== startedAt) return null;
    entries.set(path, entry);
    return entry;
  }

  function lookup(path: string): Promise<Entry | null> {
    const kept = entries.get(path);
    if (kept && Date.now() - kept.storedAt < MAX_AGE_MS) return Promise.resolve(kept);
    let rendering = pending.get(path);
    if (!rendering) {
      const current = generation;
      rendering = renderEntry(path).finally(() => {
        if (generation === current) pending.delete(path);
      });
      pending.set(path, rendering);
    }
    return rendering;
  }

  function send(req: Request, res: Response, entry: Entry) {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (entry.csp) res.setHeader("Content-Security-Policy", entry.csp);
    res.setHeader("ETag", entry.etag);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("X-Page-Cache", "hit");
    if (req.headers["if-none-match"] === entry.etag) {
      res.status(304).end();
      return;
    }
    const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : null;
    const body = encoding ? entry[encoding] : entry.identity;
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", String(body.length));
    res.status(entry.status);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const queryAt = req.originalUrl.indexOf("?");
    if (queryAt >= 0 || !CACHED_PATHS.has(req.path) || req.headers.cookie) return next();
    lookup(req.path).then(
      (entry) => (entry ? send(req, res, entry) : next()),
      (error: unknown) => {
        req.log?.warn({ err: error }, "page cache render failed; rendering for this request");
        next();
      },
    );
  }

  return { middleware, invalidate, close: unsubscribe };
}
