import http from "node:http";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../support/test-databases";

const root = path.resolve(import.meta.dirname, "../..");

interface Stream {
  status: number;
  retryAfter: string | undefined;
  body: string;
  close(): void;
}

/** Opens GET /events as a client at `ip` (the server trusts X-Forwarded-For from loopback); resolves once the head arrives. */
function openStream(url: string, ip: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}/events`, {
      headers: { "X-Forwarded-For": ip, Accept: "text/event-stream" },
      agent: false,
    });
    req.on("error", reject);
    req.on("response", (res) => {
      const stream: Stream = {
        status: res.statusCode!,
        retryAfter: res.headers["retry-after"],
        body: "",
        close: () => req.destroy(),
      };
      if (res.statusCode === 200) {
        res.once("data", () => resolve(stream));
      } else {
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (stream.body += chunk));
        res.on("end", () => resolve(stream));
      }
    });
  });
}

describe("/events cap per client and in total", () => {
  let running: Awaited<ReturnType<typeof import("../../server/app").startServer>>;
  const streams: Stream[] = [];

  beforeAll(async () => {
    const { startServer, serverBuild }: typeof import("../../server/app") = await import(
      path.join(root, "build/server/index.js")
    );
    running = await startServer(serverBuild, {
      DATABASE_URL: await createPostgresDatabase({ migrated: true }),
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "live-cap-")),
      TRUST_PROXY: "loopback",
      LIVE_STREAMS_PER_CLIENT: "3",
      LIVE_STREAMS_MAX: "8",
    });
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await running?.close();
  });

  const healthz = async () => (await fetch(`${running.url}/healthz`)).status;

  it("refuses a client's stream over its cap with 429 and Retry-After; others still connect", async () => {
    for (let i = 0; i < 3; i++) streams.push(await openStream(running.url, "203.0.113.1"));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    const refused = await openStream(running.url, "203.0.113.1");
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.body).toContain("riprova tra poco");
    const other = await openStream(running.url, "203.0.113.2");
    expect(other.status).toBe(200);
    streams.push(other);
    expect(await healthz()).toBe(200);
  });

  it("refuses anyone over the total with 503 and Retry-After, keeps /healthz answering, and frees a place when a stream ends", async () => {
    for (let i = 3; streams.length < 8; i++) {
      const stream = await openStream(running.url, `203.0.113.${i}`);
      expect(stream.status).toBe(200);
      streams.push(stream);
    }
    const full = await openStream(running.url, "198.51.100.50");
    expect(full.status).toBe(503);
    expect(Number(full.retryAfter)).toBeGreaterThan(0);
    expect(full.body).toContain("riprova tra poco");
    expect(await healthz()).toBe(200);
    expect((await fetch(`${running.url}/readyz`)).status).toBe(200);

    streams.shift()!.close();
    // The server sees the close a moment later.
    let reopened: Stream | undefined;
    for (let tries = 0; tries < 50 && reopened?.status !== 200; tries++) {
      await new Promise((r) => setTimeout(r, 50));
      reopened = await openStream(running.url, "198.51.100.50");
    }
    expect(reopened?.status).toBe(200);
    streams.push(reopened!);
  });
});
