import { randomBytes } from "node:crypto";
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

/**
 * Baseline headers for every response, and a per-request CSP nonce:
 * only scripts React Router renders with that nonce may run.
 * `imageOrigins`: where media are served from when not from us (an S3 bucket or CDN).
 */
export const securityHeaders = ({ imageOrigins = [] }: { imageOrigins?: string[] } = {}) =>
  function setSecurityHeaders(req: Request, res: Response, next: NextFunction) {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy({ scriptSources: [`'nonce-${nonce}'`, "'strict-dynamic'"], imageOrigins }),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
