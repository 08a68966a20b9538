// `npm run bench`: the production server on a fresh data directory, loaded by autocannon from this
// (separate) process. Prints requests/s, latency p50/p99, the server's peak RSS and start-up time.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { buildIfStale } from "../build-if-stale.ts";
import { freePort } from "../../tests/support/app-server.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const root = path.resolve(import.meta.dirname, "../..");

buildIfStale();
const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
const url = `http://127.0.0.1:${port}`;

const started = performance.now();
const server = spawn(process.execPath, ["scripts/start.ts"], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: ["ignore", "inherit", "inherit"],
});

let firstOkMs: number | undefined;
while (firstOkMs === undefined) {
  if (server.exitCode !== null) throw new Error("the server exited during start-up");
  try {
    if ((await fetch(`${url}/`)).ok) firstOkMs = performance.now() - started;
  } catch {
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Peak resident set size of the server process so far (Linux). */
const peakRssMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(status.match(/VmHWM:\s+(\d+) kB/)![1]) / 1024;
};

const rows: string[][] = [];
for (const route of ["/", "/home"]) {
  const result = await autocannon({ url: url + route, connections: CONNECTIONS, duration: DURATION_S });
  const failures = result.non2xx + result.errors + result.timeouts;
  rows.push([
    route,
    result.requests.average.toFixed(0),
    `${result.latency.p50} ms`,
    `${result.latency.p99} ms`,
    String(failures),
  ]);
}
const peak = peakRssMb();
server.kill("SIGTERM");
await new Promise((r) => server.once("exit", r));

console.log(`\nProduction server, embedded database, ${CONNECTIONS} connections, ${DURATION_S} s per page`);
console.log(`Start to first 200 on /: ${firstOkMs.toFixed(0)} ms (includes the build check and migrations)`);
console.log(`Peak RSS of the server process: ${peak.toFixed(0)} MB\n`);
const header = ["page", "req/s", "p50", "p99", "non-2xx/errors"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
for (const row of [header, ...rows]) console.log(row.map((c, i) => c.padEnd(widths[i]!)).join("  "));
