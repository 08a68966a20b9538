// `npm start`: the production server, built first when needed.
//
// WEB_CONCURRENCY server processes share the port (node:cluster). With more than
// one, this process is only their supervisor: it runs the embedded PostgreSQL
// (when DATABASE_URL is unset), starts the servers, restarts one that crashes,
// and on SIGTERM or SIGINT stops the servers, then the database, and exits 0.
// With one, this process is the server itself.
import cluster, { type Worker } from "node:cluster";
import "./lib/load-app-modules.ts";

// React (and the libraries built on it) pick their production build by this variable; without it
// every page is rendered by the development build, with its checks and warnings: several times the CPU.
process.env.NODE_ENV = "production";

type RunningServer = Awaited<ReturnType<typeof import("../server/app.ts").startServer>>;

const SHUTDOWN_DEADLINE_MS = 9_500;
const knownErrors = ["ConfigError", "SiteContentError", "EmbeddedDatabaseError"];

function exitWithStartError(error: unknown): never {
  const known = error instanceof Error && knownErrors.includes(error.name);
  console.error(known ? (error as Error).message : error);
  process.exit(1);
}

/** Calls `stop` once on SIGTERM or SIGINT, even when the signal comes while still starting. */
function onShutdownSignal(): { stopWith(stop: () => Promise<void>): void; request(): void } {
  let requested = false;
  let stopper: (() => Promise<void>) | undefined;
  const run = () =>
    stopper!().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  const request = () => {
    if (requested) return;
    requested = true;
    if (stopper) void run();
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, request);
  return {
    request,
    stopWith(stop) {
      stopper = stop;
      if (requested) void run();
    },
  };
}

async function startServerHere(): Promise<RunningServer> {
  // A computed specifier: the build exists only after buildIfStale().
  const buildEntry = new URL("../build/server/index.js", import.meta.url).href;
  const { startServer, serverBuild }: typeof import("../server/app.ts") = await import(buildEntry);
  return startServer(serverBuild);
}

if (cluster.isWorker) {
  const shutdown = onShutdownSignal();
  // The supervisor asks by message too: a terminal's Ctrl-C reaches every process at once anyway.
  process.on("message", (message) => {
    if (message === "shutdown") shutdown.request();
  });
  const running = await startServerHere().catch(exitWithStartError);
  shutdown.stopWith(() => running.close());
} else {
  const shutdown = onShutdownSignal();
  const { buildIfStale } = await import("./build-if-stale.ts");
  buildIfStale();
  const { loadConfig } = await import("../app/config/env.server.ts");
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    exitWithStartError(error);
  }

  if (config.webConcurrency === 1) {
    const running = await startServerHere().catch(exitWithStartError);
    shutdown.stopWith(() => running.close());
  } else {
    await superviseWorkers(config, shutdown);
  }
}

async function superviseWorkers(
  config: ReturnType<typeof import("../app/config/env.server.ts").loadConfig>,
  shutdown: ReturnType<typeof onShutdownSignal>,
) {
  const { assertNoPgliteData, startEmbeddedPostgres } = await import("../app/db/embedded-postgres.server.ts");
  const { loadSeedContent } = await import("../app/content/site-content.server.ts");
  try {
    // Checked here too, so a bad file stops start-up with one message rather than one per process.
    loadSeedContent(config.siteContentFile);
  } catch (error) {
    exitWithStartError(error);
  }
  const log = (msg: string, extra: Record<string, unknown> = {}) =>
    console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg, ...extra }));

  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  const workerEnv: NodeJS.ProcessEnv = {};
  if (!config.databaseUrl) {
    try {
      assertNoPgliteData(config.dataDir);
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: (m) => log(m) });
    } catch (error) {
      exitWithStartError(error);
    }
    // The servers use it as they would any PostgreSQL server; this process stops it last.
    workerEnv.DATABASE_URL = embedded.url;
  }

  let stopping = false;
  let served = false;
  const recentCrashes: number[] = [];
  const fork = (): Worker => {
    const worker = cluster.fork(workerEnv);
    worker.once("listening", () => (served = true));
    worker.on("exit", (code, signal) => {
      if (stopping) return;
      // Before any server listened, an exit is a start-up error (it printed why): stop at once.
      if (!served) {
        void stopAll().then(() => process.exit(1));
        return;
      }
      const now = Date.now();
      recentCrashes.push(now);
      while (recentCrashes[0]! < now - 30_000) recentCrashes.shift();
      // A server that cannot start (bad setting, port taken) would crash forever: give up.
      if (recentCrashes.length > 2 * config.webConcurrency) {
        console.error(`The server processes keep exiting (last: code ${code}, signal ${signal}); stopping.`);
        void stopAll().then(() => process.exit(1));
        return;
      }
      log("server process exited; starting another", { code, signal });
      setTimeout(() => !stopping && fork(), 500);
    });
    return worker;
  };

  const stopAll = async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => worker.process.kill("SIGKILL"), SHUTDOWN_DEADLINE_MS);
            worker.once("exit", () => {
              clearTimeout(timer);
              resolve();
            });
            try {
              worker.send("shutdown");
            } catch {
              worker.process.kill("SIGTERM");
            }
          }),
      ),
    );
    await embedded?.stop();
  };

  // A young generation of 8 MB rather than V8's default of up to 64 MB: a server process then
  // needs about a third less memory, for a little more frequent garbage collection.
  const youngGeneration = "--max-semi-space-size=8";
  if (!process.execArgv.some((arg) => arg.startsWith("--max-semi-space-size"))) {
    cluster.setupPrimary({ execArgv: [...process.execArgv, youngGeneration] });
  }
  for (let i = 0; i < config.webConcurrency; i++) fork();
  shutdown.stopWith(stopAll);
}
