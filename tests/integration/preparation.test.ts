import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { createSiteContentStore, defaultSiteContent } from "~/features/site-content/site-content.server";
import { finishSetup } from "~/features/site-content/setup.server";
import { createAdminAccounts } from "~/features/account/accounts.server";
import { ADMIN } from "../support/admin";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";

// Decision 73: a site on a public address shows visitors "Sito in preparazione" until she publishes
// it; signed in, she sees it whole; on a loopback address nothing changes.

const SITE_URL = "http://studio-prova.it";
const PUBLIC_PAGES = ["/", "/home", "/services", "/privacy", "/reviews", "/domande-frequenti", "/articoli", "/prenota"];

async function signIn(server: AppServer): Promise<string> {
  const login = await fetch(`${server.url}/admin-login`, {
    method: "POST",
    body: new URLSearchParams(ADMIN),
    headers: { Origin: server.url },
    redirect: "manual",
  });
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith("admin_session="));
  if (!cookie) throw new Error(`no session after signing in (${login.status}): ${(await login.text()).slice(0, 400)}`);
  return cookie.split(";")[0]!;
}

/** A GET of the path exactly as written (fetch would resolve its dots first). */
function rawGet(server: AppServer, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = http.get({ host: hostname, port, path }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
  });
}

/** Posts "Pubblica il sito" (or its opposite) as a browser without JavaScript would. */
const post = (server: AppServer, cookie: string, intent: "publish" | "unpublish") =>
  fetch(`${server.url}/admin/pubblica`, {
    method: "POST",
    body: new URLSearchParams({ intent }),
    headers: { Origin: server.url, Cookie: cookie },
    redirect: "manual",
  });

describe("a site on a public address, before she publishes it", () => {
  let server: AppServer;
  let dataDir: string;
  let cookie: string;

  beforeAll(async () => {
    dataDir = newDataDir();
    const database = await openSiteDatabase({ dataDir });
    try {
      await createAdminAccounts(database.db).setPassword(ADMIN.email, ADMIN.password);
      await finishSetup(database.db);
    } finally {
      await database.close();
    }
    server = await startAppServer({ DATA_DIR: dataDir, SITE_URL }, 60_000, { inPreparation: true });
    cookie = await signIn(server);
  });
  afterAll(() => server?.stop());

  it("answers every public page with one 503 'Sito in preparazione', noindex, Retry-After and no script", async () => {
    for (const path of PUBLIC_PAGES) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(503);
      expect(response.headers.get("retry-after"), path).toMatch(/^\d+$/);
      expect(response.headers.get("x-robots-tag"), path).toBe("noindex");
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      const html = await response.text();
      expect(html, path).toContain("<h1>Sito in preparazione</h1>");
      expect(html, path).toContain('<meta name="robots" content="noindex"/>');
      expect(html, path).toContain('lang="it"');
      expect(html, path).not.toMatch(/<script/i);
      // Nothing of the site's content, example or not.
      expect(html, path).not.toContain(defaultSiteContent.practitioner.name);
    }
  });

  it("disallows everything in robots.txt and lists no page in the sitemap", async () => {
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toBe("User-agent: *\nDisallow: /\n");
    const sitemap = await fetch(`${server.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    const xml = await sitemap.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n<\/urlset>\n$/,
    );
  });

  it("gives out no content in the feed, a page's data or a form's answer", async () => {
    for (const path of ["/articoli/feed.xml", "/home.data", "/_root.data", "/studi/studio-di-milano"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(503);
      expect(await response.text(), path).not.toContain(defaultSiteContent.practitioner.name);
    }
  });

  it("is not opened by a path that climbs out of the admin area", async () => {
    for (const path of [
      "/admin/../home",
      "/admin/%2e%2e/home",
      "/admin\\..\\home",
      "/admin-login/../../privacy",
      "//x/admin",
      "//home",
    ]) {
      const answer = await rawGet(server, path);
      expect(answer.status, path).toBe(503);
      expect(answer.body, path).not.toContain(defaultSiteContent.practitioner.name);
    }
  });

  it("keeps the health checks and her sign-in as they are", async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${server.url}/admin-login`)).status).toBe(200);
  });

  it("shows her, signed in, the whole site as it will be, never kept for visitors", async () => {
    const home = await fetch(`${server.url}/home`, { headers: { Cookie: cookie } });
    expect(home.status).toBe(200);
    expect(home.headers.get("cache-control")).toContain("no-store");
    expect(home.headers.get("x-robots-tag")).toBe("noindex");
    expect(await home.text()).toContain(defaultSiteContent.practitioner.name);
    // Her preview did not fill the page cache for the visitor after her.
    const visitor = await fetch(`${server.url}/home`);
    expect(visitor.status).toBe(503);
    expect(visitor.headers.get("x-page-cache")).toBeNull();
  });

  it("refuses to publish while a legal detail is the example's, naming it in Italian", async () => {
    const refused = await post(server, cookie, "publish");
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain("Non puoi ancora pubblicare il sito");
    for (const label of [
      "il nome",
      "il numero di iscrizione all&#x27;albo",
      "la Partita IVA",
      "l&#x27;e-mail (contatto per la privacy)",
    ])
      expect(html).toContain(label);
    expect((await fetch(`${server.url}/home`)).status).toBe(503);
  });

  it("publishes once her legal details are hers: visitors get the site at once, and back in preparation", async () => {
    // Her details written beside the server, which then starts again to read them (the e2e spec fills the forms).
    await server.stop();
    const database = await openSiteDatabase({ dataDir });
    try {
      const store = createSiteContentStore(database.db, createMemoryEventBus());
      const { version, content } = await store.current();
      const saved = await store.save(version, "Dati dello studio", {
        ...content,
        practitioner: { ...content.practitioner, name: "Dott.ssa Chiara Rinaldi", registerNumber: "AA_1234" },
        business: { vatNumber: "12345678903", legalName: "Chiara Rinaldi" },
        contact: { ...content.contact, email: "chiara@rinaldi.test" },
      });
      expect(saved.ok).toBe(true);
      store.close();
    } finally {
      await database.close();
    }
    server = await startAppServer({ DATA_DIR: dataDir, SITE_URL }, 60_000, { inPreparation: true });
    expect((await fetch(`${server.url}/home`)).status).toBe(503);
    const published = await post(server, cookie, "publish");
    expect(published.status).toBe(303);
    const home = await fetch(`${server.url}/home`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Dott.ssa Chiara Rinaldi");
    expect(home.headers.get("x-robots-tag")).toBeNull();
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain(`<loc>${SITE_URL}/home</loc>`);
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toContain("Allow: /");
    // Kept and answered first now: still the site.
    const kept = await fetch(`${server.url}/home`);
    expect(kept.status).toBe(200);
    expect(kept.headers.get("x-page-cache")).toBe("hit");

    const back = await post(server, cookie, "unpublish");
    expect(back.status).toBe(303);
    const hidden = await fetch(`${server.url}/home`);
    expect(hidden.status).toBe(503);
    expect(await hidden.text()).toContain("Sito in preparazione");
  });
});

describe("a site on a loopback address", () => {
  let server: AppServer;
  afterAll(() => server?.stop());

  it("is shown as always, never published", async () => {
    server = await startAppServer({ SITE_URL: "http://127.0.0.1:3999" });
    const home = await fetch(`${server.url}/home`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(defaultSiteContent.practitioner.name);
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toContain("Allow: /");
  });
});
