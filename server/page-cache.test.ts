import { createServer, type Server } from "node:http";
import zlib from "node:zlib";
import express from "express";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { changeEventSchema, createMemoryEventBus, type EventBus } from "~/events/event-bus.server";
import { createPageCache } from "./page-cache";

const page = (body: string) =>
  `<!DOCTYPE html><html><body>${body}<script>window.x = 1;</script><script type="module" src="/assets/a.js"></script></body></html>`;

interface Harness {
  url: string;
  bus: EventBus;
  renders: string[];
  /** What the next render of a path returns. */
  content: Map<string, { status?: number; body: string; setCookie?: boolean }>;
  /** Holds renders until released (to publish an event in the middle of one). */
  gate: { wait?: Promise<void>; release?: () => void };
}

const servers: Server[] = [];
afterEach(() => Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r)))));

async function harness(): Promise<Harness> {
  const bus = createMemoryEventBus();
  const renders: string[] = [];
  const content = new Map<string, { status?: number; body: string; setCookie?: boolean }>();
  const gate: Harness["gate"] = {};
  const cache = createPageCache({
    bus,
    loadContext: () => new RouterContextProvider(),
    async render(path) {
      renders.push(path);
      const item = content.get(path) ?? { body: `pagina ${path}` };
      await gate.wait;
      const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
      if (item.setCookie) headers.set("Set-Cookie", "flash=x");
      return new Response(page(item.body), { status: item.status ?? 200, headers });
    },
  });
  const app = express();
  app.use(cache.middleware);
  app.use((req, res) => res.status(299).send(`fresh ${req.path}`));
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, bus, renders, content, gate };
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

    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        import("node:http").then(({ get }) =>
          get(`${h.url}/home`, { headers: { "Accept-Encoding": encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c) => chunks.push(c));
            res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
          }).on("error", reject),
        );
      });
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

  it("is emptied by every kind of bus event", async () => {
    const h = await harness();
    const kinds = changeEventSchema.shape.table.options;
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
    expect(await fresh("/reviews")).toBe(true);
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
});
