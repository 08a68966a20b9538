// Let's Encrypt's test CA (Debian's `pebble`), with `pebble-challtestsrv` as its DNS server, for the
// real ACME flow with no internet: every name resolves to 127.0.0.1, where the site's front listens.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./app-server.ts";

export interface Pebble {
  /** The ACME directory URL (ACME_CA). */
  directory: string;
  /** The PEM of the CA that signs pebble's own HTTPS (ACME_CA_ROOT). */
  apiRoot: string;
  /** Everything pebble printed so far (its log of orders among it). */
  output(): string;
  /** The root that signs the certificates pebble issues: new at each pebble start. */
  issuingRoot(): Promise<string>;
  stop(): Promise<void>;
}

/** Waits until `check` answers true, polling every 100 ms, at most `timeoutMs`. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function run(child: ChildProcess) {
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A CA and a certificate for localhost and 127.0.0.1 signed by it: pebble ships none for its API. */
function makeApiCertificate(dir: string) {
  const key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
  openssl(
    "req",
    "-x509",
    ...key,
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
    "-days",
    "2",
    "-subj",
    "/CN=Pebble API test CA",
  );
  openssl("req", ...key, "-keyout", "key.pem", "-out", "api.csr", "-subj", "/CN=localhost");
  writeFileSync(path.join(dir, "san.cnf"), "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
  openssl(
    "x509",
    "-req",
    "-in",
    "api.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "cert.pem",
    "-days",
    "2",
    "-extfile",
    "san.cnf",
  );
}

/**
 * Starts pebble-challtestsrv (DNS only, every A query answered 127.0.0.1) and pebble, whose HTTP-01
 * and TLS-ALPN-01 validations go to `httpPort` and `tlsPort` (the site's front's test ports).
 */
/** pebble-challtestsrv as a DNS server only (its HTTP and TLS challenge servers off), answers set over `management`. */
export function challtestsrvDnsOnly(dnsPort: number, managementPort: number): string[] {
  return [
    "-dns01",
    `127.0.0.1:${dnsPort}`,
    "-management",
    `127.0.0.1:${managementPort}`,
    "-http01",
    "",
    "-https01",
    "",
    "-tlsalpn01",
    "",
  ];
}

export async function startPebble({ httpPort, tlsPort }: { httpPort: number; tlsPort: number }): Promise<Pebble> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "pebble-"));
  makeApiCertificate(dir);
  const [dnsPort, dnsManagement, acmePort, managementPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const dns = run(
    spawn(
      "pebble-challtestsrv",
      [...challtestsrvDnsOnly(dnsPort, dnsManagement), "-defaultIPv4", "127.0.0.1", "-defaultIPv6", ""],
      { stdio: ["ignore", "pipe", "pipe"] },
    ),
  );
  const config = {
    pebble: {
      listenAddress: `127.0.0.1:${acmePort}`,
      managementListenAddress: `127.0.0.1:${managementPort}`,
      certificate: path.join(dir, "cert.pem"),
      privateKey: path.join(dir, "key.pem"),
      httpPort,
      tlsPort,
      ocspResponderURL: "",
      externalAccountBindingRequired: false,
    },
  };
  writeFileSync(path.join(dir, "pebble.json"), JSON.stringify(config));
  const pebble = run(
    spawn("pebble", ["-config", path.join(dir, "pebble.json"), "-dnsserver", `127.0.0.1:${dnsPort}`], {
      env: { ...process.env, PEBBLE_VA_NOSLEEP: "1", PEBBLE_WFE_NONCEREJECT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  const apiRoot = path.join(dir, "ca.pem");
  const curl = (url: string) =>
    execFileSync("curl", ["-sSf", "--cacert", apiRoot, url], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  await waitFor("pebble's ACME directory", () => {
    try {
      return curl(`https://127.0.0.1:${acmePort}/dir`).includes("newOrder");
    } catch {
      return false;
    }
  });
  return {
    directory: `https://127.0.0.1:${acmePort}/dir`,
    apiRoot,
    output: pebble.output,
    issuingRoot: async () => curl(`https://127.0.0.1:${managementPort}/roots/0`),
    stop: async () => {
      await Promise.all([pebble.stop(), dns.stop()]);
    },
  };
}
