// `npm run bench:cached-home`, also part of `npm run bench`: a cached /home
// against nginx serving the same bytes precompressed (`gzip_static`), in the same run, with page
// views counted; and /home's p99 with counting on and off (PAGE_VIEW_COUNTING). 6 rounds, each
// loading the three in turn (on and off in alternate order) with wrk, 32 connections, gzip: the best
// rate of each. Then the p99 on and off at one steady rate, a hundredth of the slower site's best for each:
// 20 rounds, each with a fresh pair of sites (one counting, one not, started in alternate order)
// whose requests are sent in turn, evenly spaced. At full load a p99 is the length of the queue (on
// this 2-core machine wrk takes a core of its own), which moved 5–11% between runs with
// either site ahead; at a steady rate it is what counting adds to an answer. Both p99 are printed.
// Targets: /home ≥ 0.5× nginx; the two p99 at the steady rate no more than 5% apart. Exit code 1
// when one is missed. BENCH_CONTROL=1: neither site counts, to see the harness's own spread.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import { gzipSync } from "node:zlib";
import { buildIfStale } from "../build-if-stale.ts";
import { freePort } from "../../tests/support/app-server.ts";
import { PHONE_USER_AGENT } from "../../tests/support/user-agents.ts";
import { percentile } from "../lib/percentile.ts";
import { startSite, stop, untilFirstOk } from "./site.ts";

const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = 6;
const WARM_UP_S = 3;
// Each site's steady rate, as a share of the slower site's best. Two identical sites' p99 came
// 1.1–3.4% apart at 100–190 req/s each (a twentieth of autocannon's ceiling, when it measured the
// best), 7.1% apart at four times that. With wrk measuring the real best, a hundredth keeps that rate.
const STEADY_SHARE = Number(process.env.BENCH_STEADY_SHARE ?? 0.01);
// 20: at 10, one run put counting on and off 5.6% apart and the next 4.7% at 20, with each round's
// own p99 moving by half between rounds (decision 68, session 12).
const STEADY_ROUNDS = Number(process.env.BENCH_STEADY_ROUNDS ?? 20);
// A phone browser's user agent: without one (wrk sends none) a request is no visitor's and counting
// drops it before recording anything.
const ACCEPT = { "Accept-Encoding": "gzip", "User-Agent": PHONE_USER_AGENT };
const TARGET_RATIO = 0.5;
const TARGET_P99_APART = 0.05;
/**
 * BENCH_CONTROL=1: the "on" site counts nothing either. Two identical sites: how far apart this
 * harness puts two p99 that differ in nothing, against the 5% it must tell.
 */
const CONTROL = process.env.BENCH_CONTROL === "1";

interface Load {
  rps: number;
  p99: number;
  /** Every answer's time, in milliseconds. */
  times: number[];
  failures: number;
}

/**
 * As fast as answered, over 32 connections, by wrk (one thread: a core, as the sites have the other).
 * autocannon parses every body in JavaScript: at /home's 16 KB gzip it topped out near 4,500 req/s
 * whatever answered (nginx's same file: wrk 49,700 req/s, autocannon 4,500), so the ratio it gave
 * was its own limit's. wrk's percentiles come to the microsecond.
 */
async function load(wrk: string, url: string): Promise<Load> {
  const headers = Object.entries(ACCEPT).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const args = ["-t1", `-c${CONNECTIONS}`, `-d${DURATION_S}s`, "--latency", ...headers, url];
  const run = spawnSync(wrk, args, { encoding: "utf8", timeout: (DURATION_S + 30) * 1000 });
  if (run.status !== 0) throw new Error(`wrk failed (${run.status}): ${run.stderr || run.stdout}`);
  return wrkLoad(run.stdout);
}

const WRK_UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };

/** wrk's report: its requests/s, its p99 in ms, and every answer that was not a 2xx or 3xx or failed. */
export function wrkLoad(report: string): Load {
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(report);
  // A time in whole seconds comes with a trailing space ("1.01s ").
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(report);
  if (!rps || !p99) throw new Error(`wrk's report not understood:\n${report}`);
  const nonOk = Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    rps: Number(rps[1]),
    p99: Number((Number(p99[1]) * WRK_UNITS[p99[2]!]!).toFixed(2)),
    times: [],
    failures: nonOk + socketErrors,
  };
}

/**
 * `rate` requests per second for `seconds`, one every 1/rate s, taking `urls` in turn (see takenAt; over keep-alive
 * connections, as many as are busy at once): a Load per URL. The time of each answer is what the
 * server adds to one request, and a pause of the machine falls on every URL alike. autocannon's
 * `overallRate` sends each second's quota at once at the start of the second, so its p99 was the
 * length of that burst's queue.
 */
async function paced(urls: string[], rate: number, seconds: number): Promise<Load[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS * urls.length });
  const loads = urls.map(() => ({ times: [] as number[], failures: 0 }));
  const total = Math.round(rate * seconds);
  const started = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    let answered = 0;
    const done = () => {
      if (++answered === total) resolve();
    };
    const send = (i: number) => {
      const site = takenAt(i, urls.length);
      const into = loads[site]!;
      const at = performance.now();
      http
        .get(urls[site]!, { agent, headers: ACCEPT }, (response) => {
          response.resume();
          response.on("end", () => {
            if (response.statusCode === 200) into.times.push(performance.now() - at);
            else into.failures++;
            done();
          });
        })
        .on("error", () => {
          into.failures++;
          done();
        });
    };
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
      while (sent < due) send(sent++);
      if (sent < total) setTimeout(tick, Math.max(0, started + (sent / rate) * 1000 - performance.now()));
    };
    tick();
  });
  agent.destroy();
  const rps = total / urls.length / ((performance.now() - started) / 1000);
  return loads.map(({ times, failures }) => ({
    rps,
    p99: Number(percentile(times, 99).toFixed(2)),
    times,
    failures,
  }));
}

/**
 * Which URL the `i`th request goes to: each in turn, and which comes first changes each turn. Sent
 * in the same tick (after a pause of this client, say), the first one's time also holds the sending
 * of the next: always the same URL first put two identical sites 7.8% apart (BENCH_CONTROL=1), the
 * first slower in 7 rounds of 10.
 */
export function takenAt(i: number, count: number): number {
  return (i + Math.floor(i / count)) % count;
}

/** A program from Debian's packages: found, or installed when run as root; null otherwise. */
function debianProgram(binary: string, debianPackage: string): string | null {
  const found = () => ["/usr/sbin", "/usr/bin"].map((dir) => path.join(dir, binary)).find((p) => existsSync(p)) ?? null;
  if (found() || process.getuid?.() !== 0) return found();
  console.log(`Installing ${debianPackage} from Debian's packages…`);
  spawnSync("apt-get", ["update", "-qq"], { stdio: "ignore" });
  spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", debianPackage], {
    stdio: "ignore",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return found();
}

/** nginx serving `html` as /home, its gzip made beforehand and sent as it is (`gzip_static`). */
async function startNginx(html: string): Promise<{ url: string; stop: () => Promise<void> } | null> {
  const binary = debianProgram("nginx", "nginx-light");
  if (!binary) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
  // nginx's workers run as an unprivileged user when started by root.
  chmodSync(dir, 0o755);
  const port = await freePort();
  writeFileSync(path.join(dir, "home.html"), html);
  writeFileSync(path.join(dir, "home.html.gz"), gzipSync(html, { level: 9 }));
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  types { text/html html; }
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    location = /home { default_type text/html; try_files /home.html =404; }
  }
}
`,
  );
  const nginx = spawn(binary, ["-c", path.join(dir, "nginx.conf"), "-p", dir], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}/home`;
  for (let i = 0; i < 100; i++) {
    const response = await fetch(url, { headers: ACCEPT }).catch(() => null);
    if (response?.ok) {
      if (response.headers.get("content-encoding") !== "gzip") throw new Error("nginx did not send its gzip file");
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    stop: async () => {
      nginx.kill("SIGQUIT");
      await new Promise((r) => nginx.once("exit", r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A site as `npm start` runs it, counting on or off, with /home kept by every server process. */
interface CachedSite {
  homeUrl: string;
  stop: () => Promise<void>;
}

async function startCachedSite(counting: boolean): Promise<CachedSite> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-cached-home-"));
  const server: ChildProcess = startSite({
    port,
    dataDir,
    processes: Number(process.env.WEB_CONCURRENCY ?? Math.min(os.availableParallelism(), 4)),
    env: { PAGE_VIEW_COUNTING: String(counting) },
  });
  const stopSite = async () => {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await untilFirstOk(server, url);
    // Every process has it kept (the supervisor hands connections round).
    for (let i = 0; i < 20; i++) await (await fetch(`${url}/home`, { headers: ACCEPT })).arrayBuffer();
    const hit = await fetch(`${url}/home`, { headers: ACCEPT });
    if (hit.headers.get("x-page-cache") !== "hit") throw new Error("/home was not answered from the page cache");
  } catch (error) {
    await stopSite();
    throw error;
  }
  return { homeUrl: `${url}/home`, stop: stopSite };
}

export async function measureCachedHome(): Promise<{ summary: string; ok: boolean }> {
  buildIfStale();
  const wrk = debianProgram("wrk", "wrk");
  if (!wrk)
    return {
      summary: "Cached /home: wrk not found: as root this script installs it; otherwise `sudo apt-get install -y wrk`.",
      ok: false,
    };
  const counted: Load[] = [];
  const uncounted: Load[] = [];
  const nginxRuns: Load[] = [];
  // Both sites run side by side and are loaded in turn with nginx, so that a busy moment of the
  // machine falls on all three alike.
  const on = await startCachedSite(!CONTROL);
  const off = await startCachedSite(false).catch(async (error) => {
    await on.stop();
    throw error;
  });
  let nginx: Awaited<ReturnType<typeof startNginx>> = null;
  const steadyOn: Load[] = [];
  const steadyOff: Load[] = [];
  let steadyRate = 0;
  try {
    nginx = await startNginx(await (await fetch(on.homeUrl)).text());
    for (let round = 0; round < ROUNDS; round++) {
      if (nginx) nginxRuns.push(await load(wrk, nginx.url));
      // Which goes first changes each round: the one right after nginx fared differently.
      if (round % 2 === 0) {
        counted.push(await load(wrk, on.homeUrl));
        uncounted.push(await load(wrk, off.homeUrl));
      } else {
        uncounted.push(await load(wrk, off.homeUrl));
        counted.push(await load(wrk, on.homeUrl));
      }
    }
    steadyRate = Math.round(Math.min(...counted.map((r) => r.rps), ...uncounted.map((r) => r.rps)) * STEADY_SHARE);
  } finally {
    await nginx?.stop();
    await on.stop();
    await off.stop();
  }
  // The p99 at the steady rate: in each round a fresh pair of sites, on and off, their requests
  // taken in turn, so that a pause of this shared machine (whose p99 is one) falls on both alike.
  // Which starts first changes each round: two sites side by side differed by a quarter with
  // nothing to tell them apart (BENCH_CONTROL=1), the one started first slower.
  for (let round = 0; round < STEADY_ROUNDS; round++) {
    const sites = new Map<boolean, CachedSite>();
    try {
      for (const counting of round % 2 === 0 ? [true, false] : [false, true])
        sites.set(counting, await startCachedSite(counting && !CONTROL));
      const urls = [sites.get(true)!.homeUrl, sites.get(false)!.homeUrl];
      // A fresh process compiles its hot paths under the first seconds of load: not measured.
      await paced(urls, steadyRate * 2, WARM_UP_S);
      const [roundOn, roundOff] = await paced(urls, steadyRate * 2, DURATION_S);
      steadyOn.push(roundOn!);
      steadyOff.push(roundOff!);
    } finally {
      for (const site of sites.values()) await site.stop();
    }
  }
  const nginxMissing = nginx === null;

  const lines = [
    ...(CONTROL ? ["CONTROL RUN (BENCH_CONTROL=1): both sites count nothing; 'on' below is a second 'off'."] : []),
    `Cached /home, ${CONNECTIONS} connections, gzip, ${DURATION_S} s × ${ROUNDS} rounds (load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}):`,
    `  /home, counting on:  ${counted.map((r) => r.rps.toFixed(0)).join(", ")} req/s; p99 ${counted.map((r) => r.p99).join(", ")} ms`,
    `  /home, counting off: ${uncounted.map((r) => r.rps.toFixed(0)).join(", ")} req/s; p99 ${uncounted.map((r) => r.p99).join(", ")} ms`,
  ];
  const failures = [...counted, ...uncounted, ...nginxRuns, ...steadyOn, ...steadyOff].reduce(
    (sum, r) => sum + r.failures,
    0,
  );
  let ok = failures === 0;
  if (nginxMissing) {
    lines.push("  nginx not found: as root this script installs it; otherwise `sudo apt-get install -y nginx-light`.");
    ok = false;
  } else {
    const best = Math.max(...counted.map((r) => r.rps));
    const bestNginx = Math.max(...nginxRuns.map((r) => r.rps));
    const ratio = best / bestNginx;
    lines.push(
      `  nginx gzip_static:   ${nginxRuns.map((r) => r.rps.toFixed(0)).join(", ")} req/s; p99 ${nginxRuns.map((r) => r.p99).join(", ")} ms`,
      `  /home ÷ nginx, best of ${ROUNDS} each: ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? "met" : "MISSED"})`,
    );
    ok &&= ratio >= TARGET_RATIO;
  }
  // At the steady rate, over every answer of the rounds: a round's own p99 moves more than 5% with the machine.
  const pooled = (runs: Load[], p: number) =>
    Number(
      percentile(
        runs.flatMap((r) => r.times),
        p,
      ).toFixed(2),
    );
  const pooledP99 = (runs: Load[]) => pooled(runs, 99);
  // At full load wrk gives each round's p99 (not every answer): their median.
  const full = {
    on: percentile(
      counted.map((r) => r.p99),
      50,
    ),
    off: percentile(
      uncounted.map((r) => r.p99),
      50,
    ),
  };
  const steady = { on: pooledP99(steadyOn), off: pooledP99(steadyOff) };
  const apartAt = (p: { on: number; off: number }) => Math.abs(p.on - p.off) / p.off;
  const apart = apartAt(steady);
  lines.push(
    `  p99 at full load, counting on ${full.on} ms, off ${full.off} ms (the median of the ${ROUNDS} rounds' p99): ${(apartAt(full) * 100).toFixed(1)}% apart`,
    `  p99 at a steady ${steadyRate} req/s, counting on ${steady.on} ms, off ${steady.off} ms (every answer of ${STEADY_ROUNDS} rounds, a fresh pair of sites each, taken in turn): ${(apart * 100).toFixed(1)}% apart (target ≤ ${TARGET_P99_APART * 100}%: ${apart <= TARGET_P99_APART ? "met" : "MISSED"})`,
    `    at the steady rate, p50/p90/p99.9: on ${[50, 90, 99.9].map((p) => pooled(steadyOn, p)).join("/")} ms, off ${[50, 90, 99.9].map((p) => pooled(steadyOff, p)).join("/")} ms`,
    // Whether one mode is slower round after round, or a round or two make the difference.
    `    each round's p99, on/off: ${steadyOn.map((r, i) => `${r.p99}/${steadyOff[i]!.p99}`).join(", ")} ms`,
  );
  if (failures > 0) lines.push(`  ${failures} answers were not 2xx or failed`);
  ok &&= apart <= TARGET_P99_APART;
  return { summary: lines.join("\n"), ok };
}

if (import.meta.main) {
  const { summary, ok } = await measureCachedHome();
  console.log(summary);
  process.exitCode = ok ? 0 : 1;
}
