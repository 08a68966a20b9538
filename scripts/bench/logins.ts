// `npm run bench:logins`, also the last figures of `npm run bench`: how much 20 sign-ins sent at
// once raise the memory of the server processes (decision 45). Each password check is a
// 64 MiB scrypt hash; unknown e-mails cost the same, through the decoy. Target: ≤ 100 MB with one
// server process and, summed, with `npm start`'s default number of processes (the supervisor grants
// one hash at a time to all of them). Exit code 1 when the target is missed.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIfStale } from "../build-if-stale.ts";
import { freePort } from "../../tests/support/app-server.ts";
import { serverProcesses } from "../../tests/support/processes.ts";
import { rssMb, startSite, stop, untilFirstOk } from "./site.ts";

const LOGINS = 20;
const TARGET_MB = 100;

interface Burst {
  processes: number;
  riseMb: number;
  statuses: Map<number, number>;
  seconds: number;
}

/** Sign-ins for unknown e-mails from distinct client addresses, all sent at once. */
async function burst(url: string, round: number): Promise<number[]> {
  const answers = await Promise.all(
    Array.from({ length: LOGINS }, async (_, i) => {
      const response = await fetch(`${url}/admin-login`, {
        method: "POST",
        headers: { Origin: url, "X-Forwarded-For": `198.18.${round}.${i + 1}` },
        body: new URLSearchParams({ email: `nessuno-${round}-${i}@studio.test`, password: "una-password-sbagliata" }),
        redirect: "manual",
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  return answers;
}

/** The server processes' resident memory at rest, then at its highest while the burst is answered. */
async function measure(processes: number): Promise<Burst> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-logins-"));
  let server: ChildProcess | undefined;
  try {
    // Each refused sign-in is a warning in the log: not this figure's business.
    server = startSite({ port, dataDir, processes, env: { LOG_LEVEL: "error" } });
    await untilFirstOk(server, url);
    const workers = () => serverProcesses(server!.pid!);
    while (workers().length < processes) await new Promise((r) => setTimeout(r, 50));
    // A first round loads the sign-in's code and makes the decoy hash in every process.
    await burst(url, 0);
    await new Promise((r) => setTimeout(r, 2000));
    const restMb = rssMb(workers());
    let peakMb = restMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(workers()))), 20);
    const started = performance.now();
    const statuses = await burst(url, 1);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peakMb = Math.max(peakMb, rssMb(workers()));
    const counts = new Map<number, number>();
    for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
    return { processes, riseMb: peakMb - restMb, statuses: counts, seconds };
  } finally {
    if (server) await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Both runs, as one line each, and whether the one-process figure meets the target. */
export async function measureLogins(): Promise<{ summary: string; ok: boolean }> {
  buildIfStale();
  const defaultProcesses = Number(process.env.WEB_CONCURRENCY ?? Math.min(os.availableParallelism(), 4));
  const runs = [await measure(1)];
  if (defaultProcesses > 1) runs.push(await measure(defaultProcesses));
  const met = (run: Burst) => run.riseMb <= TARGET_MB;
  const ok = runs.every(met);
  const describe = (run: Burst) =>
    `${[...run.statuses].map(([status, n]) => `${n}× ${status}`).join(", ")} in ${run.seconds.toFixed(1)} s`;
  const lines = runs.map(
    (run) =>
      `${LOGINS} sign-ins at once, ${run.processes === 1 ? "one server process" : `${run.processes} server processes`}: ` +
      `RSS +${run.riseMb.toFixed(0)} MB${run.processes === 1 ? "" : " summed"} ` +
      `(target ≤ ${TARGET_MB}: ${met(run) ? "met" : "MISSED"}); ${describe(run)}`,
  );
  return { summary: lines.join("\n"), ok };
}

if (import.meta.main) {
  const { summary, ok } = await measureLogins();
  console.log(summary);
  process.exitCode = ok ? 0 : 1;
}
