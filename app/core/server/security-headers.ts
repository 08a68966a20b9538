import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";

/**
 * The Content-Security-Policy: only the listed scripts may run. `scriptSources` is a response's
 * nonce (rendered pages) or the hashes of a cached page's inline scripts.
 */
export function contentSecurityPolicy({
  scriptSources,
  imageOrigins = [],
}: {
  scriptSources: string[];
  imageOrigins?: string[];
}): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(" "),
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageOrigins].join(" "),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' mailto:",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** What a policy in a page's own `<meta>` may not say (CSP 3 ignores it there): a header must. */
const HEADER_ONLY_DIRECTIVES = ["frame-ancestors", "report-uri", "report-to", "sandbox"];

/**
 * A policy split for a page served as a file by a front that cannot compute it (server/kept-page-files.ts):
 * the part the page's `<meta>` carries, and the part its header must. A browser enforces both, so
 * together they allow no more than the whole policy as one header.
 */
export function splitPolicyForMeta(policy: string): { meta: string; header: string } {
  const directives = policy.split(/;\s*/).filter(Boolean);
  const headerOnly = (directive: string) => HEADER_ONLY_DIRECTIVES.includes(directive.split(" ")[0]!);
  return {
    meta: directives.filter((d) => !headerOnly(d)).join("; "),
    header: directives.filter(headerOnly).join("; "),
  };
}

/** The part of every kept page's policy that a front serving it as a file sends as a header. */
export const keptFilePolicyHeader = () => splitPolicyForMeta(contentSecurityPolicy({ scriptSources: [] })).header;

/** The headers every response after the build files carries, whatever its policy. */
const BASELINE: [string, string][] = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Frame-Options", "DENY"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()"],
];

const HSTS: [string, string] = ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"];
const SECURE_BASELINE = [...BASELINE, HSTS];

/**
 * The baseline headers; `secure` (the request came over HTTPS) adds HSTS. A kept page answered
 * before Express (server/pipeline.ts) sends them from here too.
 */
export const baselineHeaders = (secure: boolean): readonly [string, string][] => (secure ? SECURE_BASELINE : BASELINE);

function setBaselineHeaders(res: ServerResponse, secure: boolean): void {
  for (const [name, value] of baselineHeaders(secure)) res.setHeader(name, value);
}

/** A fresh nonce for one response and the policy naming it: only scripts rendered with that nonce may run. */
export function noncePolicy(imageOrigins: string[] = []) {
  return (): { nonce: string; policy: string } => {
    const nonce = randomBytes(16).toString("base64");
    return {
      nonce,
      policy: contentSecurityPolicy({ scriptSources: [`'nonce-${nonce}'`, "'strict-dynamic'"], imageOrigins }),
    };
  };
}

/** The same, kept in `res.locals.cspNonce` (where the render takes it) and set as the response's policy. */
function nonceContentSecurityPolicy(imageOrigins: string[] = []) {
  const make = noncePolicy(imageOrigins);
  return function setNoncePolicy(res: Response): string {
    const { nonce, policy } = make();
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", policy);
    return nonce;
  };
}

/**
 * Baseline headers for every response, and a per-request CSP nonce:
 * only scripts React Router renders with that nonce may run.
 * `imageOrigins`: where media are served from when not from us (an S3 bucket or CDN).
 */
export const securityHeaders = ({ imageOrigins = [] }: { imageOrigins?: string[] } = {}) => {
  const setNoncePolicy = nonceContentSecurityPolicy(imageOrigins);
  return function setSecurityHeaders(req: Request, res: Response, next: NextFunction) {
    setNoncePolicy(res);
    setBaselineHeaders(res, req.secure);
    next();
  };
};
