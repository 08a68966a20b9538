// The site's front seen from this machine: ports 80 and 443 answering, and the certificate on 443
// (its issuer, its days left, trusted for the domain), or, when there is none, the last failure the
// HTTPS front wrote in DATA_DIR/https/last-error.
import { readFile } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import tls from "node:tls";
import { type Check, failed, passed, warned } from "./check";

const CONNECT_TIMEOUT_MS = 4_000;
/** Let's Encrypt's certificates are renewed 30 days before their end: under this, renewal is failing. */
const RENEWAL_LATE_DAYS = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface FrontTarget {
  /** The domain, as a browser sends it (Host, SNI). */
  host: string;
  /** Where to connect: this machine. */
  address: string;
  httpPort: number;
  httpsPort: number;
  /** Extra certificate authorities to trust (tests). */
  ca?: string;
}

const portTitle = (port: number) => `Porta ${port}`;

/** Port 80: an HTTP answer of any status (the front sends visitors on to https). */
export function httpPortCheck(target: FrontTarget): Promise<Check> {
  const key = "port-http";
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: target.address,
        port: target.httpPort,
        method: "HEAD",
        path: "/",
        headers: { Host: target.host },
        timeout: CONNECT_TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        const to = response.headers.location ? ` verso ${response.headers.location}` : "";
        resolve(passed(key, portTitle(target.httpPort), `Risponde (HTTP ${response.statusCode}${to}).`));
      },
    );
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", (error) => resolve(portDown(key, target.httpPort, error)));
    request.end();
  });
}

/** Port 443: a connection accepted (the certificate is the next check). */
export function httpsPortCheck(target: FrontTarget): Promise<Check> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: target.address, port: target.httpsPort, timeout: CONNECT_TIMEOUT_MS });
    socket.on("connect", () => {
      socket.destroy();
      resolve(passed("port-https", portTitle(target.httpsPort), "Accetta connessioni."));
    });
    socket.on("timeout", () => socket.destroy(new Error("timeout")));
    socket.on("error", (error) => resolve(portDown("port-https", target.httpsPort, error)));
  });
}

function portDown(key: string, port: number, error: Error & { code?: string }): Check {
  const refused = error.code === "ECONNREFUSED";
  return failed(
    key,
    portTitle(port),
    refused
      ? `Nessun programma risponde sulla porta ${port}.`
      : `La porta ${port} non risponde (${error.code ?? error.message}).`,
    refused
      ? "Il sito deve essere avviato con SITE_URL in https:// e senza TRUST_PROXY (systemctl status studio-nutrizione); se un altro programma (nginx, apache) occupa la porta, fermalo."
      : `Apri la porta ${port} nel firewall della macchina e in quello del fornitore del VPS.`,
  );
}

/** The certificate the front presents for `host`: trusted for it, its issuer, and the days it has left. */
export async function certificateCheck(target: FrontTarget, dataDir: string, now = new Date()): Promise<Check> {
  const title = `Certificato di ${target.host}`;
  const seen = await new Promise<{ cert: tls.PeerCertificate; trusted: string | null } | Error>((resolve) => {
    const socket = tls.connect({
      host: target.address,
      port: target.httpsPort,
      servername: target.host,
      ca: target.ca ? [...tls.rootCertificates, target.ca] : undefined,
      // Judged below, to say why rather than only fail.
      rejectUnauthorized: false,
      timeout: CONNECT_TIMEOUT_MS,
    });
    socket.on("secureConnect", () => {
      const cert = socket.getPeerCertificate();
      const mismatch = tls.checkServerIdentity(target.host, cert);
      const trusted = socket.authorized ? (mismatch ? mismatch.message : null) : String(socket.authorizationError);
      socket.destroy();
      resolve(cert?.valid_to ? { cert, trusted } : new Error("no certificate"));
    });
    socket.on("timeout", () => socket.destroy(new Error("timeout")));
    socket.on("error", (error) => resolve(error));
  });
  if (seen instanceof Error) {
    const lastError = await readLastError(dataDir);
    return failed(
      "certificate",
      title,
      lastError
        ? `Nessun certificato sulla porta ${target.httpsPort}. Ultimo errore nel chiederlo: ${lastError}`
        : `Nessun certificato sulla porta ${target.httpsPort} (${(seen as Error & { code?: string }).code ?? seen.message}).`,
      "Il certificato arriva quando i record A del dominio puntano a questa macchina e la porta 80 è raggiungibile da internet: controlla le righe sopra; il sito riprova da sé.",
    );
  }
  const issuer = seen.cert.issuer?.O ?? seen.cert.issuer?.CN ?? "sconosciuto";
  const daysLeft = Math.floor((new Date(seen.cert.valid_to).getTime() - now.getTime()) / DAY_MS);
  const facts = `Emesso da ${issuer}, scade tra ${daysLeft} giorni (${new Date(seen.cert.valid_to).toISOString().slice(0, 10)}).`;
  if (seen.trusted)
    return failed(
      "certificate",
      title,
      `${facts} I browser non lo accettano: ${seen.trusted}.`,
      "Con ACME_CA di prova (pebble, staging) i browser non si fidano: per il sito vero togli ACME_CA e ACME_CA_ROOT e riavvia il sito.",
    );
  if (daysLeft < 0)
    return failed(
      "certificate",
      title,
      `Scaduto: ${facts}`,
      "Il rinnovo non riesce: controlla le righe sopra e journalctl -u studio-nutrizione.",
    );
  if (daysLeft < RENEWAL_LATE_DAYS)
    return warned(
      "certificate",
      title,
      facts,
      "Il rinnovo automatico è in ritardo: controlla i record DNS e la porta 80.",
    );
  return passed("certificate", title, facts);
}

/** The HTTPS front's last certificate failure, one line (absent when the last attempt went well). */
async function readLastError(dataDir: string): Promise<string | null> {
  const text = await readFile(path.join(dataDir, "https", "last-error"), "utf8").catch(() => null);
  const line = text
    ?.split("\n")
    .find((l) => l.trim())
    ?.trim();
  return line ? line.slice(0, 500) : null;
}
