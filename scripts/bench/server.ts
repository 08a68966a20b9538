// `npm run bench`: the production server as `npm start` runs it (WEB_CONCURRENCY processes and
// the embedded PostgreSQL), on a fresh data directory with seeded photos and reviews, loaded by
// autocannon from this separate process. Then the cached /home against nginx (scripts/bench/cached-home.ts), booking's free times (scripts/bench/booking.ts) and the memory of 20 sign-ins at once
// (scripts/bench/logins.ts). Prints every figure and whether
// it meets its target; exit code 1 when one is missed.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import "../lib/load-app-modules.ts";
import { buildIfStale } from "../build-if-stale.ts";
import { percentile } from "../lib/percentile.ts";
import { pssMb, siteProcesses as processesOf, startSite, stop, untilFirstOk as untilSiteAnswers } from "./site.ts";
import { freePort } from "../../tests/support/app-server.ts";
import { openEventStream } from "../../tests/support/event-stream.ts";

// After the hooks above: these import the application's modules.
const { seedPhotos, seedReviews } = await import("../../tests/support/factory.ts");
const { MIN_FILL_MS } = await import("../../app/features/reviews/spam-guard.ts");

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 200);
const ACCEPT = { "Accept-Encoding": "gzip, br" };

const processes = Number(process.env.WEB_CONCURRENCY ?? Math.min(os.availableParallelism(), 4));
const targets = {
  idleMb: 150 + 100 * (processes - 1),
  peakMb: 400,
};

buildIfStale();
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-data-"));

const startServer = (count = processes) =>
  startSite({ port, dataDir, processes: count, env: { REVIEWS_RATE_LIMIT: "10000" } });
const untilFirstOk = (server: ChildProcess) => untilSiteAnswers(server, url);
const siteProcesses = (server: ChildProcess) => processesOf(server, dataDir);

// ---- load ---------------------------------------------------------------------------------------

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

async function load(target: string, onTick: () => void = () => {}): Promise<LoadResult> {
  const sampler = setInterval(onTick, 250);
  try {
    const result = await autocannon({ url: target, connections: CONNECTIONS, duration: DURATION_S, headers: ACCEPT });
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      failures: result.non2xx + result.errors + result.timeouts,
    };
  } finally {
    clearInterval(sampler);
  }
}

// ---- live events ---------------------------------------------------------------------------------

/** Opens `count` /events streams; each calls `onEvent` with the arrival time of every change event. */
async function openStreams(count: number, onEvent: (at: number) => void): Promise<() => void> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      openEventStream(url, () => onEvent(performance.now()), {
        agent,
        headers: { "X-Forwarded-For": `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}` },
      }),
    ),
  );
  return () => {
    for (const request of requests) request.destroy();
    agent.destroy();
  };
}

/** The review form's hidden fields as the page renders them (whatever the spam guard puts there). */
async function reviewForm(): Promise<URLSearchParams> {
  const html = await (await fetch(`${url}/reviews`, { headers: { "X-Forwarded-For": "10.2.0.1" } })).text();
  const form = [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)].map((m) => m[0]).find((f) => f.includes('name="rating"'));
  if (!form) throw new Error("no review form on /reviews");
  const fields = new URLSearchParams();
  for (const match of form.matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)) {
    const name = match[0].match(/name="([^"]+)"/)?.[1];
    const value = match[0].match(/value="([^"]*)"/)?.[1] ?? "";
    if (name) fields.set(name, value.replaceAll("&amp;", "&").replaceAll("&quot;", '"'));
  }
  return fields;
}

async function eventLatencies(posts: number): Promise<number[]> {
  const latencies: number[] = [];
  let postedAt = 0;
  const close = await openStreams(STREAMS, (at) => latencies.push(at - postedAt));
  const forms = await Promise.all(Array.from({ length: posts }, reviewForm));
  await new Promise((r) => setTimeout(r, MIN_FILL_MS + 500));
  for (const [i, fields] of forms.entries()) {
    const expected = (i + 1) * STREAMS;
    fields.set("name", `Paziente ${i + 1}`);
    fields.set("content", "Misura del tempo fra una recensione inviata e il suo evento.");
    fields.set("rating", "5");
    fields.set("consent", "on");
    postedAt = performance.now();
    const response = await fetch(`${url}/reviews`, {
      method: "POST",
      body: fields,
      redirect: "manual",
      headers: { Origin: url, "X-Forwarded-For": `10.3.0.${i + 1}` },
    });
    if (response.status !== 303) throw new Error(`posting a review answered ${response.status}`);
    const deadline = Date.now() + 10_000;
    while (latencies.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  }
  close();
  return latencies;
}

// ---- the run --------------------------------------------------------------------------------------

let server = startServer();
const freshStartMs = await untilFirstOk(server);
await stop(server);

await seedPhotos(dataDir, 6);
await seedReviews(
  dataDir,
  Array.from({ length: 14 }, (_, i) => ({
    name: `Paziente ${String.fromCharCode(65 + i)}.`,
    content: "Professionale e attenta: il piano alimentare è su misura e facile da seguire. ".repeat(1 + (i % 3)),
    rating: 3 + (i % 3),
    withImage: i % 4 === 0,
  })),
);

server = startServer();
const existingStartMs = await untilFirstOk(server);
for (const route of ["/", "/home", "/reviews", "/services"]) await fetch(url + route, { headers: ACCEPT });
await new Promise((r) => setTimeout(r, 3000));
const idleMb = pssMb(siteProcesses(server));
const processCount = siteProcesses(server).length;

let peakMb = idleMb;
const sample = () => (peakMb = Math.max(peakMb, pssMb(siteProcesses(server))));
const rows: [string, LoadResult][] = [];
for (const route of ["/", "/home", "/reviews"]) rows.push([route, await load(url + route, sample)]);

const latencies = await eventLatencies(5);
sample();
const shutdownMs = await stop(server);

// One server process: the smallest configuration, for the per-process figure.
server = startServer(1);
await untilFirstOk(server);
for (const route of ["/", "/home", "/reviews", "/services"]) await fetch(url + route, { headers: ACCEPT });
await new Promise((r) => setTimeout(r, 3000));
const singleIdleMb = pssMb(siteProcesses(server));
await stop(server);
rmSync(dataDir, { recursive: true, force: true });
const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
const results: boolean[] = [];
const check = (ok: boolean) => (results.push(ok), verdict(ok));

console.log(
  `\nProduction server: ${processes} server process(es) + embedded PostgreSQL; ${CONNECTIONS} connections, ${DURATION_S} s per page, Accept-Encoding: gzip, br`,
);
console.log(`Seeded: 6 recipe photos, 14 reviews (4 with photos)\n`);
const header = ["page", "req/s", "p50", "p99", "non-2xx/errors"];
const table = rows.map(([route, r]) => [route, r.rps.toFixed(0), `${r.p50} ms`, `${r.p99} ms`, String(r.failures)]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
for (const row of [header, ...table]) console.log(row.map((c, i) => c.padEnd(widths[i]!)).join("  "));
console.log("");
console.log(
  `Memory, one server process + PostgreSQL (PSS): idle ${singleIdleMb.toFixed(0)} MB (target ≤ 150: ${check(singleIdleMb <= 150)})`,
);
console.log(
  `Memory, ${processes} server processes + supervisor + PostgreSQL (PSS summed over ${processCount} processes): ` +
    `idle ${idleMb.toFixed(0)} MB (target ≤ ${targets.idleMb}: ${check(idleMb <= targets.idleMb)}), ` +
    `peak ${peakMb.toFixed(0)} MB (target ≤ ${targets.peakMb}: ${check(peakMb <= targets.peakMb)})`,
);
console.log(
  `Start to first 200 on /: fresh data directory ${freshStartMs.toFixed(0)} ms, existing ${existingStartMs.toFixed(0)} ms (from build/server/start.js; npm start first checks the build)`,
);
console.log(
  `Review posted → event at ${STREAMS} open /events streams: p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
    `p95 ${percentile(latencies, 95).toFixed(1)} ms (${latencies.length} of ${5 * STREAMS} events arrived)`,
);
console.log(`Shutdown on SIGTERM: ${shutdownMs.toFixed(0)} ms`);
// The cached /home against nginx, counting on and off: servers of their own.
const { measureCachedHome } = await import("./cached-home.ts");
const cachedHome = await measureCachedHome();
console.log(cachedHome.summary);
results.push(cachedHome.ok);
// Booking's free times: the calculation alone, in this process, once the server is gone.
const { measureFreeTimes } = await import("./booking.ts");
const freeTimes = measureFreeTimes();
console.log(freeTimes.summary);
results.push(freeTimes.ok);
// Twenty bookings at once on a server of its own with the default settings.
const { measureConcurrentBookings } = await import("./concurrent-bookings.ts");
const bookings = await measureConcurrentBookings();
console.log(bookings.summary);
results.push(bookings.ok);
// Memory under 20 sign-ins at once: servers of its own, once this run's are gone.
const { measureLogins } = await import("./logins.ts");
const logins = await measureLogins();
console.log(logins.summary);
results.push(logins.ok);
process.exitCode = results.every(Boolean) && latencies.length === 5 * STREAMS ? 0 : 1;
