import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress, safeFetch } from "./safe-fetch.server";

/** What the local server saw: each request's path and Host header. */
const seen: Array<{ path: string; host: string | undefined }> = [];
let server: http.Server;
let base: string;
let port: number;

/** Only the test's own server is allowed among the private addresses. */
const onlyTheTestServer = (address: string) => address === "127.0.0.1";

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const path = request.url ?? "/";
    seen.push({ path, host: request.headers.host });
    if (path === "/cal.ics") {
      if (request.headers["if-none-match"] === '"v1"') {
        response.writeHead(304, { etag: '"v1"' }).end();
        return;
      }
      response.writeHead(200, {
        "content-type": "text/calendar",
        etag: '"v1"',
        "last-modified": "Fri, 27 Nov 2026 10:00:00 GMT",
      });
      response.end("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
    } else if (path === "/gzip.ics") {
      response.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"));
    } else if (path === "/gzip-bomb") {
      response.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync(Buffer.alloc(8 * 1024 * 1024)));
    } else if (path === "/declared-large") {
      response.writeHead(200, { "content-length": String(50 * 1024 * 1024) });
      response.write("BEGIN:VCALENDAR\r\n");
    } else if (path === "/endless") {
      // Writes as long as the client reads, with no length announced.
      response.writeHead(200, { "content-type": "text/calendar" });
      const chunk = Buffer.alloc(64 * 1024, 65);
      const pump = () => {
        while (!response.destroyed && response.write(chunk)) {}
      };
      response.on("drain", pump);
      pump();
    } else if (path === "/silent") {
      response.writeHead(200, { "content-type": "text/calendar" });
      response.write("BEGIN:VCALENDAR\r\n");
    } else if (path === "/trickle") {
      response.writeHead(200, { "content-type": "text/calendar" });
      const timer = setInterval(() => response.write("X"), 20);
      response.on("close", () => clearInterval(timer));
    } else if (path === "/to-private") {
      response.writeHead(302, { location: `http://127.0.0.2:${port}/secret` }).end();
    } else if (path === "/to-calendar") {
      response.writeHead(301, { location: "/cal.ics" }).end();
    } else if (path === "/loop") {
      response.writeHead(307, { location: "/loop" }).end();
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const requestsFor = (path: string) => seen.filter((request) => request.path === path).length;

describe("safeFetch", () => {
  it("refuses plain http and private addresses unless allowed", async () => {
    expect(await safeFetch(`${base}/cal.ics`)).toEqual({ ok: false, reason: "badScheme" });
    expect(await safeFetch(`https://127.0.0.1:${port}/cal.ics`)).toEqual({ ok: false, reason: "privateAddress" });
    expect(await safeFetch(`https://[::ffff:127.0.0.1]:${port}/cal.ics`)).toMatchObject({ reason: "privateAddress" });
    expect(await safeFetch(`webcal://[::1]:${port}/cal.ics`)).toMatchObject({ reason: "privateAddress" });
    expect(await safeFetch(`https://[::ffff:0:7f00:1]:${port}/cal.ics`)).toMatchObject({ reason: "privateAddress" });
    expect(await safeFetch("ftp://example.com/cal.ics")).toMatchObject({ reason: "badScheme" });
    expect(await safeFetch("not a url")).toMatchObject({ reason: "badUrl" });
    expect(requestsFor("/cal.ics")).toBe(0);
  });

  it("reads webcal: as https:", async () => {
    // The local server speaks plain http: a TLS handshake reaching it proves https was used.
    const result = await safeFetch(`webcal://127.0.0.1:${port}/cal.ics`, { allowPrivate: true });
    expect(result).toMatchObject({ ok: false, reason: "network" });
    expect(requestsFor("/cal.ics")).toBe(0);
  });

  it("fetches a calendar and answers its validators, then 304 as not modified", async () => {
    const first = await safeFetch(`${base}/cal.ics`, { allowPrivate: true });
    expect(first).toEqual({
      ok: true,
      value: {
        status: "fetched",
        body: Buffer.from("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"),
        contentType: "text/calendar",
        etag: '"v1"',
        lastModified: "Fri, 27 Nov 2026 10:00:00 GMT",
      },
    });
    const again = await safeFetch(`${base}/cal.ics`, { allowPrivate: true, etag: '"v1"' });
    expect(again).toEqual({
      ok: true,
      value: { status: "not_modified", etag: '"v1"', lastModified: null },
    });
  });

  it("decompresses a gzip body", async () => {
    const result = await safeFetch(`${base}/gzip.ics`, { allowPrivate: true });
    expect(result.ok && result.value.status === "fetched" && result.value.body.toString()).toBe(
      "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
    );
  });

  it("refuses a body larger than the cap: announced, streamed, or decompressed", async () => {
    const options = { allowPrivate: true, maxBytes: 1024 * 1024 };
    expect(await safeFetch(`${base}/declared-large`, options)).toEqual({ ok: false, reason: "tooLarge" });
    expect(await safeFetch(`${base}/endless`, options)).toEqual({ ok: false, reason: "tooLarge" });
    expect(await safeFetch(`${base}/gzip-bomb`, options)).toEqual({ ok: false, reason: "tooLarge" });
  });

  it("gives up at the deadline, on a server that stops or one that trickles", async () => {
    expect(await safeFetch(`${base}/silent`, { allowPrivate: true, timeoutMs: 300 })).toEqual({
      ok: false,
      reason: "timeout",
    });
    expect(await safeFetch(`${base}/trickle`, { allowPrivate: true, timeoutMs: 300 })).toEqual({
      ok: false,
      reason: "timeout",
    });
  });

  it("follows a redirect, and checks its target before connecting", async () => {
    const followed = await safeFetch(`${base}/to-calendar`, { allowPrivate: onlyTheTestServer });
    expect(followed).toMatchObject({ ok: true, value: { status: "fetched", etag: '"v1"' } });

    const before = seen.length;
    const refusedHop = await safeFetch(`${base}/to-private`, { allowPrivate: onlyTheTestServer });
    expect(refusedHop).toEqual({ ok: false, reason: "privateAddress" });
    expect(seen.slice(before).map((request) => request.path)).toEqual(["/to-private"]);
  });

  it("stops after the bound on redirects", async () => {
    const before = requestsFor("/loop");
    expect(await safeFetch(`${base}/loop`, { allowPrivate: true, maxRedirects: 3 })).toEqual({
      ok: false,
      reason: "tooManyRedirects",
    });
    expect(requestsFor("/loop") - before).toBe(4);
  });

  it("answers an HTTP error as its status", async () => {
    expect(await safeFetch(`${base}/missing`, { allowPrivate: true })).toEqual({
      ok: false,
      reason: "httpStatus",
      detail: { status: 404 },
    });
  });

  it("resolves the host once and connects to the address it checked", async () => {
    const answers = [["127.0.0.1"], ["127.0.0.2"]];
    let lookups = 0;
    const resolve = async () => answers[Math.min(lookups++, 1)]!;
    const result = await safeFetch(`http://calendar.test:${port}/cal.ics`, {
      allowPrivate: onlyTheTestServer,
      resolve,
    });
    expect(result).toMatchObject({ ok: true, value: { status: "fetched" } });
    expect(lookups).toBe(1);
    expect(seen.at(-1)).toEqual({ path: "/cal.ics", host: `calendar.test:${port}` });
  });

  it("refuses a name with any private address among its addresses", async () => {
    const before = seen.length;
    const resolve = async () => ["127.0.0.1", "10.20.30.40"];
    expect(
      await safeFetch(`http://calendar.test:${port}/cal.ics`, { allowPrivate: onlyTheTestServer, resolve }),
    ).toEqual({ ok: false, reason: "privateAddress" });
    expect(await safeFetch(`https://nowhere.test/cal.ics`, { resolve: async () => [] })).toEqual({
      ok: false,
      reason: "unresolvable",
    });
    expect(seen.length).toBe(before);
  });
});

describe("isPublicAddress", () => {
  it("tells public addresses from private, loopback, link-local, CGNAT and unique-local ones", () => {
    for (const address of ["8.8.8.8", "151.101.1.1", "2a00:1450:4002:400::200e", "::ffff:8.8.8.8"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.5.4",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd12:3456::1",
      "fc00::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "::ffff:a9fe:a9fe",
      "64:ff9b::a00:1",
      "::ffff:0:7f00:1",
      "::ffff:0:127.0.0.1",
      "::ffff:0:8.8.8.8",
      "3fff::1",
      "not an address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
