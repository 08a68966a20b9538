// A kept public page answered before Express (decision 68), from the plain node:http request and
// response: nothing of Express is used here, so an Express upgrade cannot break it unseen, but a
// header or check added to the middleware must be added here too.
//
// On every upgrade of Express or Node, and after any change to the middleware, run the parity test:
//   npx vitest run tests/integration/server.test.ts tests/integration/trust-proxy.test.ts
// ("answers a kept page first with every header the long way gives it": every header and byte of a
// kept page answered here against the same page through the whole pipeline; HSTS behind a proxy).
// KEPT_PAGE_FAST_PATH=false sends every request the long way (docs/how-to/upgrade-express.md).
import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { createPageCache } from "~/core/server/page-cache";
import { baselineHeaders, noncePolicy } from "~/core/server/security-headers";
import { loggedUrl } from "~/routes-with-tokens";
import type { pageViewCounting } from "./page-views";
import type { ProxiedRequest } from "./proxied-request";

const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/;

/** The id a proxy gave the request, when it looks like one, else a new one; answered as X-Request-Id. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && requestIdPattern.test(incoming) ? incoming : randomUUID();
}

export interface KeptPageFastPathOptions {
  cache: ReturnType<typeof createPageCache>;
  pageViews: ReturnType<typeof pageViewCounting>;
  proxied: Pick<ProxiedRequest, "secure">;
  /** False while the site is not known to be published: its gate is on the long way. */
  open: () => boolean;
  imageOrigins: string[];
  /** The build's public files: a name among them goes the long way, where the file would win. */
  clientDir: string;
  logger: Logger;
}

/**
 * The fast path: true when it answered, false when Express must (not kept, too old, a query
 * string, a cookie, a body, a build file's name, the site not yet published). It sets what the
 * skipped middleware would have (the request id, the baseline security headers, HSTS when secure
 * by TRUST_PROXY, a nonce policy for a page made per response), counts the view and logs the same
 * "request completed" line.
 */
export function keptPageFastPath(options: KeptPageFastPathOptions) {
  const { cache, pageViews, proxied, logger } = options;
  const makeNoncePolicy = noncePolicy(options.imageOrigins);
  let buildFiles: Set<string>;
  try {
    buildFiles = new Set(readdirSync(options.clientDir));
  } catch {
    buildFiles = new Set();
  }
  const logAnswers = logger.isLevelEnabled("info");
  return function answerKeptPage(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.headers["content-length"] || req.headers["transfer-encoding"]) return false;
    if (!options.open()) return false;
    const url = req.url ?? "";
    if (buildFiles.has(url.split("/", 2)[1]!)) return false;
    const started = logAnswers ? performance.now() : 0;
    let id = "";
    const answered = cache.answerKept(req, res, (needsNonce) => {
      id = requestId(req);
      const headers: [string, string][] = [["X-Request-Id", id], ...baselineHeaders(proxied.secure(req))];
      if (!needsNonce) return { headers };
      const { nonce, policy } = makeNoncePolicy();
      headers.push(["Content-Security-Policy", policy]);
      return { headers, nonce };
    });
    if (!answered) return false;
    pageViews.count(req, answered);
    if (logAnswers)
      logger.info(
        {
          req: { id, method: req.method, url: loggedUrl(url) },
          res: { statusCode: answered.status },
          responseTime: Math.round(performance.now() - started),
        },
        "request completed",
      );
    return true;
  };
}
