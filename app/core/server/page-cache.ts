import { createHash, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import type { RouterContextProvider } from "react-router";
import type { EventBus } from "~/core/events/event-bus.server";
import { contentSecurityPolicy } from "./security-headers";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const deflateRaw = promisify(zlib.deflateRaw);

/**
 * The public pages whose HTML is the same for every visitor without cookies, apart from the values
 * each response gets afresh (see PerResponse). /reviews only as its plain first page: a query string
 * (a filter, a later page, an invitation) is rendered per request.
 */
export const CACHED_PATHS = new Set(["/", "/home", "/services", "/reviews", "/privacy", "/sitemap.xml"]);

/** The recipes' list (its plain first page) and each recipe's page, by the addresses their slugs allow. */
const CACHED_PATTERN = /^\/ricette(\/[a-z0-9]+(-[a-z0-9]+)*)?$/;

export const isCachedPath = (path: string) => CACHED_PATHS.has(path) || CACHED_PATTERN.test(path);

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

const DEFAULT_TIMING: PageCacheTiming = {
  maxAgeMs: 60_000,
  refreshAfterMs: 40_000,
  keepWarmMs: 30 * 60_000,
  checkEveryMs: 15_000,
};

/** A page the same for everyone: kept with its compressed forms, its validator and its policy. */
interface SharedBody {
  kind: "shared";
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  csp: string | null;
}

/** What a kept page says differently in each response. */
type Slot = "nonce" | "formStart";

/**
 * A page with values of its own in each response (the CSP nonce, a form's signed start time): kept
 * as the parts between those values, each also compressed on its own as raw deflate ending on a byte
 * boundary, so that a response's gzip form is the kept parts joined by its values in stored blocks,
 * with no compression per response. Brotli has no such joints: gzip is sent even where brotli is
 * accepted (about the size of per-response brotli at quality 4, at a small fraction of its cost).
 */
interface PerResponseBody {
  kind: "per-response";
  parts: Buffer[];
  deflatedParts: Buffer[];
  slots: Slot[];
  /** The length each slot's value must have for the deflated parts to fit (see deflateParts). */
  valueLengths: Record<Slot, number>;
}

interface Entry {
  status: number;
  headers: [string, string][];
  body: SharedBody | PerResponseBody;
  storedAt: number;
}

/** The stand-ins a page is rendered with; each is random, so no stored text can contain one. */
export interface RenderPlaceholders {
  cspNonce: string;
  formStart: string;
}

export interface PageCacheOptions {
  bus: EventBus;
  /** Renders a path as an anonymous visitor's GET would get it. */
  render: (path: string, context: () => RouterContextProvider) => Promise<globalThis.Response>;
  /** Same as a request's context, for a visitor without cookies, rendering with these stand-ins. */
  loadContext: (placeholders: RenderPlaceholders) => RouterContextProvider;
  /** A freshly signed form start time, for each response of a page that has a form. */
  stampFormStart: () => string;
  imageOrigins?: string[];
  timing?: Partial<PageCacheTiming>;
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

/** Where each placeholder occurs in the page, in order; none overlap (each is random). */
function findSlots(page: Buffer, placeholders: Record<Slot, string>): { at: number; length: number; slot: Slot }[] {
  const found: { at: number; length: number; slot: Slot }[] = [];
  for (const slot of Object.keys(placeholders) as Slot[]) {
    const needle = Buffer.from(placeholders[slot]);
    for (let at = page.indexOf(needle); at >= 0; at = page.indexOf(needle, at + needle.length)) {
      found.push({ at, length: needle.length, slot });
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

// ---- gzip joined from parts (RFC 1951 and 1952) --------------------------------------------------

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** An uncompressed deflate block (not the last); starts and ends on a byte boundary. */
function storedBlock(data: Buffer): Buffer {
  if (data.length > 0xffff) throw new RangeError("a per-response value is too long for one stored block");
  const block = Buffer.allocUnsafe(5 + data.length);
  block[0] = 0; // not last, type 0 (stored), then padding to the byte boundary
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

/** Never in UTF-8 text: stands for the per-response values in what a part may refer back to. */
const UNMATCHABLE = 0xff;
const DEFLATE_WINDOW = 32 * 1024;

/**
 * Each part as a raw deflate stream: every part but the last ends with a sync flush (byte-aligned,
 * not final), the last is final. A part may refer back to the text before it (given as the
 * compressor's dictionary, so pages compress as well as in one piece), but never into a value: in
 * that dictionary each value is a run of a byte text never contains, as long as the value will be,
 * so every back-reference lands on kept bytes at the distance they will have in every response.
 */
function deflateParts(parts: Buffer[], slots: Slot[], valueLengths: Record<Slot, number>): Promise<Buffer[]> {
  const before: Buffer[] = [];
  return Promise.all(
    parts.map((part, i) => {
      const preceding = Buffer.concat(before);
      const dictionary = preceding.subarray(Math.max(0, preceding.length - DEFLATE_WINDOW));
      before.push(part);
      if (i < slots.length) before.push(Buffer.alloc(valueLengths[slots[i]!], UNMATCHABLE));
      return deflateRaw(part, {
        level: 9,
        finishFlush: i < parts.length - 1 ? zlib.constants.Z_SYNC_FLUSH : zlib.constants.Z_FINISH,
        ...(dictionary.length > 0 && !part.includes(UNMATCHABLE) ? { dictionary } : {}),
      });
    }),
  );
}

function joinGzip(body: PerResponseBody, values: Buffer[], identity: Buffer): Buffer {
  const pieces: Buffer[] = [GZIP_HEADER];
  for (let i = 0; i < body.deflatedParts.length; i++) {
    pieces.push(body.deflatedParts[i]!);
    if (i < values.length) pieces.push(storedBlock(values[i]!));
  }
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(zlib.crc32(identity), 0);
  trailer.writeUInt32LE(identity.length % 2 ** 32, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
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
 * inline scripts instead of a nonce. A page where they do (/reviews and its form) is kept in parts
 * and each response gets this response's nonce (the one its policy names) and a freshly signed start
 * time (decision record 0010).
 */
export function createPageCache(options: PageCacheOptions) {
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | null>>();
  /** When each path was last asked for. */
  const visits = new Map<string, number>();
  let generation = 0;

  const invalidate = () => {
    generation++;
    entries.clear();
    pending.clear();
  };
  const unsubscribe = options.bus.subscribe(invalidate);

  async function sharedBody(identity: Buffer, html: boolean): Promise<SharedBody> {
    const [gzipped, brotlied] = await Promise.all([
      gzip(identity, { level: 9 }),
      brotli(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
    ]);
    return {
      kind: "shared",
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
    };
  }

  async function perResponseBody(
    identity: Buffer,
    found: ReturnType<typeof findSlots>,
    placeholders: RenderPlaceholders,
  ): Promise<PerResponseBody> {
    const parts: Buffer[] = [];
    let from = 0;
    for (const { at, length } of found) {
      parts.push(identity.subarray(from, at));
      from = at + length;
    }
    parts.push(identity.subarray(from));
    const slots = found.map((s) => s.slot);
    // A nonce is made like the stand-in; a start time has the same length for centuries.
    const valueLengths = { nonce: placeholders.cspNonce.length, formStart: options.stampFormStart().length };
    return {
      kind: "per-response",
      parts,
      deflatedParts: await deflateParts(parts, slots, valueLengths),
      slots,
      valueLengths,
    };
  }

  async function renderEntry(path: string): Promise<Entry | null> {
    const startedAt = generation;
    const placeholders: RenderPlaceholders = {
      cspNonce: randomBytes(16).toString("base64"),
      formStart: randomBytes(24).toString("base64url"),
    };
    const response = await options.render(path, () => options.loadContext(placeholders));
    const identity = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || response.headers.has("set-cookie")) return null;
    const html = (response.headers.get("content-type") ?? "").startsWith("text/html");
    const slots = findSlots(identity, { nonce: placeholders.cspNonce, formStart: placeholders.formStart });
    const entry: Entry = {
      status: response.status,
      headers: [...response.headers].filter(([name]) => !["content-length", "content-encoding", "etag"].includes(name)),
      // Without a value of its own the nonce is only a word nobody's policy names: hashes admit the scripts.
      body: slots.some((s) => s.slot === "formStart")
        ? await perResponseBody(identity, slots, placeholders)
        : await sharedBody(identity, html),
      storedAt: Date.now(),
    };
    // A change was announced while rendering: this page may predate it.
    if (generation !== startedAt) return null;
    entries.set(path, entry);
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
    // A made-up recipe address (a 404, not kept) is forgotten: visitors inventing addresses must not
    // grow the list of pages rendered again in the background.
    return rendering(path).then((entry) => {
      if (!entry && !CACHED_PATHS.has(path)) visits.delete(path);
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

  function sendShared(req: Request, res: Response, body: SharedBody): Buffer | null {
    if (body.csp) res.setHeader("Content-Security-Policy", body.csp);
    res.setHeader("ETag", body.etag);
    if (req.headers["if-none-match"] === body.etag) return null;
    const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : null;
    if (!encoding) return body.identity;
    res.setHeader("Content-Encoding", encoding);
    return body[encoding];
  }

  /** This response's page: its nonce (named by the policy the security headers set) and a new start time. */
  function sendPerResponse(req: Request, res: Response, body: PerResponseBody): Buffer {
    const nonce = res.locals.cspNonce;
    if (typeof nonce !== "string") throw new Error("no CSP nonce for this response");
    const formStart = options.stampFormStart();
    const values = body.slots.map((slot) => Buffer.from(slot === "nonce" ? nonce : formStart));
    const pieces: Buffer[] = [];
    for (let i = 0; i < body.parts.length; i++) {
      pieces.push(body.parts[i]!);
      if (i < values.length) pieces.push(values[i]!);
    }
    const identity = Buffer.concat(pieces);
    if (!req.acceptsEncodings("gzip")) return identity;
    res.setHeader("Content-Encoding", "gzip");
    const fits = values.every((value, i) => value.length === body.valueLengths[body.slots[i]!]);
    // Values of another length would shift what the parts refer back to: compressed whole instead.
    return fits ? joinGzip(body, values, identity) : zlib.gzipSync(identity, { level: 6 });
  }

  function send(req: Request, res: Response, entry: Entry) {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("X-Page-Cache", "hit");
    const body =
      entry.body.kind === "shared" ? sendShared(req, res, entry.body) : sendPerResponse(req, res, entry.body);
    if (!body) {
      res.status(304).end();
      return;
    }
    res.setHeader("Content-Length", String(body.length));
    res.status(entry.status);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const queryAt = req.originalUrl.indexOf("?");
    if (queryAt >= 0 || !isCachedPath(req.path) || req.headers.cookie) return next();
    lookup(req.path).then(
      (entry) => (entry ? send(req, res, entry) : next()),
      (error: unknown) => {
        req.log?.warn({ err: error }, "page cache render failed; rendering for this request");
        next();
      },
    );
  }

  return {
    middleware,
    invalidate,
    close: () => {
      clearInterval(keepWarm);
      unsubscribe();
    },
  };
}
