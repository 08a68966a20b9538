import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCreate } from "../support/admin";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { serverProcesses } from "../support/processes";
import { openEventStream } from "../support/event-stream";
import { postReview, uniqueName } from "../support/reviews";

const ADMIN = { email: "processi@studio.test", password: "password-dei-processi-1" };
const SERVERS = 2;

/**
 * Kills one server process with SIGKILL (as the kernel does a process out of memory) and waits for
 * the supervisor's replacement: as many server processes as before, the dead one not among them,
 * and /healthz answering.
 */
async function killServerProcess(server: AppServer, count: number): Promise<void> {
  const before = serverProcesses(server.process.pid!);
  expect(before).toHaveLength(count);
  process.kill(before[0]!, "SIGKILL");
  const deadline = Date.now() + 60_000;
  for (;;) {
    const now = serverProcesses(server.process.pid!);
    // A connection handed to the process as it died is lost with it: each probe gets 2 s, then the next.
    const health = await fetch(`${server.url}/healthz`, {
      headers: { Connection: "close" },
      signal: AbortSignal.timeout(2000),
    }).catch(() => null);
    if (now.length === count && !now.includes(before[0]!) && health?.ok) return;
    if (Date.now() > deadline) throw new Error(`no server process replaced within 60 s:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Opens a /events stream; resolves with a function that waits for the next change event. */
async function openStream(url: string): Promise<{ next: () => Promise<string>; close: () => void }> {
  const waiting: ((data: string) => void)[] = [];
  const request = await openEventStream(url, (message) => waiting.shift()?.(message));
  const next = () =>
    new Promise<string>((done, fail) => {
      const timer = setTimeout(() => fail(new Error("no event within 10 s")), 10_000);
      waiting.push((data) => {
        clearTimeout(timer);
        done(data);
      });
    });
  return { next, close: () => request.destroy() };
}

describe(`${SERVERS} server processes on one port`, () => {
  let server: AppServer;
  beforeAll(async () => {
    const dataDir = newDataDir("processes-", { migrated: true });
    expect(adminCreate({ DATA_DIR: dataDir }, ["--email", ADMIN.email, "--new"], ADMIN.password).code).toBe(0);
    // Each test posts from its own client address (X-Forwarded-For from loopback is believed).
    server = await startAppServer({
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: String(SERVERS),
      REVIEWS_RATE_LIMIT: "3",
      TRUST_PROXY: "loopback",
    });
  }, 120_000);
  afterAll(() => server?.stop());

  it("runs that many server processes under the supervisor, all answering", async () => {
    for (let i = 0; i < 12; i++) {
      const response = await fetch(`${server.url}/healthz`, { headers: { Connection: "close" } });
      expect(response.status).toBe(200);
    }
    // The supervisor and its servers: the supervisor's children are the server processes.
    const { readdirSync, readFileSync } = await import("node:fs");
    const children = readdirSync("/proc").filter((entry) => {
      if (!/^\d+$/.test(entry)) return false;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === server.process.pid;
      } catch {
        return false;
      }
    });
    expect(children.length).toBe(SERVERS);
  });

  it("a session made by one process is honoured by all", async () => {
    const login = await fetch(`${server.url}/admin-login`, {
      method: "POST",
      body: new URLSearchParams(ADMIN),
      headers: { Origin: server.url, Connection: "close" },
      redirect: "manual",
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("admin_session="))!
      .split(";")[0]!;
    for (let i = 0; i < 8; i++) {
      const page = await fetch(`${server.url}/admin`, {
        headers: { Cookie: cookie, Connection: "close" },
        redirect: "manual",
      });
      expect(page.status).toBe(200);
    }
  });

  it("a rate limit counts across processes", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const headers = { Connection: "close", "X-Forwarded-For": "192.0.2.1" };
      statuses.push(await postReview(server.url, { name: uniqueName("Limite") }, headers));
    }
    expect(statuses.slice(0, 3)).toEqual([303, 303, 303]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it("a change made through one process reaches the live streams and the cached pages of all", async () => {
    const streams = await Promise.all(Array.from({ length: 6 }, () => openStream(server.url)));
    try {
      // Every process has the page cached before the change.
      for (let i = 0; i < 6; i++) await fetch(`${server.url}/home`, { headers: { Connection: "close" } });
      const name = uniqueName("Tra processi");
      const arrivals = streams.map((stream) => stream.next());
      const status = await postReview(server.url, { name }, { Connection: "close", "X-Forwarded-For": "192.0.2.9" });
      expect(status).toBe(303);
      await Promise.all(arrivals);
      for (let i = 0; i < 8; i++) {
        // Home shows the newest reviews.
        const page = await fetch(`${server.url}/home`, { headers: { Connection: "close" } });
        expect(await page.text()).toContain(name);
      }
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it("a server process that dies is replaced, and the site answers again", async () => {
    await killServerProcess(server, SERVERS);
    expect((await fetch(`${server.url}/reviews`, { headers: { Connection: "close" } })).status).toBe(200);
  });
});

describe("one server process under the supervisor", () => {
  let server: AppServer;
  let dataDir: string;
  beforeAll(async () => {
    // Not about a first start: a copy of the migrated cluster, without initdb and the migrations.
    dataDir = newDataDir("one-process-", { migrated: true });
    server = await startAppServer({ DATA_DIR: dataDir, WEB_CONCURRENCY: "1" });
  }, 120_000);
  afterAll(() => server?.stop());

  it("killed three times in a row, the only server process comes back each time, on the same database", async () => {
    const name = uniqueName("Prima della caduta");
    expect(await postReview(server.url, { name })).toBe(303);
    const postmaster = readFileSync(path.join(dataDir, "postgres", "data", "postmaster.pid"), "utf8").split("\n")[0];
    for (let i = 0; i < 3; i++) await killServerProcess(server, 1);
    expect(await (await fetch(`${server.url}/reviews`)).text()).toContain(name);
    // PostgreSQL stayed up under the supervisor: the same server, not a recovery.
    expect(readFileSync(path.join(dataDir, "postgres", "data", "postmaster.pid"), "utf8").split("\n")[0]).toBe(
      postmaster,
    );
    expect(server.output()).toContain("server process exited; starting another");
    // And it still stops cleanly.
    expect(await server.stop()).toBe(0);
  }, 120_000);
});
