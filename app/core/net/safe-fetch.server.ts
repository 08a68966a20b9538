// Fetching a URL a user gave the server (a calendar's address, say) without letting it reach what
// only the server can reach: only https, only public addresses, the host resolved once and the
// connection made to that checked address (no DNS rebinding between check and connect), each
// redirect checked again, one deadline for everything, and a size cap counted as the body arrives.
// Node's own http/https rather than fetch(): fetch cannot be told which address to connect to.

import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { pipeline, type Readable } from "node:stream";
import zlib from "node:zlib";
import { refused, type Result, succeeded } from "~/core/result";

export type SafeFetchOptions = {
  /**
   * `true` also allows plain `http` and private, loopback and link-local addresses (tests,
   * intranets); a function allows `http` too, and the private addresses it accepts.
   */
  allowPrivate?: boolean | ((address: string) => boolean);
  /** The whole fetch, redirects included; default 10 s. */
  timeoutMs?: number;
  /** The body's bytes at most, once decompressed; default 5 MiB. */
  maxBytes?: number;
  /** Redirects followed at most; default 5. */
  maxRedirects?: number;
  /** The validators of the copy already held: a 304 answers `not_modified`. */
  etag?: string | null;
  lastModified?: string | null;
  /** The Accept header; default any. */
  accept?: string;
  /** The host's addresses; default the system resolver (getaddrinfo). Called once per hop. */
  resolve?: (hostname: string) => Promise<string[]>;
};

export type SafeFetchRefusal =
  | "badUrl"
  | "badScheme"
  | "privateAddress"
  | "unresolvable"
  | "network"
  | "timeout"
  | "tooLarge"
  | "httpStatus"
  | "tooManyRedirects";

/** What a refusal carries beyond its reason: the HTTP status, or the system's error code. */
export type SafeFetchDetail = { status?: number; code?: string };

export type SafeFetchAnswer =
  | {
      status: "fetched";
      body: Buffer;
      contentType: string | null;
      etag: string | null;
      lastModified: string | null;
    }
  | { status: "not_modified"; etag: string | null; lastModified: string | null };

export type SafeFetchResult = Result<SafeFetchAnswer, SafeFetchRefusal, SafeFetchDetail>;

const DEFAULTS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 };
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Addresses that are not the public internet: loopback, private, link-local, CGNAT, unique-local, reserved, documentation, multicast. */
const NOT_PUBLIC = (() => {
  const list = new BlockList();
  const v4: Array<[string, number]> = [
    ["0.0.0.0", 8],
    ["10.0.0.0", 8],
    ["100.64.0.0", 10],
    ["127.0.0.0", 8],
    ["169.254.0.0", 16],
    ["172.16.0.0", 12],
    ["192.0.0.0", 24],
    ["192.0.2.0", 24],
    ["192.88.99.0", 24],
    ["192.168.0.0", 16],
    ["198.18.0.0", 15],
    ["198.51.100.0", 24],
    ["203.0.113.0", 24],
    ["224.0.0.0", 4],
    ["240.0.0.0", 4],
  ];
  for (const [network, prefix] of v4) list.addSubnet(network, prefix, "ipv4");
  const v6: Array<[string, number]> = [
    ["::", 128],
    ["::1", 128],
    // IPv4-compatible (deprecated), NAT64 and 6to4 carry an IPv4 address we would not see checked.
    ["::", 96],
    // IPv4-translated (SIIT): ::ffff:0:a.b.c.d reaches a.b.c.d through a translator.
    ["::ffff:0:0:0", 96],
    ["64:ff9b::", 96],
    ["64:ff9b:1::", 48],
    ["100::", 64],
    ["2001::", 23],
    ["2001:db8::", 32],
    ["3fff::", 20],
    ["2002::", 16],
    ["fc00::", 7],
    ["fe80::", 10],
    ["fec0::", 10],
    ["ff00::", 8],
  ];
  for (const [network, prefix] of v6) list.addSubnet(network, prefix, "ipv6");
  return list;
})();

/** Whether an IP address is on the public internet (an IPv4-mapped IPv6 address is judged as its IPv4 address). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !NOT_PUBLIC.check(address, "ipv4");
  const mapped = /^::ffff:(.+)$/i.exec(address)?.[1];
  if (mapped !== undefined) {
    if (isIP(mapped) === 4) return isPublicAddress(mapped);
    // ::ffff:7f00:1 written in hex: BlockList matches it against the IPv4 rules.
    return !NOT_PUBLIC.check(address, "ipv6");
  }
  return !NOT_PUBLIC.check(address, "ipv6");
}

class Refusal extends Error {
  readonly reason: SafeFetchRefusal;
  readonly detail: SafeFetchDetail | undefined;
  constructor(reason: SafeFetchRefusal, detail?: SafeFetchDetail) {
    super(reason);
    this.reason = reason;
    this.detail = detail;
  }
}

const systemResolve = async (hostname: string) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * GET `url` as the options allow. Answers the body (or "not modified"), or a refusal with its
 * reason; never throws for what a remote server or a wrong address can do.
 */
export async function safeFetch(url: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const limits = { ...DEFAULTS, ...withoutUndefined(options) };
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), limits.timeoutMs);
  try {
    // The race answers at the deadline whatever a stream does; the abort closes every socket.
    return await raceAbort(followHops(url, limits, deadline.signal), deadline.signal);
  } catch (error) {
    if (error instanceof Refusal) return error.detail ? refused(error.reason, error.detail) : refused(error.reason);
    if (deadline.signal.aborted) return refused("timeout");
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    return refused("network", { code: typeof code === "string" ? code : "unknown" });
  } finally {
    clearTimeout(timer);
  }
}

async function followHops(url: string, limits: Limits, signal: AbortSignal): Promise<SafeFetchResult> {
  let target = parseTarget(url);
  for (let hop = 0; ; hop++) {
    const response = await request(target, limits, signal);
    const location = response.headers.location;
    if (REDIRECTS.has(response.statusCode ?? 0) && location) {
      response.destroy();
      if (hop >= limits.maxRedirects) return refused("tooManyRedirects");
      target = parseTarget(location, target);
      continue;
    }
    return await answer(response, limits, signal);
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The URL to fetch: `webcal:` is read as `https:`; no user name or password in it. */
function parseTarget(raw: string, base?: URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(raw.trim().replace(/^webcals?:/i, "https:"), base);
  } catch {
    throw new Refusal("badUrl");
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new Refusal("badScheme");
  if (parsed.username || parsed.password) throw new Refusal("badUrl");
  return parsed;
}

type Limits = typeof DEFAULTS & SafeFetchOptions;

async function checkedAddress(target: URL, limits: Limits, signal: AbortSignal): Promise<string> {
  const { allowPrivate } = limits;
  if (target.protocol === "http:" && !allowPrivate) throw new Refusal("badScheme");
  const hostname = target.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: string[];
  if (isIP(hostname)) addresses = [hostname];
  else {
    try {
      addresses = await raceAbort((limits.resolve ?? systemResolve)(hostname), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw new Refusal("unresolvable");
    }
  }
  if (addresses.length === 0) throw new Refusal("unresolvable");
  // Every address the name has must pass: one private address among public ones is a trap.
  for (const address of addresses) {
    if (isPublicAddress(address) || allowPrivate === true) continue;
    if (typeof allowPrivate === "function" && allowPrivate(address)) continue;
    throw new Refusal("privateAddress");
  }
  return addresses[0]!;
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error("aborted"));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

async function request(target: URL, limits: Limits, signal: AbortSignal): Promise<IncomingMessage> {
  const address = await checkedAddress(target, limits, signal);
  const family = isIP(address);
  // The socket connects to the address checked above, whatever the name would resolve to now.
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const headers: Record<string, string> = {
    accept: limits.accept ?? "*/*",
    "accept-encoding": "gzip, br",
    "user-agent": "studio-nutrizione (calendar reader)",
  };
  if (limits.etag) headers["if-none-match"] = limits.etag;
  if (limits.lastModified) headers["if-modified-since"] = limits.lastModified;
  const client = target.protocol === "https:" ? https : http;
  return await new Promise<IncomingMessage>((resolve, reject) => {
    const outgoing = client.request(target, { method: "GET", headers, lookup: pinned, agent: false, signal }, resolve);
    outgoing.on("error", reject);
    outgoing.end();
  });
}

async function answer(response: IncomingMessage, limits: Limits, signal: AbortSignal): Promise<SafeFetchResult> {
  const status = response.statusCode ?? 0;
  const etag = header(response, "etag") ?? limits.etag ?? null;
  const lastModified = header(response, "last-modified") ?? limits.lastModified ?? null;
  if (status === 304) {
    response.destroy();
    return succeeded({ status: "not_modified" as const, etag, lastModified });
  }
  if (status < 200 || status > 299) {
    response.destroy();
    return refused("httpStatus", { status });
  }
  const declared = Number(response.headers["content-length"]);
  const encoding = header(response, "content-encoding")?.toLowerCase() ?? "identity";
  if (encoding === "identity" && declared > limits.maxBytes) {
    response.destroy();
    return refused("tooLarge");
  }
  const body = await readCapped(response, encoding, limits.maxBytes, signal);
  return succeeded({
    status: "fetched" as const,
    body,
    contentType: header(response, "content-type"),
    etag,
    lastModified,
  });
}

function header(response: IncomingMessage, name: string): string | null {
  const value = response.headers[name];
  return typeof value === "string" && value.length > 0 && value.length <= 1024 ? value : null;
}

/** The body, decompressed, refused as soon as it passes `maxBytes`. */
async function readCapped(
  response: IncomingMessage,
  encoding: string,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Buffer> {
  let source: Readable;
  // pipeline() passes the response's abort on to the decompressor, so the loop below ends.
  if (encoding === "gzip" || encoding === "x-gzip") source = pipeline(response, zlib.createGunzip(), () => {});
  else if (encoding === "br") source = pipeline(response, zlib.createBrotliDecompress(), () => {});
  else if (encoding === "identity") source = response;
  else {
    response.destroy();
    throw new Refusal("network", { code: "unknown_encoding" });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (signal.aborted) throw new Error("aborted");
      size += chunk.length;
      if (size > maxBytes) throw new Refusal("tooLarge");
      chunks.push(chunk);
    }
  } finally {
    source.destroy();
    response.destroy();
  }
  return Buffer.concat(chunks);
}
