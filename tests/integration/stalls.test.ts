import { setTimeout as delay } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { newDataDir, startAppServer } from "../support/app-server";
import { descendants, isAlive, postmasterPid, serverProcesses } from "../support/processes";

/** How long PostgreSQL stays stopped: longer than any bound of decision 0044. */
const STALL_MS = 15_000;
/** Every request answers within this while the database is stopped (503 is an answer). */
const ANSWER_WITHIN_MS = 10_000;
/** What a load balancer's readiness probe waits at most. */
const READY_WITHIN_MS = 5_000;
/**
 * Each needs the database, with what it answers when it has it: pages rendered for each request (a
 * query string skips the page cache), and a recipe address the page cache renders for itself first
 * (then for the request, when it is not one to keep, like this 404).
 */
const PAGES = new Map([
  ["/reviews?stallo=1", 200],
  ["/home?stallo=1", 200],
  ["/services?stallo=1", 200],
  ["/ricette?stallo=1", 200],
  ["/ricette/ricetta-che-non-esiste", 404],
]);
const paths = [...PAGES.keys()];
const VISITORS = 4;

interface Answer {
  path: string;
  /** null: nothing within the limit. */
  status: number | null;
  retryAfter: string | null;
  body: string;
}

/** A GET on a connection of its own, given up on after `limitMs`. */
async function get(url: string, path: string, limitMs: number): Promise<Answer> {
  try {
    const response = await fetch(`${url}${path}`, {
      headers: { Connection: "close" },
      signal: AbortSignal.timeout(limitMs),
    });
    const body = await response.text();
    return { path, status: response.status, retryAfter: response.headers.get("retry-after"), body };
  } catch {
    return { path, status: null, retryAfter: null, body: "" };
  }
}

/** Polls `path` until it answers `status`; throws with the server's output after `limitMs`. */
async function until(url: string, path: string, status: number, limitMs: number, output: () => string) {
  const deadline = Date.now() + limitMs;
  while ((await get(url, path, 2_000)).status !== status) {
    if (Date.now() > deadline) throw new Error(`${path} not ${status} within ${limitMs} ms:\n${output()}`);
    await delay(200);
  }
}

describe("a stalled database", () => {
  it("PostgreSQL stopped (SIGSTOP) for 15 s: every request answers within 10 s, /readyz says 503 within 5 s, and the pages come back by themselves", {
    timeout: 180_000,
  }, async () => {
    // Not about a first start: a copy of the migrated cluster, without initdb and the migrations.
    const server = await startAppServer({ DATA_DIR: newDataDir("stalls-", { migrated: true }) });
    try {
      for (const [path, status] of PAGES) expect((await get(server.url, path, ANSWER_WITHIN_MS)).status).toBe(status);
      const servers = serverProcesses(server.process.pid!);
      const postmaster = postmasterPid(server.dataDir);
      // The postmaster, then every process it has: the connections already open stop answering too.
      // Stopped first, it starts no new one; one that ended meanwhile (a backend closing) is skipped.
      const postgres: number[] = [];
      const stopPostgres = () => {
        process.kill(postmaster, "SIGSTOP");
        postgres.push(postmaster);
        for (const pid of descendants(postmaster)) {
          try {
            process.kill(pid, "SIGSTOP");
            postgres.push(pid);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
          }
        }
      };
      const answers: Answer[] = [];
      let readiness: Answer;
      let resumed = false;
      const visitors: Promise<void>[] = [];
      try {
        stopPostgres();
        for (let v = 0; v < VISITORS; v++)
          visitors.push(
            (async () => {
              for (let i = v; !resumed; i++)
                answers.push(await get(server.url, paths[i % paths.length]!, ANSWER_WITHIN_MS));
            })(),
          );
        readiness = await get(server.url, "/readyz", READY_WITHIN_MS);
        await delay(STALL_MS);
      } finally {
        resumed = true;
        for (const pid of postgres) if (isAlive(pid)) process.kill(pid, "SIGCONT");
      }
      await Promise.all(visitors);

      expect(readiness.status).toBe(503);
      expect(answers.filter((a) => a.status === null).map((a) => a.path)).toEqual([]);
      // Its own answer when it came through the page cache or as the database came back; 503 otherwise.
      const unexpected = answers.filter((a) => a.status !== 503 && a.status !== PAGES.get(a.path));
      expect(unexpected.map((a) => `${a.path} ${a.status}`)).toEqual([]);
      const refused = answers.filter((a) => a.status === 503);
      // The pages did need the database: they were refused, politely, with a time to come back.
      expect(refused.length).toBeGreaterThan(0);
      for (const answer of refused) {
        expect(answer.retryAfter).toMatch(/^\d+$/);
        expect(answer.body).toContain("riprova tra poco");
      }
      // Not a crash per request: a warning now and then.
      expect(server.output()).toContain("database unavailable: answering 503");
      expect(server.output()).not.toContain("loader or action failed");

      // Back without anyone restarting anything: the same server processes, the same PostgreSQL.
      for (const [path, status] of [...PAGES, ["/readyz", 200] as const])
        await until(server.url, path, status, 30_000, server.output);
      expect(serverProcesses(server.process.pid!)).toEqual(servers);
      expect(postmasterPid(server.dataDir)).toBe(postmaster);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});

describe("a server process whose event loop is stuck", () => {
  it("stopped with SIGSTOP, it is killed and replaced by the supervisor, and the site answers again", {
    timeout: 120_000,
  }, async () => {
    const server = await startAppServer({
      DATA_DIR: newDataDir("stalls-", { migrated: true }),
      WEB_CONCURRENCY: "1",
    });
    const [stuck] = serverProcesses(server.process.pid!);
    try {
      process.kill(stuck!, "SIGSTOP");
      const deadline = Date.now() + 45_000;
      for (;;) {
        const now = serverProcesses(server.process.pid!);
        if (now.length === 1 && !now.includes(stuck!) && (await get(server.url, "/healthz", 2_000)).status === 200)
          break;
        if (Date.now() > deadline) throw new Error(`the stopped server process was not replaced:\n${server.output()}`);
        await delay(200);
      }
      expect(server.output()).toContain("server process stopped answering; killing it");
      expect((await get(server.url, "/reviews", ANSWER_WITHIN_MS)).status).toBe(200);
    } finally {
      if (isAlive(stuck!)) process.kill(stuck!, "SIGCONT");
      expect(await server.stop()).toBe(0);
    }
  });
});
