import { execFile, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, adminCreate } from "../support/admin";
import { createPostgresEventBus } from "~/core/events/event-bus.server";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { pageViewsOf } from "../support/page-views";
import { publishIfPublic } from "../support/published-site";
import { PHONE_USER_AGENT } from "../support/user-agents";
import { type AppServer, freePort, newDataDir, SERVER_ENTRY, startAppServer } from "../support/app-server";
import { type Pebble, startPebble, waitFor } from "../support/pebble";

const HOST = "studio-prova.it";
const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

/**
 * `npm start` with an https SITE_URL and no proxy declared runs its own HTTPS front (Caddy, decision
 * 72), which gets its certificate from Let's Encrypt's test CA, pebble, over the real ACME flow.
 */
describe("HTTPS by itself (Caddy in front, certificates from pebble)", () => {
  let pebble: Pebble;
  let httpsPort: number;
  let httpPort: number;
  let dataDir: string;
  let site: AppServer | undefined;
  let issuingRoot: string;
  const rootFile = path.join(os.tmpdir(), `pebble-issuing-root-${process.pid}.pem`);

  const env = () => ({
    SITE_URL: `https://${HOST}`,
    TLS: "on",
    HTTPS_PORT: String(httpsPort),
    HTTP_PORT: String(httpPort),
    ACME_CA: pebble.directory,
    ACME_CA_ROOT: pebble.apiRoot,
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
  });

  /** curl as the Done-when names it: the name resolved to this machine, only pebble's root trusted. */
  async function curl(url: string, ...args: string[]) {
    const port = url.startsWith("https:") ? httpsPort : httpPort;
    const { stdout } = await run("curl", [
      "-sS",
      "-o",
      "/dev/null",
      "-D",
      "-",
      "--max-time",
      "10",
      "--resolve",
      `${HOST}:${port}:127.0.0.1`,
      "--resolve",
      `www.${HOST}:${port}:127.0.0.1`,
      "--cacert",
      rootFile,
      ...args,
      url,
    ]);
    const status = Number(/^HTTP\/[\d.]+ (\d+)/m.exec(stdout)?.[1]);
    const header = (name: string) => new RegExp(`^${name}: (.*?)\\r?$`, "im").exec(stdout)?.[1];
    return { status, header, raw: stdout };
  }

  /** The same, as a phone's browser asks, with the page itself. */
  async function page(url: string, ...args: string[]) {
    const { stdout } = await run("curl", [
      "-sS",
      "-D",
      "-",
      "--max-time",
      "10",
      "--resolve",
      `${HOST}:${httpsPort}:127.0.0.1`,
      "--cacert",
      rootFile,
      "-A",
      PHONE_USER_AGENT,
      ...args,
      url,
    ]);
    const [head, ...rest] = stdout.split(/\r?\n\r?\n/);
    const header = (name: string) => new RegExp(`^${name}: (.*?)\\r?$`, "im").exec(head!)?.[1];
    return { head: head!, header, body: rest.join("\n\n") };
  }

  const orders = () => (pebble.output().match(/POST \/order-plz/g) ?? []).length;

  beforeAll(async () => {
    [httpsPort, httpPort] = await Promise.all([freePort(), freePort()]);
    pebble = await startPebble({ httpPort, tlsPort: httpsPort });
    issuingRoot = await pebble.issuingRoot();
    writeFileSync(rootFile, issuingRoot);
    dataDir = newDataDir("https-front-");
    // Published by the test below, as she does from her panel (decision 73).
    site = await startAppServer(env(), 60_000, { inPreparation: true });
  }, 120_000);

  afterAll(async () => {
    await site?.stop();
    await pebble?.stop();
  });

  it("serves the site over HTTPS with a certificate pebble issued, with HSTS, and http:// and www. answer 308", async () => {
    // The first certificate takes a few seconds: an ACME order, a challenge, an issuance.
    await waitFor(
      "a certificate from pebble",
      async () => (await curl(`https://${HOST}:${httpsPort}/healthz`).catch(() => ({ status: 0 }))).status === 200,
      60_000,
    );
    const page = await curl(`https://${HOST}:${httpsPort}/admin-login`);
    expect(page.status).toBe(200);
    expect(page.header("strict-transport-security")).toMatch(/max-age=31536000/);
    expect(page.raw.match(/^strict-transport-security:/gim)).toHaveLength(1);

    const plain = await curl(`http://${HOST}:${httpPort}/ricette?x=1`);
    expect(plain.status).toBe(308);
    // Caddy's redirect names the host without the port: on 443 in production, what a browser needs.
    expect(plain.header("location")).toBe(`https://${HOST}/ricette?x=1`);

    await waitFor(
      "www's certificate",
      async () => (await curl(`https://www.${HOST}:${httpsPort}/`).catch(() => ({ status: 0 }))).status === 308,
      60_000,
    );
    const www = await curl(`https://www.${HOST}:${httpsPort}/articoli?p=2`);
    expect(www.header("location")).toBe(`https://${HOST}:${httpsPort}/articoli?p=2`);
    expect(existsSync(path.join(dataDir, "https", "last-error"))).toBe(false);
  }, 150_000);

  it('shows visitors only "Sito in preparazione" over HTTPS until she publishes, then her site', async () => {
    const body = async (url: string) => (await page(url)).body;
    const home = await curl(`https://${HOST}:${httpsPort}/home`);
    expect(home.status).toBe(503);
    expect(home.header("x-robots-tag")).toMatch(/noindex/);
    expect(await body(`https://${HOST}:${httpsPort}/home`)).toContain("Sito in preparazione");
    expect(await body(`https://${HOST}:${httpsPort}/robots.txt`)).toMatch(/^Disallow: \/\s*$/m);
    expect(await body(`https://${HOST}:${httpsPort}/sitemap.xml`)).not.toContain("<loc>");

    await publishIfPublic(`https://${HOST}`, { dataDir });
    // The processes hear it one by one: each answer below is awaited, whichever process gives it.
    await waitFor("her home page", async () => {
      const home = await page(`https://${HOST}:${httpsPort}/home`);
      return /^HTTP\/[\d.]+ 200/.test(home.head) && home.body.includes("Giulia Ferrari");
    });
    await waitFor("her sitemap", async () =>
      (await body(`https://${HOST}:${httpsPort}/sitemap.xml`)).includes(`<loc>https://${HOST}/home</loc>`),
    );
  }, 90_000);

  it("answers a visitor's kept page from its file: the page the servers keep, its policy in a <meta>, the view counted, gone at a change", async () => {
    const get = (urlPath: string, ...args: string[]) => page(`https://${HOST}:${httpsPort}${urlPath}`, ...args);
    // The first visit renders it and the servers write its file.
    await waitFor("/home answered from its file", async () => (await get("/home")).header("x-page-cache") === "file");
    const file = await get("/home");
    expect(file.head).toMatch(/^HTTP\/[\d.]+ 200/);
    expect(file.header("content-type")).toBe("text/html; charset=utf-8");
    expect(file.header("strict-transport-security")).toMatch(/max-age=31536000/);
    expect(file.header("x-frame-options")).toBe("DENY");
    expect(file.header("x-content-type-options")).toBe("nosniff");
    expect(file.header("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(file.header("content-security-policy")).toBe("frame-ancestors 'none'");
    expect(file.header("cross-origin-opener-policy")).toBe("same-origin");
    expect(file.header("permissions-policy")).toMatch(/camera=\(\)/);

    // The servers' own kept page, asked of them directly: the same bytes, its policy now a <meta>
    // that names every inline script's hash, which the servers send as their header.
    const kept = await fetch(`${site!.url}/home`, { headers: { "User-Agent": PHONE_USER_AGENT } });
    expect(kept.headers.get("x-page-cache")).toBe("hit");
    const keptPolicy = kept.headers.get("content-security-policy")!;
    expect(keptPolicy).toMatch(/'sha256-/);
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"\/>/.exec(file.body);
    expect(meta?.[1]).toBe(keptPolicy.replace("; frame-ancestors 'none'", ""));
    expect(file.body.replace(meta![0], "")).toBe(await kept.text());
    expect(file.body.indexOf(meta![0])).toBeLessThan(file.body.indexOf("<script"));

    // A cookie, a query string: the servers answer, as they would without the front, with their own
    // headers only (their whole policy, not the file's beside it).
    const withCookie = await get("/home", "-H", "Cookie: scelta=1");
    expect(withCookie.header("x-page-cache")).not.toBe("file");
    expect(withCookie.head.match(/^content-security-policy:/gim)).toHaveLength(1);
    expect(withCookie.header("content-security-policy")).toMatch(/script-src/);
    expect((await get("/home?utm_source=volantino")).header("x-page-cache")).not.toBe("file");
    // The files' own names are no address: the servers answer those (not found).
    for (const name of ["/home/index.html", "/home/index.html.gz", "/index.html.br"]) {
      const answer = await get(name);
      expect(answer.head, name).toMatch(/^HTTP\/[\d.]+ 404/);
      expect(answer.header("x-page-cache"), name).not.toBe("file");
    }

    // Views of the file are counted as the servers count theirs (statistics, decision 59).
    const database = await openSiteDatabase({ dataDir });
    const bus = await createPostgresEventBus(database.url);
    try {
      // A page only this test asks for: every answer of it is a view, from the servers or from its file.
      let visits = 0;
      const visit = () => {
        visits++;
        return get("/services");
      };
      await waitFor("/services answered from its file", async () => (await visit()).header("x-page-cache") === "file");
      for (let i = 0; i < 3; i++) expect((await visit()).header("x-page-cache")).toBe("file");
      await waitFor(
        "every visit of /services counted",
        async () => (await pageViewsOf(database.db, "/services")) === visits,
        30_000,
      );

      // A change anywhere: the file goes at once, and the next visitor gets the page from the servers.
      const pageFile = path.join(dataDir, "https", "pages", "home", "index.html");
      expect(existsSync(pageFile)).toBe(true);
      await bus.publish({ table: "reviews", action: "update", id: "1" });
      await waitFor("the kept file removed", () => !existsSync(pageFile), 10_000);
      expect((await get("/home")).header("x-page-cache")).not.toBe("file");
    } finally {
      await bus.close();
      await database.close();
    }
  }, 120_000);

  it("gives the administrator a Secure session cookie through the front", async () => {
    const created = adminCreate({ DATA_DIR: dataDir }, ["--email", ADMIN.email], ADMIN.password);
    expect(created.code, created.stderr).toBe(0);
    const login = await curl(
      `https://${HOST}:${httpsPort}/admin-login`,
      // What a browser sends from the sign-in page at this address, and a client's lie about its address.
      "-X",
      "POST",
      "-H",
      `Origin: https://${HOST}:${httpsPort}`,
      "-H",
      "X-Forwarded-For: 203.0.113.9",
      "--data-urlencode",
      `email=${ADMIN.email}`,
      "--data-urlencode",
      `password=${ADMIN.password}`,
    );
    expect(login.status).toBe(302);
    const cookie = login.raw.split(/\r?\n/).find((line) => /^set-cookie: admin_session=/i.test(line));
    expect(cookie).toMatch(/; Secure/i);
    // The session records the address Caddy saw, not the one the client claimed.
    const session = cookie!.replace(/^set-cookie: /i, "").split(";")[0]!;
    const account = await run("curl", [
      "-sS",
      "--resolve",
      `${HOST}:${httpsPort}:127.0.0.1`,
      "--cacert",
      rootFile,
      "-H",
      `Cookie: ${session}`,
      `https://${HOST}:${httpsPort}/admin/account`,
    ]);
    expect(account.stdout).toContain("IP 127.0.0.1");
    expect(account.stdout).not.toContain("203.0.113.9");
  }, 60_000);

  it("keeps its state owner-only and reuses the certificate after a restart: no new order", async () => {
    const dir = path.join(dataDir, "https");
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, "caddy.json")).mode & 0o777).toBe(0o600);
    const before = orders();
    expect(before).toBeGreaterThanOrEqual(1);
    expect(await site!.stop()).toBe(0);
    site = await startAppServer(env());
    await waitFor(
      "the site over HTTPS again",
      async () => (await curl(`https://${HOST}:${httpsPort}/healthz`).catch(() => ({ status: 0 }))).status === 200,
    );
    expect(orders()).toBe(before);
  }, 120_000);

  it("refuses to start, in one line and writing nothing, when port 443 is taken", async () => {
    const taken: Server = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, resolve));
    const empty = newDataDir("https-taken-");
    try {
      const failure = await startAppServer({ ...env(), DATA_DIR: empty, HTTPS_PORT: String(port) }).then(
        () => "started",
        (error: Error) => error.message,
      );
      expect(failure).toMatch(new RegExp(`exited early \\(1\\)[\\s\\S]*La porta ${port} \\(HTTPS\\) è già occupata`));
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      taken.close();
    }
  }, 60_000);

  it("says in one line how to fix it when its user may not open port 443, and writes nothing", () => {
    const empty = newDataDir("https-unprivileged-");
    // As root, the test runs the site as "nobody": a user like the one a VPS gives her.
    const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const result = spawnSync(process.execPath, [SERVER_ENTRY], {
      cwd: root,
      // Pebble's files are root's (mode 700): that user reads no ACME_CA_ROOT, and needs none here.
      env: {
        ...process.env,
        ...env(),
        ACME_CA_ROOT: "",
        DATA_DIR: empty,
        HTTPS_PORT: "443",
        PORT: String(httpPort + 1),
      },
      encoding: "utf8",
      timeout: 30_000,
      ...asUser,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/non può aprire la porta 443 \(HTTPS\).*service:install.*CAP_NET_BIND_SERVICE/);
    expect(readdirSync(empty)).toEqual([]);
  });

  it("starts Caddy again when it dies", async () => {
    const pidFile = path.join(dataDir, "https", "caddy.pid");
    const first = Number(readFileSync(pidFile, "utf8"));
    process.kill(first, "SIGKILL");
    await waitFor("another Caddy", () => existsSync(pidFile) && Number(readFileSync(pidFile, "utf8")) !== first);
    await waitFor(
      "the site over HTTPS again",
      async () => (await curl(`https://${HOST}:${httpsPort}/healthz`).catch(() => ({ status: 0 }))).status === 200,
    );
    expect(site!.output()).toMatch(/https: Caddy exited; starting it again/);
  }, 60_000);

  it("starts and serves without a CA, and says why there is no certificate in DATA_DIR/https/last-error", async () => {
    await site!.stop();
    await pebble.stop();
    dataDir = newDataDir("https-no-ca-");
    site = await startAppServer(env());
    const plain = await curl(`http://${HOST}:${httpPort}/`);
    expect(plain.status).toBe(308);
    const lastError = path.join(dataDir, "https", "last-error");
    await waitFor("the last ACME failure written", () => existsSync(lastError), 60_000);
    const line = readFileSync(lastError, "utf8");
    expect(line.trim().split("\n")).toHaveLength(1);
    expect(line).toContain(HOST);
    expect(line).toMatch(/connection refused/i);
    expect(statSync(lastError).mode & 0o777).toBe(0o600);
    // Both names failed at once: one line in the site's log, not one per name and attempt.
    expect(site!.output().match(/no certificate yet/g)).toHaveLength(1);
  }, 120_000);
});
