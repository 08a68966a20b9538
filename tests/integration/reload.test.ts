import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { isAlive, serverProcesses } from "../support/processes";

// `npm run update` restarts the site with SIGHUP to its supervisor (server/reload.ts). Updates that
// follow one another send them back to back: the site must come out of them serving, never ended.

/** Resolves once `done()` holds, polled; fails with `what` after `timeoutMs`. */
async function until(done: () => boolean | Promise<boolean>, timeoutMs: number, what: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(what());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("reloads asked for back to back", () => {
  let server: AppServer | undefined;
  afterAll(() => server?.stop());

  it("three SIGHUPs in a row: those during a reload get one more after it; the supervisor stays, the old servers go", async () => {
    const dataDir = newDataDir("reload-", { migrated: true });
    server = await startAppServer({ DATA_DIR: dataDir, WEB_CONCURRENCY: "2" });
    const supervisor = server.process.pid!;
    const first = serverProcesses(supervisor);
    expect(first).toHaveLength(2);
    const reloadsDone = () => server!.output().split('"msg":"reload done"').length - 1;

    process.kill(supervisor, "SIGHUP");
    await until(
      () => server!.output().includes("reload: starting new server processes"),
      30_000,
      () => `no reload started:\n${server!.output()}`,
    );
    // While the first is under way: they follow it, as one more reload.
    process.kill(supervisor, "SIGHUP");
    process.kill(supervisor, "SIGHUP");
    await until(
      () => reloadsDone() >= 2 || server!.process.exitCode !== null,
      90_000,
      () => `${reloadsDone()} reloads done:\n${server!.output()}`,
    );

    expect(server.process.exitCode, server.output()).toBeNull();
    expect(server.output()).toContain("reload already under way: another follows it");
    const record = JSON.parse(readFileSync(path.join(dataDir, "update/reload.json"), "utf8")) as { outcome: string };
    expect(record.outcome).toBe("ok");
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    // The servers from before are stopped; two new ones serve.
    await until(
      () => !first.some(isAlive) && serverProcesses(supervisor).length === 2,
      30_000,
      () => `servers before ${first}, now ${serverProcesses(supervisor)}:\n${server!.output()}`,
    );
    expect(isAlive(supervisor)).toBe(true);
  }, 180_000);
});
