// `npm run bench:uploads`: a burst of 40 image uploads at once against the production
// server, while a visitor keeps loading /home. Prints, per burst, how the uploads were
// answered, how much the server's resident memory rose at its peak, and /home's latency.
// Targets: peak RSS rise at most 300 MB, /home p99 under 500 ms.
//
// The database is a throwaway PostgreSQL (or DATABASE_URL), so the memory figures are the
// server's own: every process of `npm start` (the supervisor and its server processes) summed. Bursts:
//  - reviews, 7000×7000 zero PNG (143 KB, 49 MP): over the review cap, refused from the header;
//  - reviews, 5600×5600 zero PNG (31 MP): under the review cap, every accepted one decoded;
//  - admin recipe photos, 7000×7000 zero PNG: under the 50 MP cap, every accepted one decoded.
import "../lib/load-app-modules.ts";
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { buildIfStale } from "../build-if-stale.ts";
import { startCommand } from "../lib/start-command.ts";

const npmStart = startCommand();
import { freePort } from "../../tests/support/app-server.ts";

const { startThrowawayPostgres } = await import("../../tests/support/throwaway-postgres.ts");
const { openDatabase } = await import("~/core/db/database.server");
const { createAdminAccounts } = await import("~/features/account/accounts.server");
const { STARTED_FIELD } = await import("~/features/reviews/spam-guard");
const { fillTimeToken } = await import("../../tests/support/fill-time.ts");

const BURST = 40;
const TARGET_RSS_RISE_MB = 300;
const TARGET_P99_MS = 500;
const HOME_CLIENTS = 2;
const ADMIN = { email: "bench@studio.test", password: "password-del-benchmark" };
const root = path.resolve(import.meta.dirname, "../..");

buildIfStale();
const postgres = process.env.DATABASE_URL ? undefined : await startThrowawayPostgres();
const databaseUrl = process.env.DATABASE_URL ?? (await postgres!.createDatabase(`bench_uploads_${process.pid}`));
const database = await openDatabase({ url: databaseUrl });
await createAdminAccounts(database.db).setPassword(ADMIN.email, ADMIN.password);
await database.close();

/** The process and its descendants (`npm start` runs one server process per core under a supervisor). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent pid is the 2nd field after the command name in parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended meanwhile.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

function residentMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

interface Running {
  url: string;
  cookie: string;
  /** Review form start tokens, old enough to be accepted, one per review upload of the burst. */
  tokens: string[];
  rssMb(): number;
  stop(): Promise<unknown>;
}

/** A fresh production server (each burst gets its own, so one burst's leftovers do not count in the next). */
async function startServer(): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-uploads-"));
  const server = spawn(process.execPath, [...npmStart.flags, "build/server/start.js"], {
    cwd: root,
    env: {
      ...process.env,
      ...npmStart.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      REVIEWS_RATE_LIMIT: "10000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (;;) {
    if (server.exitCode !== null) throw new Error("the server exited during start-up");
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const login = await fetch(`${url}/admin-login`, {
    method: "POST",
    body: new URLSearchParams(ADMIN),
    headers: { Origin: url },
    redirect: "manual",
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("admin_session="))!
    .split(";")[0]!;
  const rssMb = () => processTree(server.pid!).reduce((sum, pid) => sum + residentMb(pid), 0);
  return { url, cookie, rssMb, stop, tokens: [] };
}

try {
  const zeroPng = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } }, limitInputPixels: false })
      .png({ compressionLevel: 9 })
      .toBuffer();
  const png49 = await zeroPng(7000, 7000);
  const png31 = await zeroPng(5600, 5600);

  const reviewUpload =
    (png: Buffer) =>
    async ({ url, tokens }: Running) => {
      // A start token is good for one review: each upload takes one fetched before the burst.
      const token = tokens.pop() ?? (await fillTimeToken(url));
      const form = new FormData();
      form.set("name", "Carico");
      form.set("content", "Recensione con una foto molto grande");
      form.set("rating", "5");
      form.set("consent", "on");
      form.set(STARTED_FIELD, token);
      form.set("photo", new Blob([new Uint8Array(png)], { type: "image/png" }), "zeri.png");
      return fetch(`${url}/reviews`, { method: "POST", body: form, redirect: "manual" });
    };
  const photoUpload =
    (png: Buffer) =>
    ({ url, cookie }: Running) => {
      const form = new FormData();
      form.set("title", "Carico");
      form.set("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "zeri.png");
      return fetch(`${url}/admin/foto`, {
        method: "POST",
        body: form,
        headers: { Origin: url, Cookie: cookie, Accept: "application/json" },
      });
    };

  /** Loads /home with HOME_CLIENTS visitors until `until` settles; returns the latencies, sorted. */
  async function loadHome(url: string, until: Promise<unknown>): Promise<number[]> {
    let running = true;
    void until.finally(() => (running = false));
    const latencies: number[] = [];
    await Promise.all(
      Array.from({ length: HOME_CLIENTS }, async () => {
        while (running) {
          const start = performance.now();
          await (await fetch(`${url}/home`)).text();
          latencies.push(performance.now() - start);
        }
      }),
    );
    return latencies.sort((a, b) => a - b);
  }
  const pct = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

  async function burst(name: string, upload: (server: Running) => Promise<Response>) {
    const server = await startServer();
    try {
      // Warm up: pages rendered, sharp loaded, one small image through the pipeline.
      for (let i = 0; i < 20; i++) await (await fetch(`${server.url}/home`)).text();
      await (await photoUpload(await zeroPng(800, 600))(server)).arrayBuffer();
      server.tokens = await Promise.all(Array.from({ length: BURST }, () => fillTimeToken(server.url)));
      const quiet = await loadHome(server.url, new Promise((r) => setTimeout(r, 3000)));
      const baseline = server.rssMb();
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 10);
      const started = performance.now();
      const uploads = Promise.all(Array.from({ length: BURST }, () => upload(server)));
      const latencies = await loadHome(server.url, uploads);
      const responses = await uploads;
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, server.rssMb());
      report(name, responses, seconds, baseline, peak, quiet, latencies);
      for (const r of responses) await r.arrayBuffer();
    } finally {
      await server.stop();
    }
  }

  function report(
    name: string,
    responses: Response[],
    seconds: number,
    baseline: number,
    peak: number,
    quiet: number[],
    latencies: number[],
  ) {
    const statuses: Record<number, number> = {};
    for (const r of responses) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    const rise = peak - baseline;
    const p99 = pct(latencies, 99);
    console.log(`\n${name}`);
    console.log(`  answers: ${JSON.stringify(statuses)} in ${seconds.toFixed(1)} s`);
    console.log(
      `  server RSS: ${baseline.toFixed(0)} MB before, ${peak.toFixed(0)} MB at peak: +${rise.toFixed(0)} MB (target ≤ ${TARGET_RSS_RISE_MB}) ${rise <= TARGET_RSS_RISE_MB ? "OK" : "MISSED"}`,
    );
    console.log(
      `  /home before the burst: ${quiet.length} requests, p50 ${pct(quiet, 50).toFixed(0)} ms, p99 ${pct(quiet, 99).toFixed(0)} ms`,
    );
    console.log(
      `  /home during the burst: ${latencies.length} requests, p50 ${pct(latencies, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${latencies.at(-1)?.toFixed(0)} ms (target p99 < ${TARGET_P99_MS}) ${p99 < TARGET_P99_MS ? "OK" : "MISSED"}`,
    );
  }

  console.log(`${BURST} uploads at once per burst; ${HOME_CLIENTS} visitors loading /home meanwhile`);
  await burst("reviews: 7000×7000 zero PNG (49 MP, over the 32 MP review cap)", reviewUpload(png49));
  await burst("reviews: 5600×5600 zero PNG (31 MP, decoded)", reviewUpload(png31));
  await burst("admin recipe photos: 7000×7000 zero PNG (49 MP, decoded)", photoUpload(png49));
} finally {
  await postgres?.stop();
}
