// Caddy's JSON configuration for the HTTPS front (decision 72), checked against Caddy 2.6 (Debian
// bookworm's): `caddy adapt` of the equivalent Caddyfile gives this shape.
import type { HttpsFrontSettings } from "~/core/config/https-front";

/** The same value the servers send over HTTPS (app/core/server/security-headers.ts), on every answer. */
const HSTS = "max-age=31536000; includeSubDomains";

export function caddyConfig(front: HttpsFrontSettings, upstream: string, storage: string) {
  const canonical = `https://${front.host}${front.httpsPort === 443 ? "" : `:${front.httpsPort}`}`;
  return {
    // No admin API: the supervisor restarts Caddy with a new file rather than reconfiguring it.
    admin: { disabled: true, config: { persist: false } },
    logging: { logs: { default: { writer: { output: "stderr" }, encoder: { format: "json" }, level: "INFO" } } },
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
            routes: [
              {
                match: [{ host: [front.otherHost] }],
                handle: [
                  {
                    handler: "static_response",
                    status_code: 308,
                    headers: { Location: [`${canonical}{http.request.uri}`] },
                  },
                ],
                terminal: true,
              },
              {
                match: [{ host: [front.host] }],
                handle: [
                  {
                    // Sets X-Forwarded-For/-Proto/-Host itself and ignores the client's own (Caddy ≥ 2.5).
                    handler: "reverse_proxy",
                    upstreams: [{ dial: upstream }],
                    headers: { response: { set: { "Strict-Transport-Security": [HSTS] } } },
                  },
                ],
                terminal: true,
              },
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
