import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

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
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
        "style-src 'self' 'unsafe-inline'",
        ["img-src 'self' data: blob:", ...imageOrigins].join(" "),
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self' mailto:",
        "frame-ancestors 'none'",
      ].join("; "),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
