// Caddy's JSON configuration for the HTTPS front (decision 72), checked against Caddy 2.6 (Debian
// bookworm's): `caddy adapt` of the equivalent Caddyfile gives this shape.
import path from "node:path";
import type { HttpsFrontSettings } from "~/core/config/https-front";
import { baselineHeaders, keptFilePolicyHeader } from "~/core/server/security-headers";
import { VIEWS_LOG, VIEWS_LOG_ROLL_KEEP, VIEWS_LOG_ROLL_MB } from "./front-views";

/** The same value the servers send over HTTPS (app/core/server/security-headers.ts), on every answer. */
const HSTS = "max-age=31536000; includeSubDomains";

/** Where the servers write the kept pages Caddy answers from (server/kept-page-files.ts). */
export const keptPagesDir = (front: HttpsFrontSettings) => path.join(front.dir, "pages");

/** Where Caddy writes the views of those pages for the supervisor (server/front-views.ts). */
export const viewsLogDir = (front: HttpsFrontSettings) => path.join(front.dir, "views");

/** The header that marks an answer made from a kept page's file (tests and benchmarks tell them by it). */
const KEPT_FILE_MARK: [string, string] = ["X-Page-Cache", "file"];

/** The headers of an answer made from a kept page's file, which no proxied answer may keep. */
function keptFileHeaders(): Record<string, string[]> {
  const headers: Record<string, string[]> = {
    "Content-Security-Policy": [keptFilePolicyHeader()],
    [KEPT_FILE_MARK[0]]: [KEPT_FILE_MARK[1]],
  };
  for (const [name, value] of baselineHeaders(true)) headers[name] = [value];
  return headers;
}

/**
 * A kept page answered from its file, when there is one and the request is one the servers would
 * answer from their kept page: a GET or HEAD with no query string and no cookie. Every header the
 * servers would send (the policy's script hashes are in the page itself, server/kept-page-files.ts),
 * and one access-log line, which the supervisor turns into a page view. Without a file the request
 * goes on to the proxy (`pass_thru`): one look for the file, no separate check before it.
 */
function keptFileRoute(front: HttpsFrontSettings) {
  return {
    match: [
      {
        host: [front.host],
        method: ["GET", "HEAD"],
        // No query string ("?" alone has no parameter: the same page) and no cookie; cheaper than an
        // expression. No dot in the path: the files' own names (index.html, .br, .gz) are no address.
        query: {},
        not: [{ header: { Cookie: ["*"] } }, { path: ["*.*"] }],
      },
    ],
    handle: [
      { handler: "headers", response: { set: keptFileHeaders() } },
      {
        handler: "file_server",
        root: keptPagesDir(front),
        // `/home` is served from home/index.html as it is, not redirected to `/home/`.
        index_names: ["index.html"],
        canonical_uris: false,
        pass_thru: true,
        precompressed: { br: {}, gzip: {} },
        precompressed_order: ["br", "gzip"],
      },
    ],
  };
}

/** Every other answer is not logged: the access log holds only the kept files' views, to be counted. */
const NOT_LOGGED = { handler: "vars", skip_log: true };

/**
 * The access log's lines carry only what a page view is told by (server/front-views.ts): the rest
 * of each line is dropped before it is written, as it costs Caddy and the supervisor on every answer.
 */
const accessLogFilter = {
  format: "filter",
  // No time, level or logger name: two views alike are two lines alike, read once (front-views.ts).
  wrap: { format: "json", time_key: "", level_key: "", name_key: "", message_key: "" },
  fields: Object.fromEntries(
    [
      "resp_headers",
      "user_id",
      "duration",
      "size",
      "request>tls",
      "request>proto",
      "request>host",
      "request>remote_port",
      ...[
        "Accept",
        "Accept-Encoding",
        "Accept-Language",
        "Cache-Control",
        "Priority",
        "Sec-Ch-Ua",
        "Sec-Ch-Ua-Mobile",
        "Sec-Ch-Ua-Platform",
        "Sec-Fetch-Dest",
        "Sec-Fetch-Mode",
        "Sec-Fetch-Site",
        "Sec-Fetch-User",
        "Upgrade-Insecure-Requests",
      ].map((header) => `request>headers>${header}`),
    ].map((field) => [field, { filter: "delete" }]),
  ),
};

export function caddyConfig(front: HttpsFrontSettings, upstream: string, storage: string) {
  const canonical = `https://${front.host}${front.httpsPort === 443 ? "" : `:${front.httpsPort}`}`;
  return {
    // No admin API: the supervisor restarts Caddy with a new file rather than reconfiguring it.
    admin: { disabled: true, config: { persist: false } },
    logging: {
      logs: {
        default: {
          writer: { output: "stderr" },
          // Without the request: the site logs none of it (its path may carry a token), and Caddy
          // writes it into this log's copy of every request's logger, whether a line comes or not.
          encoder: { format: "filter", wrap: { format: "json" }, fields: { request: { filter: "delete" } } },
          level: "INFO",
          exclude: ["http.log.access"],
        },
        views: {
          writer: {
            output: "file",
            filename: path.join(viewsLogDir(front), VIEWS_LOG),
            roll_size_mb: VIEWS_LOG_ROLL_MB,
            roll_keep: VIEWS_LOG_ROLL_KEEP,
            roll_gzip: false,
          },
          encoder: accessLogFilter,
          include: ["http.log.access"],
        },
      },
    },
    storage: { module: "file_system", root: storage },
    apps: {
      http: {
        http_port: front.httpPort,
        https_port: front.httpsPort,
        // Live-update streams never end by themselves: in-flight requests get this long at a stop.
        grace_period: "4s",
        servers: {
          site: {
            listen: [`:${front.httpsPort}`],
            // No HTTP/3: it would need UDP 443 open as well, for little gain on a small site.
            protocols: ["h1", "h2"],
            // The access log, to the site's supervisor: only for kept files (NOT_LOGGED elsewhere).
            logs: {},
            routes: [
              {
                match: [{ host: [front.otherHost] }],
                handle: [
                  NOT_LOGGED,
                  {
                    handler: "static_response",
                    status_code: 308,
                    headers: { Location: [`${canonical}{http.request.uri}`] },
                  },
                ],
                terminal: true,
              },
              keptFileRoute(front),
              {
                match: [{ host: [front.host] }],
                handle: [
                  NOT_LOGGED,
                  // Set by the kept-file route above before it found no file: the servers say their own.
                  { handler: "headers", response: { delete: Object.keys(keptFileHeaders()) } },
                  {
                    // Sets X-Forwarded-For/-Proto/-Host itself and ignores the client's own (Caddy ≥ 2.5).
                    handler: "reverse_proxy",
                    upstreams: [{ dial: upstream }],
                    headers: { response: { set: { "Strict-Transport-Security": [HSTS] } } },
                  },
                ],
                terminal: true,
              },
              // Another name than the site's (a client's own Host header): Caddy's empty answer, not logged.
              { handle: [NOT_LOGGED] },
            ],
            // Port 80 (automatic HTTPS): ACME's HTTP challenges answered, everything else 308 to https.
          },
        },
      },
      tls: {
        automation: {
          policies: [
            {
              subjects: [front.host, front.otherHost],
              issuers: [
                {
                  module: "acme",
                  ca: front.acmeCa,
                  ...(front.acmeCaRoot ? { trusted_roots_pem_files: [front.acmeCaRoot] } : {}),
                },
              ],
            },
          ],
        },
      },
    },
  };
}
