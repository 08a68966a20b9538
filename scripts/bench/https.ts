// `npm run bench:https` (decision 72): the kept /home over TLS through the site's own HTTPS front
// (Caddy, its certificate obtained from pebble, Let's Encrypt's test CA, as in the tests), which answers
// it from the file the servers keep for it, against the same front serving the same precompressed
// bytes as a plain static file, in the same run. wrk, HTTPS, 2 threads, 32 connections, gzip, a
// phone's user agent (so every answer is a view, counted as in real use, and checked: none lost);
// best of 3 rounds each, in turn. The static side is a second Caddy with the site's own generated
// configuration, certificate storage and TLS settings, its routes and access log replaced by a file
// server (`precompressed gzip`) on other ports: Caddy's admin API is off, so routes are not changed
// live. Goal: ≥ 0.7×. Exit code 1 when missed, or when a view is lost. wrk gets the name for SNI and
// Host from the URL and connects to 127.0.0.1 through a Lua `wrk.resolve` (no /etc/hosts entry).
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { freePort } from "../../tests/support/app-server.ts";
import { startPebble, waitFor } from "../../tests/support/pebble.ts";
import { PHONE_USER_AGENT } from "../../tests/support/user-agents.ts";
import { buildIfStale } from "../build-if-stale.ts";
import { wrkLoad } from "./cached-home.ts";
import { startSite, stop } from "./site.ts";

const HOST = "studio-prova.it";
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_RATIO = 0.7;

function program(binary: string, debianPackage: string): string {
  const file = `/usr/bin/${binary}`;
  if (!existsSync(file) && process.getuid?.() === 0) {
    console.log(`Installing ${debianPackage} from Debian's packages…`);
    spawnSync("apt-get", ["update", "-qq"], { stdio: "ignore" });
    spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", debianPackage], {
      stdio: "ignore",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  }
  if (!existsSync(file)) throw new Error(`${binary} not found: run 'sudo apt-get install -y ${debianPackage}'`);
  return file;
}

await buildIfStale();
const wrk = program("wrk", "wrk");
program("caddy", "caddy");
program("pebble", "pebble");

const [httpsPort, httpPort, sitePort, staticHttpsPort, staticHttpPort] = (await Promise.all(
  Array.from({ length: 5 }, freePort),
)) as [number, number, number, number, number];
const work = mkdtempSync(path.join(os.tmpdir(), "bench-https-"));
const dataDir = path.join(work, "data");
const pebble = await startPebble({ httpPort, tlsPort: httpsPort });
const rootFile = path.join(work, "pebble-root.pem");
writeFileSync(rootFile, await pebble.issuingRoot());

const curl = (port: number, urlPath: string, ...args: string[]) =>
  execFileSync(
    "curl",
    [
      "-sS",
      "--max-time",
      "10",
      "--resolve",
      `${HOST}:${port}:127.0.0.1`,
      "--cacert",
      rootFile,
      "-H",
      "Accept-Encoding: gzip",
      "-A",
      PHONE_USER_AGENT,
      ...args,
      `https://${HOST}:${port}${urlPath}`,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
const answersOk = (port: number) => {
  try {
    return curl(port, "/home", "-o", "/dev/null", "-w", "%{http_code}").toString() === "200";
  } catch {
    return false;
  }
};

// A site on a public address is in preparation until published (decision 73): this one is, from its start.
await import("../lib/load-app-modules.ts");
const { publishIfPublic } = await import("../../tests/support/published-site.ts");
const { openSiteDatabase } = await import("../../app/core/db/site-database.server.ts");
const { pageViewsOf } = await import("../../tests/support/page-views.ts");
await publishIfPublic(`https://${HOST}`, { dataDir });

const site = startSite({
  port: sitePort,
  dataDir,
  processes: Number(process.env.WEB_CONCURRENCY ?? 1),
  env: {
    SITE_URL: `https://${HOST}`,
    TRUST_PROXY: "",
    HTTPS_PORT: String(httpsPort),
    HTTP_PORT: String(httpPort),
    ACME_CA: pebble.directory,
    ACME_CA_ROOT: pebble.apiRoot,
  },
});
let staticFront: ChildProcess | undefined;
try {
  await waitFor("/home through the site's HTTPS front", () => answersOk(httpsPort), 120_000);
  // The kept page's bytes, as the front sends them from its file: gzip.
  const answeredFrom = () => curl(httpsPort, "/home", "-o", "/dev/null", "-w", "%header{x-page-cache}").toString();
  await waitFor("/home answered from its kept file", () => answeredFrom() === "file", 30_000);
  const gzipped = curl(httpsPort, "/home");
  const staticDir = path.join(work, "static");
  execFileSync("mkdir", ["-p", staticDir]);
  writeFileSync(path.join(staticDir, "home.html"), gunzipSync(gzipped));
  writeFileSync(path.join(staticDir, "home.html.gz"), gzipped);

  const config = JSON.parse(readFileSync(path.join(dataDir, "https", "caddy.json"), "utf8"));
  const http = config.apps.http;
  http.http_port = staticHttpPort;
  http.https_port = staticHttpsPort;
  const server = http.servers.site;
  server.listen = [`:${staticHttpsPort}`];
  // A plain file server: the site's routes (its kept files' checks, the proxy) and its access log go.
  delete server.logs;
  server.routes = [
    {
      match: [{ host: [HOST] }],
      handle: [
        { handler: "rewrite", uri: "/home.html" },
        { handler: "file_server", root: staticDir, precompressed: { gzip: {} }, precompressed_order: ["gzip"] },
      ],
      terminal: true,
    },
  ];
  const staticConfig = path.join(work, "caddy-static.json");
  writeFileSync(staticConfig, JSON.stringify(config), { mode: 0o600 });
  staticFront = spawn("/usr/bin/caddy", ["run", "--config", staticConfig], {
    env: { PATH: process.env.PATH, HOME: work },
    stdio: "ignore",
  });
  await waitFor("the same bytes as a static file", () => answersOk(staticHttpsPort), 60_000);

  const script = path.join(work, "resolve.lua");
  writeFileSync(
    script,
    `-- The name stays in the URL (SNI, Host); the connections go to this machine.
function wrk.resolve(host, service)
  wrk.addrs = wrk.lookup("127.0.0.1", service)
end
`,
  );
  const load = (port: number, direct = false) => {
    const args = ["-t2", "-c32", `-d${DURATION_S}s`, "--latency", ...(direct ? [] : ["-s", script])];
    const headers = ["-H", "Accept-Encoding: gzip", "-H", `User-Agent: ${PHONE_USER_AGENT}`];
    const url = direct ? `http://127.0.0.1:${port}/home` : `https://${HOST}:${port}/home`;
    const run = spawnSync(wrk, [...args, ...headers, url], {
      encoding: "utf8",
      timeout: (DURATION_S + 30) * 1000,
    });
    if (run.status !== 0) throw new Error(`wrk failed (${run.status}): ${run.stderr || run.stdout}`);
    return { ...wrkLoad(run.stdout), requests: Number(/(\d+) requests in/.exec(run.stdout)?.[1] ?? 0) };
  };
  // Every answer through the front is a visitor's view (a phone, no cookie): none may be lost by
  // answering from the kept file, where the supervisor counts them from Caddy's log.
  const database = await openSiteDatabase({ dataDir });
  const homeViews = () => pageViewsOf(database.db, "/home");
  /** The views once every server has written its count: unchanged for longer than a write's interval. */
  const settledViews = async (atLeast = 0) => {
    let last = await homeViews();
    let sameSince = Date.now();
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const views = await homeViews();
      if (views !== last) [last, sameSince] = [views, Date.now()];
      else if (views >= atLeast && Date.now() - sameSince > 7_000) break;
    }
    return last;
  };
  const viewsBefore = await settledViews();
  const proxied: ReturnType<typeof load>[] = [];
  const files: ReturnType<typeof load>[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // In alternate order, so neither always runs on a machine the other has just warmed or tired.
    if (round % 2 === 0) proxied.push(load(httpsPort));
    files.push(load(staticHttpsPort));
    if (round % 2 === 1) proxied.push(load(httpsPort));
  }
  // For the closing note: the servers alone, plain HTTP on loopback, no front (not part of the ratio).
  const direct = load(sitePort, true);
  const caddyPid = readFileSync(path.join(dataDir, "https", "caddy.pid"), "utf8").trim();
  const pssMb = (pid: string) =>
    Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0) / 1024;
  const best = (loads: ReturnType<typeof load>[]) => loads.reduce((a, b) => (b.rps > a.rps ? b : a));
  const site1 = best(proxied);
  const file1 = best(files);
  const ratio = site1.rps / file1.rps;
  const failures = [...proxied, ...files].reduce((total, l) => total + l.failures, 0);
  const viewsAsked = [...proxied, direct].reduce((total, l) => total + l.requests, 0);
  const viewsCounted = (await settledViews(viewsBefore + viewsAsked)) - viewsBefore;
  await database.close();
  console.log(
    `HTTPS /home (wrk -t2 -c32, gzip, best of ${ROUNDS}): through the front (from its kept file) ${Math.round(site1.rps)} req/s (p99 ${site1.p99} ms), the same bytes as a static file ${Math.round(file1.rps)} req/s (p99 ${file1.p99} ms): ${ratio.toFixed(2)}× (goal ≥ ${TARGET_RATIO}); the servers alone over plain HTTP ${Math.round(direct.rps)} req/s; failed answers ${failures}; views counted ${viewsCounted} of ${viewsAsked}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(
        " ",
      )}; ${os.availableParallelism()} cores; the site's Caddy after the load: ${pssMb(caddyPid).toFixed(1)} MB PSS.`,
  );
  // wrk counts the answers it read; those its 32 connections were still waiting for when it stopped are answered and counted too.
  const viewsOk = viewsCounted >= viewsAsked && viewsCounted <= viewsAsked + 32 * (proxied.length + 1);
  if (ratio < TARGET_RATIO || failures > 0 || !viewsOk) process.exitCode = 1;
} finally {
  staticFront?.kill("SIGTERM");
  await stop(site).catch((error: unknown) => console.error(String(error)));
  await pebble.stop();
}
