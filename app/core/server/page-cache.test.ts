import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import zlib from "node:zlib";
import express from "express";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { requestContext } from "~/context";
import { createMemoryEventBus, type EventBus } from "~/core/events/event-bus.server";
import { CACHED_PAGES, LIVE_TABLES } from "~/features-registry";
import { createPageCache, type KeptPageFiles, type PageCacheTiming } from "./page-cache";
import { securityHeaders } from "./security-headers";

const page = (body: string, nonce = "") =>
  `<!DOCTYPE html><html><body>${body}<script nonce="${nonce}">window.x = 1;</script><script nonce="${nonce}" type="module" src="/assets/a.js"></script></body></html>`;

/** A page with a form as /reviews renders it: its start time in the form and in the script's data. */
const formPage = (nonce: string, formStart: string) =>
  `<!DOCTYPE html><html><head><link rel="modulepreload" nonce="${nonce}" href="/assets/a.js"/></head><body>` +
  `<form method="post"><input type="hidden" name="modulo_aperto" value="${formStart}"/></form>` +
  `<p>${"Recensione lunga abbastanza da comprimere. ".repeat(200)}</p>` +
  `<script nonce="${nonce}">window.data = {"startedAt":"${formStart}"};</script></body></html>`;

interface Harness {
  url: string;
  bus: EventBus;
  renders: string[];
  /** What the next render of a path returns. */
  content: Map<string, { status?: number; body: string; setCookie?: boolean; form?: boolean }>;
  /** Holds renders until released (to publish an event in the middle of one). */
  gate: { wait?: Promise<void>; release?: () => void };
  /** The start times signed so far. */
  stamps: string[];
  /** How long the serial in the next start times is (a start time of another length). */
  stampDigits: { value: number };
}

/** A GET whose body arrives as sent, still compressed. */
function rawGet(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    request(url, { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

const servers: Server[] = [];
const caches: { close: () => void }[] = [];
afterEach(async () => {
  for (const cache of caches.splice(0)) cache.close();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function harness(timing?: Partial<PageCacheTiming>, files?: KeptPageFiles): Promise<Harness> {
  const bus = createMemoryEventBus();
  const renders: string[] = [];
  const content: Harness["content"] = new Map();
  const gate: Harness["gate"] = {};
  const stamps: string[] = [];
  const stampDigits = { value: 4 };
  const cache = createPageCache({
    bus,
    // The site's own list: the cases below are its pages (/reviews with a form, the recipes' addresses).
    pages: CACHED_PAGES,
    timing,
    files,
    loadContext: ({ cspNonce, formStart }) => {
      const context = new RouterContextProvider();
      context.set(requestContext, {
        requestId: "t",
        clientIp: "t",
        cspNonce,
        formStartPlaceholder: formStart,
        liveVersions: {},
      });
      return context;
    },
    stampFormStart: () => {
      const serial = String(stamps.length + 1).padStart(stampDigits.value, "0");
      stamps.push(`${Date.now()}.firma-${serial}`);
      return stamps.at(-1)!;
    },
    async render(path, context) {
      renders.push(path);
      const { cspNonce, formStartPlaceholder } = context().get(requestContext);
      const item = content.get(path) ?? { body: `pagina ${path}` };
      await gate.wait;
      const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
      if (item.setCookie) headers.set("Set-Cookie", "flash=x");
      const html = item.form ? formPage(cspNonce, formStartPlaceholder!) : page(item.body, cspNonce);
      return new Response(html, { status: item.status ?? 200, headers });
    },
  });
  const app = express();
  // As in the app: every response gets its nonce and policy first.
  app.use(securityHeaders());
  caches.push(cache);
  app.use(cache.middleware);
  app.use((req, res) => res.status(299).send(`fresh ${req.path}`));
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, bus, renders, content, gate, stamps, stampDigits };
}

describe("page cache", () => {
  it("renders a public page once and serves it again, identical in every encoding", async () => {
    const h = await harness();
    const first = await fetch(`${h.url}/home`);
    const second = await fetch(`${h.url}/home`, { headers: { "Accept-Encoding": "gzip" } });
    expect(first.headers.get("x-page-cache")).toBe("hit");
    expect(h.renders).toEqual(["/home"]);
    const html = await first.text();
    expect(html).toContain("pagina /home");
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(await second.text()).toBe(html);

    const raw = async (encoding: string) => {
      const response = await rawGet(`${h.url}/home`, { "Accept-Encoding": encoding });
      return { encoding: response.headers["content-encoding"], body: response.body };
    };
    const br = await raw("gzip, br");
    expect(br.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(html);
    const identity = await raw("identity");
    expect(identity.encoding).toBeUndefined();
    expect(identity.body.toString()).toBe(html);
    expect(h.renders).toEqual(["/home"]);

    const etag = first.headers.get("etag")!;
    expect((await fetch(`${h.url}/home`, { headers: { "If-None-Match": etag } })).status).toBe(304);
  });

  it("lists the hash of every inline script in the policy, and no nonce", async () => {
    const h = await harness();
    const response = await fetch(`${h.url}/`);
    const csp = response.headers.get("content-security-policy")!;
    const { createHash } = await import("node:crypto");
    const hash = createHash("sha256").update("window.x = 1;").digest("base64");
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain("nonce");
    expect(csp).not.toContain("strict-dynamic");
  });

  it("hands each page the same for everyone at a registered address to the files, and clears them at a change", async () => {
    const written: string[] = [];
    let cleared = 0;
    const h = await harness(undefined, {
      write: async (path, page) => {
        written.push(`${path} ${page.contentType} ${page.csp?.includes("'sha256-") ? "hashes" : "?"}`);
      },
      clear: () => void cleared++,
    });
    h.content.set("/reviews", { body: "", form: true });
    await fetch(`${h.url}/home`);
    await fetch(`${h.url}/home`);
    // One with a form (made per response) and one matched by a pattern only: kept, but no file.
    await fetch(`${h.url}/reviews`);
    await fetch(`${h.url}/ricette/pane-integrale`);
    expect(written).toEqual(["/home text/html; charset=utf-8 hashes"]);
    await h.bus.publish({ table: LIVE_TABLES[0]!, action: "update", id: "x" });
    expect(cleared).toBe(1);
  });

  it("is emptied by every kind of bus event", async () => {
    const h = await harness();
    const kinds = LIVE_TABLES;
    expect(kinds.length).toBeGreaterThan(0);
    for (const [i, table] of kinds.entries()) {
      h.content.set("/privacy", { body: `versione ${i}` });
      expect(await (await fetch(`${h.url}/privacy`)).text()).toContain(`versione ${i}`);
      h.content.set("/privacy", { body: `versione ${i + 1}` });
      await h.bus.publish({ table, action: "update", id: "x" });
      expect(await (await fetch(`${h.url}/privacy`)).text()).toContain(`versione ${i + 1}`);
    }
  });

  it("never keeps a page whose rendering began before a change was announced", async () => {
    const h = await harness();
    h.content.set("/home", { body: "prima" });
    h.gate.wait = new Promise((resolve) => (h.gate.release = resolve));
    const during = fetch(`${h.url}/home`);
    while (h.renders.length === 0) await new Promise((r) => setTimeout(r, 5));
    h.content.set("/home", { body: "dopo" });
    await h.bus.publish({ table: "reviews", action: "insert", id: "x" });
    h.gate.release!();
    // The request that was waiting is rendered afresh for itself rather than given the old page.
    expect(await (await during).text()).toBe("fresh /home");
    h.gate.wait = undefined;
    expect(await (await fetch(`${h.url}/home`)).text()).toContain("dopo");
  });

  it("leaves alone requests with cookies or a query string, other methods and paths, errors and Set-Cookie", async () => {
    const h = await harness();
    const fresh = async (path: string, init?: RequestInit) => (await fetch(`${h.url}${path}`, init)).status === 299;
    expect(await fresh("/home", { headers: { Cookie: "admin_session=abc" } })).toBe(true);
    expect(await fresh("/home?page=2")).toBe(true);
    expect(await fresh("/reviews?voto=5")).toBe(true);
    expect(await fresh("/reviews/")).toBe(true);
    expect(await fresh("/home", { method: "POST" })).toBe(true);
    expect(await fresh("/admin")).toBe(true);
    expect(h.renders).toEqual([]);

    h.content.set("/privacy", { status: 500, body: "errore" });
    expect(await fresh("/privacy")).toBe(true);
    h.content.set("/services", { body: "con cookie", setCookie: true });
    expect(await fresh("/services")).toBe(true);
    expect(await fresh("/services")).toBe(true);
    expect(h.renders).toEqual(["/privacy", "/services", "/services"]);
  });
  it("gives every response of a page with a form its own start time and nonce, the page rendered once", async () => {
    const h = await harness();
    h.content.set("/reviews", { body: "", form: true });
    const pages = [];
    for (const encoding of ["gzip, br", "gzip", "identity", "gzip, deflate, br, zstd"]) {
      const response = await rawGet(`${h.url}/reviews`, { "Accept-Encoding": encoding });
      expect(response.status).toBe(200);
      expect(response.headers["x-page-cache"]).toBe("hit");
      // Every response differs: nothing to validate against.
      expect(response.headers.etag).toBeUndefined();
      // Brotli cannot be joined from parts: gzip wherever it is accepted.
      const gzipped = encoding.includes("gzip");
      expect(response.headers["content-encoding"]).toBe(gzipped ? "gzip" : undefined);
      // gunzip checks the joined stream's checksum and length too.
      const html = (gzipped ? zlib.gunzipSync(response.body) : response.body).toString();
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
      pages.push({ html, csp: String(response.headers["content-security-policy"]) });
    }
    expect(h.renders).toEqual(["/reviews"]);

    const nonces = new Set<string>();
    const starts = new Set<string>();
    for (const { html, csp } of pages) {
      // A start time signed for this response, in the form and in the script's data alike.
      const start = /name="modulo_aperto" value="([^"]+)"/.exec(html)![1]!;
      expect(h.stamps).toContain(start);
      expect(html).toContain(`{"startedAt":"${start}"}`);
      starts.add(start);
      // The nonce the policy of this response names, on every script and preload.
      const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
      expect(csp).toContain("'strict-dynamic'");
      expect(html.match(/nonce="([^"]*)"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`]);
      nonces.add(nonce);
      // Nothing else changed: the page is the render with this response's values.
      expect(html.replaceAll(nonce, "N").replaceAll(start, "T")).toBe(formPage("N", "T"));
    }
    expect(nonces.size).toBe(pages.length);
    expect(starts.size).toBe(pages.length);

    const head = await rawGet(`${h.url}/reviews`, { "Accept-Encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it("renders the page with a form again after a change, and keeps no page whose render set a cookie", async () => {
    const h = await harness();
    h.content.set("/reviews", { body: "", form: true });
    await fetch(`${h.url}/reviews`);
    await fetch(`${h.url}/reviews`);
    expect(h.renders).toEqual(["/reviews"]);
    await h.bus.publish({ table: "reviews", action: "insert", id: "x" });
    const after = await fetch(`${h.url}/reviews`);
    expect(after.headers.get("x-page-cache")).toBe("hit");
    expect(h.renders).toEqual(["/reviews", "/reviews"]);
    // A start time of another length than the kept parts were compressed for still arrives whole.
    h.stampDigits.value = 9;
    const longer = await fetch(`${h.url}/reviews`, { headers: { "Accept-Encoding": "gzip" } });
    expect(longer.headers.get("content-encoding")).toBe("gzip");
    expect(await longer.text()).toContain(`value="${h.stamps.at(-1)}"`);
    expect(h.stamps.at(-1)).toMatch(/firma-0{8}\d$/);

    h.content.set("/reviews", { body: "", form: true, setCookie: true });
    await h.bus.publish({ table: "reviews", action: "update", id: "x" });
    expect((await fetch(`${h.url}/reviews`)).status).toBe(299);
  });

  describe("while a page is being visited", () => {
    const timing = { maxAgeMs: 1_000, refreshAfterMs: 300, keepWarmMs: 1_500, checkEveryMs: 50 };
    const text = async (url: string) => (await fetch(url)).text();

    it("renders it again before it is too old, visitors getting the kept one meanwhile", async () => {
      const h = await harness(timing);
      h.content.set("/home", { body: "prima" });
      expect(await text(`${h.url}/home`)).toContain("prima");
      // Changed with no event (as the clock changes a page): the render under way is held.
      h.content.set("/home", { body: "dopo" });
      h.gate.wait = new Promise((resolve) => (h.gate.release = resolve));
      await vi.waitFor(() => expect(h.renders).toEqual(["/home", "/home"]), { timeout: 2_000 });
      expect(await text(`${h.url}/home`)).toContain("prima");
      h.gate.release!();
      await vi.waitFor(async () => expect(await text(`${h.url}/home`)).toContain("dopo"), { timeout: 2_000 });
    });

    it("renders it again after a change, before anyone asks for it", async () => {
      const h = await harness({ ...timing, refreshAfterMs: 60_000, maxAgeMs: 60_000 });
      await fetch(`${h.url}/privacy`);
      h.content.set("/privacy", { body: "aggiornata" });
      await h.bus.publish({ table: "site_content", action: "update", id: "x" });
      await vi.waitFor(() => expect(h.renders).toEqual(["/privacy", "/privacy"]), { timeout: 2_000 });
      expect(await text(`${h.url}/privacy`)).toContain("aggiornata");
      // The visitor's request rendered nothing: the page was ready for it.
      expect(h.renders).toHaveLength(2);
    });

    it("keeps each recipe's page, and renders no made-up recipe address again in the background", async () => {
      const h = await harness(timing);
      h.content.set("/ricette/inventata", { status: 404, body: "non trovata" });
      expect((await fetch(`${h.url}/ricette/pasta-e-ceci`)).headers.get("x-page-cache")).toBe("hit");
      expect((await fetch(`${h.url}/ricette`)).headers.get("x-page-cache")).toBe("hit");
      expect((await fetch(`${h.url}/ricette/inventata`)).status).toBe(299);
      expect((await fetch(`${h.url}/ricette/Non_Valida`)).status).toBe(299);
      await vi.waitFor(() => expect(h.renders.filter((p) => p === "/ricette/pasta-e-ceci").length).toBeGreaterThan(1), {
        timeout: 2_000,
      });
      expect(h.renders.filter((p) => p === "/ricette/inventata")).toHaveLength(1);
      expect(h.renders).not.toContain("/ricette/Non_Valida");
    });

    it("stops rendering it once nobody has asked for it for a while", async () => {
      const h = await harness(timing);
      await fetch(`${h.url}/services`);
      await new Promise((resolve) => setTimeout(resolve, timing.keepWarmMs + 4 * timing.checkEveryMs));
      const rendered = h.renders.length;
      // Rendered again while it was visited recently; no longer since.
      expect(rendered).toBeGreaterThan(1);
      await new Promise((resolve) => setTimeout(resolve, 2 * timing.refreshAfterMs));
      expect(h.renders).toHaveLength(rendered);
    });
  });
});
