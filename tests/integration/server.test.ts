import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import S3rver from "s3rver";
import { createS3MediaStorage } from "~/core/media/s3-media-storage.server";
import { newDataDir, SERVER_ENTRY, startAppServer, type AppServer } from "../support/app-server";
import { createPostgresDatabase } from "../support/test-databases";

const root = path.resolve(import.meta.dirname, "../..");

describe("production server on the embedded database", () => {
  let server: AppServer;
  beforeAll(async () => {
    server = await startAppServer();
  });
  afterAll(() => server.stop());

  it("answers the liveness and readiness probes", async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${server.url}/readyz`);
    expect(await ready.json()).toMatchObject({ status: "ready" });
  });

  it("keeps its data under DATA_DIR", () => {
    expect(existsSync(path.join(server.dataDir, "postgres", "data", "PG_VERSION"))).toBe(true);
  });

  it("sends baseline security headers and a request id", async () => {
    // With a cookie the page is rendered for this response (not from the page cache).
    const response = await fetch(`${server.url}/`, {
      headers: { "X-Request-Id": "trace-1234abcd", Cookie: "tema=chiaro" },
    });
    expect(response.headers.get("x-request-id")).toBe("trace-1234abcd");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-powered-by")).toBeNull();
    expect(response.headers.get("x-page-cache")).toBeNull();
    // Every inline script React Router renders carries this response's nonce.
    const nonce = csp.match(/'nonce-([^']+)'/)![1];
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("serves a cached public page whose policy admits exactly its inline scripts", async () => {
    await fetch(`${server.url}/home`);
    const response = await fetch(`${server.url}/home`, { headers: { "X-Request-Id": "trace-5678efgh" } });
    expect(response.headers.get("x-page-cache")).toBe("hit");
    expect(response.headers.get("x-request-id")).toBe("trace-5678efgh");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("nonce");
    const html = await response.text();
    const { createHash } = await import("node:crypto");
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      (m) => !/src=/.test(m[1]!) && m[2],
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , body] of inline) {
      expect(csp).toContain(`'sha256-${createHash("sha256").update(body!).digest("base64")}'`);
    }
  });

  it("answers a kept page first with every header the long way gives it, validators and HEAD included", async () => {
    const get = (headers: Record<string, string> = {}, method = "GET") =>
      fetch(`${server.url}/privacy`, { method, headers: { "Accept-Encoding": "gzip", ...headers } });
    // The first is rendered through the whole pipeline; the next ones are answered before it.
    const rendered = await get();
    const kept = await get({ "X-Request-Id": "trace-kept-0001" });
    const perResponse = new Set(["date", "x-request-id"]);
    const headers = (response: Response) =>
      [...response.headers].filter(([name]) => !perResponse.has(name)).sort(([a], [b]) => a.localeCompare(b));
    expect(rendered.headers.get("x-page-cache")).toBe("hit");
    expect(headers(kept)).toEqual(headers(rendered));
    expect(kept.headers.get("x-request-id")).toBe("trace-kept-0001");
    expect(rendered.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await kept.text()).toBe(await rendered.text());

    const etag = kept.headers.get("etag")!;
    const unchanged = await get({ "If-None-Match": etag });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe("");
    const head = await get({}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(kept.headers.get("content-length"));
    expect(await head.text()).toBe("");
  });

  it("compresses pages and serves hashed assets as immutable", async () => {
    const page = await fetch(`${server.url}/`, { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    const html = await page.text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)![0];
    const response = await fetch(`${server.url}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const missing = await fetch(`${server.url}/assets/nope-123.js`);
    expect(missing.status).toBe(404);
  });

  it("serves scripts precompressed at build time: brotli, else gzip, else plain", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)![0];
    const plain = await fetch(`${server.url}${asset}`, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const source = await plain.text();
    for (const [accepted, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
    ]) {
      const response = await fetch(`${server.url}${asset}`, { headers: { "Accept-Encoding": accepted! } });
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("vary")).toMatch(/Accept-Encoding/i);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      // Headers no browser uses on an immutable file cost bytes on each of a page's scripts.
      for (const unused of ["etag", "last-modified", "accept-ranges", "x-request-id"])
        expect(response.headers.get(unused), unused).toBeNull();
      expect(await response.text()).toBe(source);
    }
  });

  it("never compresses or buffers the live event stream", async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.url}/events`, {
      headers: { "Accept-Encoding": "gzip, deflate, br" },
      signal: controller.signal,
    });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("content-encoding")).toBeNull();
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("retry: 1000");
    controller.abort();
  });

  it("answers 404 for media keys that do not exist or try to leave the media folder", async () => {
    for (const key of [
      "reviews/AAAAAAAAAAAAAAAAAAAAAA.webp",
      "..%2F..%2Fpackage.json",
      "reviews/..%2F..%2F..%2Fpackage.json",
    ]) {
      const response = await fetch(`${server.url}/media/${key}`);
      expect(response.status, key).toBe(404);
    }
  });

  it("answers unknown routes with 404", async () => {
    const response = await fetch(`${server.url}/non-esiste`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Pagina non trovata");
  });
});

describe("start-up and shutdown", () => {
  it("stops on SIGTERM with exit code 0 and no error, even with a live stream open", async () => {
    // Not about a first start: a copy of the migrated cluster, without initdb and the migrations.
    const server = await startAppServer({ DATA_DIR: newDataDir("server-stop-", { migrated: true }) });
    const controller = new AbortController();
    const stream = await fetch(`${server.url}/events`, { signal: controller.signal });
    expect(stream.status).toBe(200);
    const started = Date.now();
    const code = await server.stop("SIGTERM");
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.output()).not.toMatch(/"level":(50|60)/);
    controller.abort();
  });

  it("refuses a bad setting with one line naming it", () => {
    const result = spawnSync(process.execPath, [SERVER_ENTRY], {
      cwd: root,
      env: { ...process.env, PORT: "not-a-port" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).not.toBe(0);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("PORT=");
  });

  it("refuses a wrong site content value naming the field", () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "content-")), "site.json");
    writeFileSync(file, JSON.stringify({ contact: { email: "non-una-email" } }));
    const result = spawnSync(process.execPath, [SERVER_ENTRY], {
      cwd: root,
      env: { ...process.env, PORT: "0", SITE_CONTENT_FILE: file },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).not.toBe(0);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("contact.email");
  });
});

describe("production server on PostgreSQL", () => {
  it("applies the migrations and answers readiness on a PostgreSQL server", async () => {
    const server = await startAppServer({ DATABASE_URL: await createPostgresDatabase() });
    try {
      const ready = await fetch(`${server.url}/readyz`);
      expect(await ready.json()).toMatchObject({ status: "ready" });
      expect((await fetch(`${server.url}/`)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});

describe("production server with media in an S3-compatible bucket", () => {
  it("serves the bucket's objects at /media with immutable caching", async () => {
    const s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: mkdtempSync(path.join(os.tmpdir(), "s3rver-")),
      configureBuckets: [{ name: "media" }],
    });
    const { port } = await s3.run();
    const settings = {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: "media",
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    };
    const key = await createS3MediaStorage(settings).put("recipe-photos", "webp", Buffer.from("RIFF....WEBP"));
    const server = await startAppServer({
      DATA_DIR: newDataDir("server-s3-", { migrated: true }),
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: settings.bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    });
    try {
      const response = await fetch(`${server.url}/media/${key}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await response.text()).toBe("RIFF....WEBP");
      expect((await fetch(`${server.url}/media/recipe-photos/AAAAAAAAAAAAAAAAAAAAAA.webp`)).status).toBe(404);
    } finally {
      await server.stop();
      await s3.close();
    }
  });
});
