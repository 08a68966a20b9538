import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.server";
import { LETS_ENCRYPT_DIRECTORY } from "./https-front";

const dir = mkdtempSync(path.join(os.tmpdir(), "https-config-"));
const pem = path.join(dir, "root.pem");
writeFileSync(pem, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
const notPem = path.join(dir, "root.txt");
writeFileSync(notPem, "hello");

describe("the HTTPS front's settings", () => {
  it("runs the front for an https SITE_URL with no proxy declared: Let's Encrypt, 443 and 80, servers on loopback trusting it", () => {
    const config = loadConfig({ SITE_URL: "https://studio-rossi.it", DATA_DIR: dir });
    expect(config.httpsFront).toEqual({
      host: "studio-rossi.it",
      otherHost: "www.studio-rossi.it",
      httpsPort: 443,
      httpPort: 80,
      acmeCa: LETS_ENCRYPT_DIRECTORY,
      acmeCaRoot: undefined,
      dir: path.join(dir, "https"),
    });
    expect(config.host).toBe("127.0.0.1");
    expect(config.trustProxy).toEqual(["loopback"]);
  });

  it("redirects the bare name to a www SITE_URL, and takes another CA and its root", () => {
    const config = loadConfig({
      SITE_URL: "https://www.studio-rossi.it",
      ACME_CA: "https://acme.zerossl.com/v2/DV90",
      ACME_CA_ROOT: pem,
      HTTPS_PORT: "8443",
      HTTP_PORT: "8080",
    });
    expect(config.httpsFront).toMatchObject({
      host: "www.studio-rossi.it",
      otherHost: "studio-rossi.it",
      acmeCa: "https://acme.zerossl.com/v2/DV90",
      acmeCaRoot: pem,
      httpsPort: 8443,
      httpPort: 8080,
    });
  });

  it("keeps today's behaviour with TLS=off, a declared proxy or an http SITE_URL", () => {
    for (const env of [
      { SITE_URL: "https://studio-rossi.it", TLS: "off" },
      { SITE_URL: "https://studio-rossi.it", TRUST_PROXY: "1" },
      { SITE_URL: "http://studio-rossi.it" },
      {},
    ]) {
      const config = loadConfig(env);
      expect(config.httpsFront).toBeUndefined();
      expect(config.host).toBe("0.0.0.0");
    }
    expect(loadConfig({ SITE_URL: "https://studio-rossi.it", TLS: "off" }).trustProxy).toBe(false);
  });

  it.each([
    [{ SITE_URL: "https://192.0.2.10" }, /SITE_URL=.*indirizzo IP/],
    [{ SITE_URL: "https://localhost:3000" }, /SITE_URL=.*nome locale/],
    [{ SITE_URL: "https://studio.local" }, /SITE_URL=.*nome locale/],
    [{ SITE_URL: "https://intranet" }, /SITE_URL=.*non è un nome di dominio/],
    [{ SITE_URL: "https://studio-rossi.it/sito" }, /SITE_URL=.*senza percorso/],
    [{ SITE_URL: "https://studio-rossi.it", ACME_CA: "http://ca.example/dir" }, /ACME_CA=.*https:\/\//],
    [{ SITE_URL: "https://studio-rossi.it", ACME_CA_ROOT: path.join(dir, "missing.pem") }, /ACME_CA_ROOT=.*non esiste/],
    [{ SITE_URL: "https://studio-rossi.it", ACME_CA_ROOT: notPem }, /ACME_CA_ROOT=.*PEM/],
    [{ SITE_URL: "https://studio-rossi.it", TLS: "maybe" }, /TLS=.*"on" oppure "off"/],
    [{ SITE_URL: "https://studio-rossi.it", HTTPS_PORT: "abc" }, /HTTPS_PORT=.*porta/],
    [{ SITE_URL: "https://studio-rossi.it", PORT: "443" }, /PORT=443.*front HTTPS/],
  ])("refuses %o in one line naming it", (env, message) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain("\n");
  });

  it("lets a TLS=off site keep an address that is not a domain", () => {
    expect(loadConfig({ SITE_URL: "https://192.0.2.10", TLS: "off" }).siteUrl).toBe("https://192.0.2.10");
  });
});
