// npm run bench:memory: the whole site's memory idle, started as the service runs it (node
// build/server/start.js straight, no npm kept resident; WEB_CONCURRENCY=1; the embedded PostgreSQL):
// the proportional set size (PSS, shared pages split) of the supervisor, the server, every
// PostgreSQL process and the HTTPS front when one runs, against the goal for a small VPS.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../tests/support/app-server.ts";
import { pssMb, siteProcesses, startSite, stop, untilFirstOk } from "./site.ts";

const GOAL_MB = 180;
/** After start and a first visit of each page, this long without requests: "idle". */
const SETTLE_MS = 10_000;

execFileSync(process.execPath, [path.resolve(import.meta.dirname, "../build-if-stale.ts")], { stdio: "inherit" });
const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-memory-"));
// With an https SITE_URL (the HTTPS front counted too) the site is public: published first, as she does (decision 73).
if (process.env.SITE_URL) {
  await import("../lib/load-app-modules.ts");
  const { publishIfPublic } = await import("../../tests/support/published-site.ts");
  await publishIfPublic(process.env.SITE_URL, { dataDir });
}
// As the service: no proxy declared, one server process.
const server = startSite({ port, dataDir, processes: 1, env: { TRUST_PROXY: "" } });
try {
  const url = `http://127.0.0.1:${port}`;
  await untilFirstOk(server, url);
  for (const page of ["/", "/home"]) await (await fetch(url + page)).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

  const pids = siteProcesses(server, dataDir);
  const byName = new Map<string, { count: number; mb: number }>();
  for (const pid of pids) {
    let name: string;
    try {
      name = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
    } catch {
      continue;
    }
    const role =
      pid === server.pid
        ? "supervisore (node)"
        : name === "postgres"
          ? "PostgreSQL"
          : name === "caddy"
            ? "Caddy (HTTPS)"
            : name === "node" || name === "MainThread"
              ? "server (node)"
              : name;
    const entry = byName.get(role) ?? { count: 0, mb: 0 };
    byName.set(role, { count: entry.count + 1, mb: entry.mb + pssMb([pid]) });
  }
  const total = pssMb(pids);
  console.log(`\nMemoria del sito a riposo (PSS), WEB_CONCURRENCY=1, node build/server/start.js senza npm:`);
  for (const [role, { count, mb }] of byName)
    console.log(`  ${role.padEnd(20)} ${String(count).padStart(2)} processi  ${mb.toFixed(1).padStart(6)} MB`);
  console.log(
    `  ${"in tutto".padEnd(20)} ${String(pids.length).padStart(2)} processi  ${total.toFixed(1).padStart(6)} MB`,
  );
  console.log(`Obiettivo ≤ ${GOAL_MB} MB: ${total <= GOAL_MB ? "raggiunto" : "MANCATO"}`);
  console.log(
    `Carico medio (1, 5, 15 min): ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")} su ${os.availableParallelism()} core`,
  );
  process.exitCode = total <= GOAL_MB ? 0 : 1;
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
