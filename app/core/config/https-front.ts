import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";

/** Let's Encrypt's production directory: the CA asked when ACME_CA is unset. */
export const LETS_ENCRYPT_DIRECTORY = "https://acme-v02.api.letsencrypt.org/directory";

/**
 * The HTTPS front `npm start` runs (Caddy, decision 72) when SITE_URL is https, no proxy is
 * declared (TRUST_PROXY) and TLS is not off: it holds ports 80 and 443 and proxies to the servers.
 */
export interface HttpsFrontSettings {
  /** SITE_URL's host: the name the certificate is for. */
  host: string;
  /** The other name that redirects to `host`: www.<host>, or <host> without www. */
  otherHost: string;
  httpsPort: number;
  httpPort: number;
  /** ACME directory URL. */
  acmeCa: string;
  /** PEM file trusted for the ACME directory's own HTTPS; unset: the system's roots. */
  acmeCaRoot: string | undefined;
  /** Certificates, the ACME account, the generated configuration and last-error. */
  dir: string;
}

export interface HttpsFrontInput {
  siteUrl: string;
  trustProxySet: boolean;
  tlsOff: boolean;
  httpsPort: number | undefined;
  httpPort: number;
  acmeCa: string | undefined;
  acmeCaRoot: string | undefined;
  dataDir: string;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Why `host` cannot have a public certificate, in Italian; undefined when it can. */
function notADomain(host: string): string | undefined {
  const bare = host.replace(/^\[|\]$/g, "");
  if (isIP(bare)) return "l'host è un indirizzo IP, non un nome di dominio";
  if (bare === "localhost" || bare.endsWith(".localhost") || bare.endsWith(".local"))
    return "l'host è un nome locale, per cui nessuna autorità rilascia certificati";
  const labels = bare.split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels.at(-1)!))
    return "l'host non è un nome di dominio (ad es. studio-rossi.it)";
  return undefined;
}

export class HttpsFrontConfigError extends Error {
  override name = "HttpsFrontConfigError";
}

const bad = (name: string, value: string, why: string) =>
  new HttpsFrontConfigError(`Configurazione non valida: ${name}=${JSON.stringify(value)} (${why})`);

/** The front's settings, or undefined when the site serves plain HTTP itself. Throws on bad values. */
export function httpsFrontSettings(input: HttpsFrontInput): HttpsFrontSettings | undefined {
  const url = new URL(input.siteUrl);
  if (url.protocol !== "https:" || input.trustProxySet || input.tlsOff) return undefined;
  const why = notADomain(url.hostname);
  if (why)
    throw bad("SITE_URL", input.siteUrl, `${why}; per l'HTTPS automatico serve un dominio, oppure imposta TLS=off`);
  if (url.pathname !== "/")
    throw bad("SITE_URL", input.siteUrl, "con l'HTTPS automatico il sito sta alla radice del dominio, senza percorso");
  const acmeCa = input.acmeCa ?? LETS_ENCRYPT_DIRECTORY;
  if (input.acmeCaRoot) {
    let pem: string;
    try {
      pem = readFileSync(input.acmeCaRoot, "utf8");
    } catch {
      throw bad("ACME_CA_ROOT", input.acmeCaRoot, "il file non esiste o non si può leggere");
    }
    if (!pem.includes("-----BEGIN CERTIFICATE-----"))
      throw bad("ACME_CA_ROOT", input.acmeCaRoot, "il file non contiene un certificato PEM");
  }
  const host = url.hostname;
  return {
    host,
    otherHost: host.startsWith("www.") ? host.slice(4) : `www.${host}`,
    httpsPort: input.httpsPort ?? (url.port ? Number(url.port) : 443),
    httpPort: input.httpPort,
    acmeCa,
    acmeCaRoot: input.acmeCaRoot ? path.resolve(input.acmeCaRoot) : undefined,
    dir: path.join(input.dataDir, "https"),
  };
}
