import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freePort } from "../../../tests/support/app-server";
import { type DnsAnswers, startDnsAnswers } from "../../../tests/support/dns-answers";
import { startTestSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp";
import type { Check } from "./check";
import { backupCheck, nodeCheck } from "./machine-checks.server";
import { checkSite, countFailed, type SiteStatusInput } from "./site-status.server";

const HOST = "studio-prova.it";
const MACHINE = "203.0.113.5";
const WHERE = "nel file /etc/studio-nutrizione/env";

let dns: DnsAnswers;
let dataDir: string;
let smtp: TestSmtpServer;
let front: { httpPort: number; httpsPort: number; ca: string; close(): void };

/** A front of our own: port 80's 308 and a certificate for the domain, signed by a CA made here. */
async function startFront(dir: string) {
  const run = promisify(execFile);
  const file = (name: string) => path.join(dir, name);
  await run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-days",
    "3",
    "-subj",
    "/O=CA di prova/CN=CA di prova",
    "-keyout",
    file("ca.key"),
    "-out",
    file("ca.pem"),
  ]);
  await run("openssl", [
    "req",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-subj",
    `/CN=${HOST}`,
    "-keyout",
    file("site.key"),
    "-out",
    file("site.csr"),
  ]);
  await writeFile(file("san.ext"), `subjectAltName=DNS:${HOST},DNS:www.${HOST}\n`);
  await run("openssl", [
    "x509",
    "-req",
    "-in",
    file("site.csr"),
    "-CA",
    file("ca.pem"),
    "-CAkey",
    file("ca.key"),
    "-CAcreateserial",
    "-days",
    "60",
    "-extfile",
    file("san.ext"),
    "-out",
    file("site.pem"),
  ]);
  const plain = http.createServer((req, res) => res.writeHead(308, { Location: `https://${HOST}${req.url}` }).end());
  const secure = https.createServer(
    { key: await readFile(file("site.key")), cert: await readFile(file("site.pem")) },
    (_req, res) => res.end("ok"),
  );
  await Promise.all(
    [plain, secure].map((server) => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))),
  );
  return {
    httpPort: (plain.address() as AddressInfo).port,
    httpsPort: (secure.address() as AddressInfo).port,
    ca: await readFile(file("ca.pem"), "utf8"),
    close: () => {
      for (const server of [plain, secure]) server.close();
    },
  };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "site-status-"));
  [dns, smtp, front] = await Promise.all([startDnsAnswers(), startTestSmtpServer(), startFront(dataDir)]);
}, 60_000);
afterAll(async () => {
  front?.close();
  await Promise.all([dns?.stop(), smtp?.stop()]);
});

function input(overrides: Partial<SiteStatusInput> = {}): SiteStatusInput {
  return {
    siteUrl: `https://${HOST}`,
    dataDir,
    siteChecks: { dnsServer: dns.server, dkimSelector: "mail", publicAddresses: [] },
    mail: { smtpUrl: smtp.url, from: `Sito <sito@${HOST}>`, to: undefined },
    backup: { last: { at: new Date(), name: "studio-20261202-0330.tar.gz" }, nightlyOff: false, dir: "/b" },
    settingsWhere: WHERE,
    smtp: "skip",
    front: { httpPort: front.httpPort, httpsPort: front.httpsPort, ca: front.ca },
    machineAddresses: [MACHINE],
    ...overrides,
  };
}

async function check(key: string, overrides: Partial<SiteStatusInput> = {}): Promise<Check> {
  const found = (await checkSite(input(overrides))).flatMap((g) => g.checks).find((c) => c.key === key);
  if (!found) throw new Error(`no check ${key}`);
  return found;
}

/** A domain whose records are all right: both names here, the four mail records published. */
async function goodRecords() {
  for (const name of [HOST, `www.${HOST}`]) {
    await dns.clearA(name);
    await dns.clearAAAA(name);
    await dns.addA(name, [MACHINE]);
  }
  for (const name of [HOST, `mail._domainkey.${HOST}`, `_dmarc.${HOST}`]) await dns.clearTxt(name);
  await dns.setTxt(HOST, "v=spf1 include:_spf.posta.example -all");
  await dns.setTxt(`mail._domainkey.${HOST}`, "v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOC");
  await dns.setTxt(`_dmarc.${HOST}`, "v=DMARC1; p=none");
  dns.setMx(HOST, ["mx1.posta.example"]);
}

describe("the domain's addresses", () => {
  beforeEach(goodRecords);

  it("pass when the domain and www. point to this machine", async () => {
    expect(await check(`dns-${HOST}`)).toMatchObject({ state: "ok", detail: expect.stringContaining(MACHINE) });
    expect(await check(`dns-www.${HOST}`)).toMatchObject({ state: "ok" });
  });

  it("fail naming the record when www. has none", async () => {
    await dns.clearA(`www.${HOST}`);
    const result = await check(`dns-www.${HOST}`);
    expect(result.state).toBe("failed");
    expect(result.detail).toBe(`Nessun record A per www.${HOST}: il nome non porta da nessuna parte.`);
    expect(result.fix).toMatch(
      new RegExp(`record A per www\\.${HOST.replace(".", "\\.")} con valore ${MACHINE.replaceAll(".", "\\.")}`),
    );
  });

  it("fail naming the record and both addresses when it points elsewhere", async () => {
    await dns.clearA(HOST);
    await dns.addA(HOST, ["198.51.100.7"]);
    const result = await check(`dns-${HOST}`);
    expect(result).toMatchObject({
      state: "failed",
      detail: `Il record A di ${HOST} vale 198.51.100.7, ma questa macchina è ${MACHINE}.`,
    });
    expect(result.fix).toContain(`il record A di ${HOST} in ${MACHINE}`);
  });

  it("fail on an IPv6 address elsewhere, telling to remove it when the machine has none", async () => {
    await dns.addAAAA(HOST, ["2001:db8::7"]);
    const result = await check(`dns-${HOST}`);
    expect(result).toMatchObject({
      state: "failed",
      detail: expect.stringContaining("Il record AAAA di studio-prova.it vale 2001:db8::7"),
    });
    expect(result.fix).toContain(
      `Cancella nel pannello DNS del dominio (presso chi te l'ha registrato) il record AAAA di ${HOST}`,
    );
  });

  it("say so within the bound when the DNS server does not answer", async () => {
    const silent = `127.0.0.1:${await freePort()}`;
    const started = Date.now();
    const result = await check(`dns-${HOST}`, {
      siteChecks: { dnsServer: silent, dkimSelector: "mail", publicAddresses: [] },
    });
    expect(result.state).toBe("failed");
    expect(result.detail).toMatch(/Il server DNS non ha risposto/);
    expect(Date.now() - started).toBeLessThan(11_000);
  }, 20_000);
});

describe("the mail domain's records", () => {
  beforeEach(goodRecords);

  it("pass with MX, SPF, DKIM and DMARC published", async () => {
    const groups = await checkSite(input());
    const mail = groups.find((g) => g.title === "Posta")!.checks;
    expect(mail.map((c) => [c.key, c.state])).toEqual([
      ["mx", "ok"],
      ["spf", "ok"],
      ["dkim", "ok"],
      ["dmarc", "ok"],
    ]);
    expect(mail[0]!.detail).toContain("mx1.posta.example");
  });

  it("fail on a missing MX", async () => {
    dns.setMx(HOST, []);
    expect(await check("mx")).toMatchObject({
      state: "failed",
      detail: expect.stringContaining(`Nessun record MX per ${HOST}`),
    });
  });

  it("fail on a missing SPF, naming the TXT record to add", async () => {
    await dns.clearTxt(HOST);
    const result = await check("spf");
    expect(result).toMatchObject({
      state: "failed",
      detail: expect.stringContaining(`Nessun record SPF (TXT "v=spf1 …") per ${HOST}`),
    });
    expect(result.fix).toContain(`record TXT per ${HOST}`);
  });

  it("fail on a missing DKIM key at the selector's name, and warn when no selector is set", async () => {
    await dns.clearTxt(`mail._domainkey.${HOST}`);
    const result = await check("dkim");
    expect(result).toMatchObject({
      state: "failed",
      detail: `Nessun record DKIM in mail._domainkey.${HOST}: le e-mail del sito non risultano firmate.`,
    });
    const unset = await check("dkim", {
      siteChecks: { dnsServer: dns.server, dkimSelector: undefined, publicAddresses: [] },
    });
    expect(unset).toMatchObject({ state: "warning", fix: expect.stringContaining(`DKIM_SELECTOR`) });
    expect(unset.fix).toContain(WHERE);
  });

  it("fail on a missing DMARC, naming _dmarc", async () => {
    await dns.clearTxt(`_dmarc.${HOST}`);
    const result = await check("dmarc");
    expect(result).toMatchObject({ state: "failed", detail: expect.stringContaining(`_dmarc.${HOST}`) });
    expect(result.fix).toContain(`record TXT per _dmarc.${HOST}`);
  });
});

describe("the front", () => {
  it("passes with both ports answering and a trusted certificate, naming its issuer and days left", async () => {
    expect(await check("port-http")).toMatchObject({
      state: "ok",
      detail: `Risponde (HTTP 308 verso https://${HOST}/).`,
    });
    expect(await check("port-https")).toMatchObject({ state: "ok" });
    expect(await check("certificate")).toMatchObject({
      state: "ok",
      detail: expect.stringMatching(/^Emesso da CA di prova, scade tra (59|60) giorni/),
    });
  });

  it("fails on a port nobody answers", async () => {
    const closed = await freePort();
    expect(
      await check("port-http", { front: { httpPort: closed, httpsPort: front.httpsPort, ca: front.ca } }),
    ).toMatchObject({
      state: "failed",
      detail: `Nessun programma risponde sulla porta ${closed}.`,
    });
  });

  it("fails on a certificate browsers do not trust, saying why", async () => {
    const result = await check("certificate", { front: { httpPort: front.httpPort, httpsPort: front.httpsPort } });
    expect(result).toMatchObject({ state: "failed", detail: expect.stringContaining("I browser non lo accettano") });
  });

  it("names the HTTPS front's last failure when there is no certificate", async () => {
    await mkdir(path.join(dataDir, "https"), { recursive: true });
    await writeFile(path.join(dataDir, "https", "last-error"), "acme: studio-prova.it: connection refused by the CA\n");
    const closed = await freePort();
    const result = await check("certificate", { front: { httpPort: front.httpPort, httpsPort: closed } });
    expect(result).toMatchObject({
      state: "failed",
      detail: `Nessun certificato sulla porta ${closed}. Ultimo errore nel chiederlo: acme: studio-prova.it: connection refused by the CA`,
    });
  });
});

describe("the mail server", () => {
  it("accepts the site's login, and takes a test message sent at once", async () => {
    expect(await check("smtp", { smtp: "login" })).toMatchObject({ state: "ok" });
    const before = smtp.received.length;
    expect(await check("smtp", { smtp: { sendTo: "anna@studio-prova.it" } })).toMatchObject({ state: "ok" });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.parsed.subject).toBe("Prova di invio dal sito");
    expect(mail!.parsed.to?.[0]?.address).toBe("anna@studio-prova.it");
  });

  it("fails when the mail server does not answer, never showing SMTP_URL's password", async () => {
    const url = `smtp://sito:segreta@127.0.0.1:${await freePort()}`;
    const result = await check("smtp", { smtp: "login", mail: { smtpUrl: url, from: `sito@${HOST}`, to: undefined } });
    expect(result).toMatchObject({ state: "failed", fix: expect.stringContaining("SMTP_URL") });
    expect(JSON.stringify(result)).not.toContain("segreta");
  });

  it("warns, saying what to set, when e-mail is off", async () => {
    expect(await check("smtp", { mail: undefined })).toMatchObject({
      state: "warning",
      fix: `Scrivi SMTP_URL e MAIL_FROM (dal fornitore della posta) ${WHERE}.`,
    });
  });
});

describe("the machine", () => {
  it("counts a late or missing backup as failed", () => {
    const now = new Date("2026-12-02T12:00:00Z");
    expect(backupCheck(null, false, "/b", now)).toMatchObject({ state: "failed", detail: "Nessun backup in /b." });
    expect(backupCheck({ at: new Date("2026-11-29T03:30:00Z"), name: "x.tar.gz" }, false, "/b", now).state).toBe(
      "failed",
    );
    expect(backupCheck({ at: new Date("2026-12-02T03:30:00Z"), name: "x.tar.gz" }, false, "/b", now)).toMatchObject({
      state: "ok",
      detail: "x.tar.gz, 8 ore fa.",
    });
  });

  it("fails on a Node older than 24", () => {
    expect(nodeCheck("20.20.2")).toMatchObject({ state: "failed", fix: expect.stringContaining("npm ci") });
    expect(nodeCheck("24.21.0").state).toBe("ok");
  });

  it("has disk, memory and Node in every report, and counts the failures", async () => {
    await goodRecords();
    const groups = await checkSite(input());
    const machine = groups.find((g) => g.title === "Macchina")!.checks.map((c) => c.key);
    expect(machine).toEqual(["disk", "backup", "memory", "node"]);
    expect(countFailed(groups)).toBe(groups.flatMap((g) => g.checks).filter((c) => c.state === "failed").length);
  });
});
