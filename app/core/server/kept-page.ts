import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { IncomingMessage } from "node:http";
import { deflateParts, joinGzip } from "./gzip-join";
import { contentSecurityPolicy } from "./security-headers";

// A rendered page as the page cache keeps it, and each response made from it: the same bytes for
// everyone (with their compressed forms, validator and policy), or parts with each response's own
// values between them (its CSP nonce, a form's signed start time).

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** The stand-ins a page is rendered with; each is random, so no stored text can contain one. */
export interface RenderPlaceholders {
  cspNonce: string;
  formStart: string;
}

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

/** A kept page's body: the same for everyone, or made per response. */
export type KeptBody = SharedBody | PerResponseBody;

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

/**
 * The body to keep for a rendered page. A page where neither stand-in appears in a script's place
 * is the same for everyone: its policy lists the hashes of its inline scripts instead of a nonce. A
 * page with a form's start time is kept in parts, each response getting its own values.
 */
export function keepBody(
  identity: Buffer,
  html: boolean,
  placeholders: RenderPlaceholders,
  options: { imageOrigins?: string[]; stampFormStart: () => string },
): Promise<KeptBody> {
  const slots = findSlots(identity, { nonce: placeholders.cspNonce, formStart: placeholders.formStart });
  // Without a value of its own the nonce is only a word nobody's policy names: hashes admit the scripts.
  return slots.some((s) => s.slot === "formStart")
    ? perResponseBody(identity, slots, placeholders, options.stampFormStart)
    : sharedBody(identity, html, options.imageOrigins);
}

/** A page's gzip and brotli forms, as tight as a page rendered once and sent many times deserves. */
export async function compressedForms(identity: Buffer): Promise<{ gzip: Buffer; br: Buffer }> {
  const [gzipped, brotlied] = await Promise.all([
    gzip(identity, { level: 9 }),
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  return { gzip: gzipped, br: brotlied };
}

async function sharedBody(identity: Buffer, html: boolean, imageOrigins: string[] | undefined): Promise<SharedBody> {
  const { gzip: gzipped, br: brotlied } = await compressedForms(identity);
  return {
    kind: "shared",
    identity,
    gzip: gzipped,
    br: brotlied,
    etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
    csp: html
      ? contentSecurityPolicy({
          scriptSources: inlineScriptHashes(identity.toString("utf8")),
          imageOrigins,
        })
      : null,
  };
}

async function perResponseBody(
  identity: Buffer,
  found: ReturnType<typeof findSlots>,
  placeholders: RenderPlaceholders,
  stampFormStart: () => string,
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
  const valueLengths = { nonce: placeholders.cspNonce.length, formStart: stampFormStart().length };
  return {
    kind: "per-response",
    parts,
    deflatedParts: await deflateParts(
      parts,
      slots.map((slot) => valueLengths[slot]),
    ),
    slots,
    valueLengths,
  };
}

/** A response made from a kept body: the headers that go with it and its bytes, null for a 304. */
export interface KeptAnswer {
  headers: [string, string][];
  bytes: Buffer | null;
}

/**
 * The answer for a kept body. `nonce`: the one the response's policy names (a page made per
 * response needs it); `accepts`: whether the request accepts an encoding, as Express negotiates it.
 */
export function keptAnswer(
  req: Pick<IncomingMessage, "headers">,
  accepts: (encoding: "br" | "gzip") => boolean,
  body: KeptBody,
  nonce: string | undefined,
  stampFormStart: () => string,
): KeptAnswer {
  return body.kind === "shared"
    ? sharedAnswer(req, accepts, body)
    : perResponseAnswer(accepts, body, nonce, stampFormStart);
}

function sharedAnswer(
  req: Pick<IncomingMessage, "headers">,
  accepts: (encoding: "br" | "gzip") => boolean,
  body: SharedBody,
) {
  const headers: [string, string][] = body.csp ? [["Content-Security-Policy", body.csp]] : [];
  headers.push(["ETag", body.etag]);
  if (req.headers["if-none-match"] === body.etag) return { headers, bytes: null };
  const encoding = accepts("br") ? "br" : accepts("gzip") ? "gzip" : null;
  if (!encoding) return { headers, bytes: body.identity };
  headers.push(["Content-Encoding", encoding]);
  return { headers, bytes: body[encoding] };
}

/** This response's page: its nonce (named by the policy the security headers set) and a new start time. */
function perResponseAnswer(
  accepts: (encoding: "br" | "gzip") => boolean,
  body: PerResponseBody,
  nonce: string | undefined,
  stampFormStart: () => string,
): KeptAnswer {
  if (typeof nonce !== "string") throw new Error("no CSP nonce for this response");
  const formStart = stampFormStart();
  const values = body.slots.map((slot) => Buffer.from(slot === "nonce" ? nonce : formStart));
  const pieces: Buffer[] = [];
  for (let i = 0; i < body.parts.length; i++) {
    pieces.push(body.parts[i]!);
    if (i < values.length) pieces.push(values[i]!);
  }
  const identity = Buffer.concat(pieces);
  if (!accepts("gzip")) return { headers: [], bytes: identity };
  const fits = values.every((value, i) => value.length === body.valueLengths[body.slots[i]!]);
  // Values of another length would shift what the parts refer back to: compressed whole instead.
  const bytes = fits ? joinGzip(body.deflatedParts, values, identity) : zlib.gzipSync(identity, { level: 6 });
  return { headers: [["Content-Encoding", "gzip"]], bytes };
}
