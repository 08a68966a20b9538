// What a request says about its visitor once the proxies in front are weighed (TRUST_PROXY): whether
// it came over HTTPS, the host asked for, the client's address. One trust function, proxy-addr's as
// Express compiles it, given to Express too, so that both ways of answering judge a proxy alike;
// the kept page's fast path reads the request from plain node:http with it, no Express getter.
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import proxyaddr from "proxy-addr";
import type { TrustProxySetting } from "~/core/config/env.server";

/** Whether the address at that hop (0: the peer) is a proxy of ours. */
export type Trust = (address: string | undefined, hop: number) => boolean;

/** The setting as Express compiles its `trust proxy`: a hop count, all or nothing, or proxy-addr's list. */
function compileTrust(setting: TrustProxySetting): Trust {
  if (setting === true) return () => true;
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  const trusted = proxyaddr.compile(setting === false ? [] : setting);
  return (address, hop) => trusted(address ?? "", hop);
}

export function proxiedRequest(setting: TrustProxySetting) {
  const trust = compileTrust(setting);
  // A connection's peer never changes: judged once per socket (proxy-addr parses the address each time).
  const peers = new WeakMap<Socket, boolean>();
  function peerTrusted(req: IncomingMessage): boolean {
    let trusted = peers.get(req.socket);
    if (trusted === undefined) {
      trusted = trust(req.socket.remoteAddress, 0);
      peers.set(req.socket, trusted);
    }
    return trusted;
  }
  // A proxy's X-Forwarded-* read as Express reads it: the first of several values, trimmed its way.
  const before = (value: string, comma: number) => (comma >= 0 ? value.slice(0, comma) : value);

  return {
    /** For Express's `trust proxy`: the long way judges with the same function. */
    trust,
    /** Over HTTPS: the socket's own TLS, else a trusted proxy's X-Forwarded-Proto (Express's `req.secure`). */
    secure(req: IncomingMessage): boolean {
      const own = (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
      if (!peerTrusted(req)) return own === "https";
      const header = req.headers["x-forwarded-proto"];
      const value = typeof header === "string" && header ? header : own;
      return before(value, value.indexOf(",")).trim() === "https";
    },
    /** The host asked for, without its port: a trusted proxy's X-Forwarded-Host, else Host (Express's `req.hostname`). */
    hostname(req: IncomingMessage): string | undefined {
      const forwarded = req.headers["x-forwarded-host"];
      const host =
        typeof forwarded === "string" && forwarded && peerTrusted(req)
          ? forwarded.includes(",")
            ? before(forwarded, forwarded.indexOf(",")).trimEnd()
            : forwarded
          : req.headers.host;
      if (!host) return undefined;
      const from = host.startsWith("[") ? host.indexOf("]") + 1 : 0;
      const colon = host.indexOf(":", from);
      return colon >= 0 ? host.slice(0, colon) : host;
    },
    /** The client's address: the peer's, or the last untrusted one X-Forwarded-For names (Express's `req.ip`). */
    clientAddress(req: IncomingMessage): string {
      if (req.headers["x-forwarded-for"] === undefined) return req.socket.remoteAddress ?? "";
      return proxyaddr(req, trust) ?? req.socket.remoteAddress ?? "";
    },
  };
}

export type ProxiedRequest = ReturnType<typeof proxiedRequest>;
