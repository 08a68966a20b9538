// `npm start` runs this file as bundled into build/server/start.js (after building when the
// sources changed): plain JavaScript, so no process of the site carries a TypeScript loader.
//
// WEB_CONCURRENCY server processes share the port (node:cluster). This process is
// only their supervisor, also for one: it runs the embedded PostgreSQL (when DATABASE_URL is unset),
// starts the servers, starts another when one dies (a crash, a heap out of memory: the site and the
// database stay up), and on SIGTERM or SIGINT stops the servers, then the database, and exits 0; on
// SIGHUP it replaces the servers by new ones on the build now on disk (server/reload.ts). A server
// whose event loop is stuck (an endless loop, a stopped process) stops sending its heartbeat: it is
// killed, and another takes its place as after a crash.
import cluster, { type Worker } from "node:cluster";
import { rmSync } from "node:fs";
import { reloadFile, sitePidFile } from "~/core/server/site-version.server";
import { createReloader, liveWorkers, recordPid, stopServerProcess } from "./reload";
import { FRONT_VIEWS, type FrontView, frontViewBatches } from "./front-views";
import { onShutdownSignal } from "./shutdown-signal";

// React (and the libraries built on it) pick their production build by this variable; without it
// every page is rendered by the development build, with its checks and warnings: several times the CPU.
process.env.NODE_ENV = "production";

type RunningServer = Awaited<ReturnType<typeof import("./app").startServer>>;

const SHUTDOWN_DEADLINE_MS = 9_500;
/** A dead server is replaced after this, doubled for each death in a row, up to RESTART_MAX_MS. */
const RESTART_FIRST_MS = 500;
const RESTART_MAX_MS = 30_000;
/** A death this long after the previous one is not "in a row": the next server starts at once again. */
const CRASH_QUIET_MS = 60_000;
/** How often the supervisor checks that the embedded PostgreSQL is still running. */
const POSTGRES_CHECK_MS = 2_000;
/** Each server process tells the supervisor it is alive this often, from its event loop. */
const HEARTBEAT_EVERY_MS = 1_000;
const HEARTBEAT = "heartbeat";
/**
 * A server silent this long is stuck: killed and replaced. Its requests wait meanwhile, so this is
 * short; far above a long render or a garbage collection, which take well under a second.
 */
const SILENT_LIMIT_MS = 10_000;
/** Before it listens: loading the pages on a busy small machine may hold the loop for seconds. */
const SILENT_LIMIT_STARTING_MS = 60_000;
const knownErrors = ["ConfigError", "SiteContentError", "EmbeddedDatabaseError", "HttpsFrontError"];

const logLevels = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;

/** Where the front reaches the servers: their own address, or loopback when they listen on every interface. */
function upstreamAddress(host: string, port: number): string {
  if (["0.0.0.0", "::"].includes(host)) return `127.0.0.1:${port}`;
  return host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`;
}

function exitWithStartError(error: unknown): never {
  const known = error instanceof Error && knownErrors.includes(error.name);
  console.error(known ? (error as Error).message : error);
  process.exit(1);
}

/** Set for a server forked while the supervisor still starts PostgreSQL: its address comes by message. */
const AWAIT_DATABASE = "SITE_DATABASE_FROM_SUPERVISOR";
let reload = () => {};

async function startServerHere(database: Promise<string> | null): Promise<RunningServer> {
  // Loaded only here: the supervisor never loads the pages. Loading them is most of a server's
  // start, so it begins at once, while the supervisor may still be starting PostgreSQL.
  const app = import("./app");
  const build = app.then(({ serverBuild }) => serverBuild());
  // Awaited below; meanwhile a failure must not count as unhandled.
  for (const loading of [app, build]) loading.catch(() => {});
  if (database) process.env.DATABASE_URL = await database;
  const { startServer } = await app;
  return startServer(await build);
}

if (cluster.isWorker) {
  // The supervisor gone (killed with SIGKILL): Node's cluster then ends this process with
  // process.exit(), which can hang for ever joining a compiler thread that waits for a garbage
  // collection (nodejs/node#54918; seen here after kill -9 of the supervisor), keeping the port and
  // the database connections. Nothing is left to hand over: the kernel ends it at once instead.
  cluster.worker!.on("disconnect", () => {
    if (!cluster.worker!.exitedAfterDisconnect) process.kill(process.pid, "SIGKILL");
  });
  // From the start: a server stuck while loading is replaced too. Not keeping the process alive.
  setInterval(() => {
    if (process.connected) process.send!(HEARTBEAT);
  }, HEARTBEAT_EVERY_MS).unref();
  const shutdown = onShutdownSignal();
  let databaseReady: (url: string) => void = () => {};
  const database = process.env[AWAIT_DATABASE] ? new Promise<string>((resolve) => (databaseReady = resolve)) : null;
  // The supervisor asks by message too: a terminal's Ctrl-C reaches every process at once anyway.
  let running: RunningServer | undefined;
  process.on("message", (message: unknown) => {
    if (message === "shutdown") shutdown.request();
    else if (typeof message === "object" && message !== null && "database" in message)
      databaseReady(String(message.database));
    else if (typeof message === "object" && message !== null && FRONT_VIEWS in message)
      running?.frontViews(message[FRONT_VIEWS] as [FrontView, number][]);
  });
  running = await startServerHere(database).catch(exitWithStartError);
  shutdown.stopWith(() => running.close());
} else {
  const shutdown = onShutdownSignal();
  // A reload (decision 75); until the servers run, a SIGHUP is ignored rather than ending the site.
  process.on("SIGHUP", () => reload());
  const { loadConfig } = await import("~/core/config/env.server");
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    exitWithStartError(error);
  }

  await superviseWorkers(config, shutdown);
}

async function superviseWorkers(
  config: ReturnType<typeof import("~/core/config/env.server").loadConfig>,
  shutdown: ReturnType<typeof onShutdownSignal>,
) {
  const log = (msg: string, extra: Record<string, unknown> = {}, level = 30) =>
    console.log(JSON.stringify({ level, time: Date.now(), pid: process.pid, msg, ...extra }));
  let front: import("./https-front").RunningFront | undefined;
  let embedded: ReturnType<typeof import("~/core/db/embedded-postgres.server").startEmbeddedPostgres> | undefined;
  // The embedded PostgreSQL's address is known once it runs: the first servers wait for it by message.
  const workerEnv: NodeJS.ProcessEnv = config.databaseUrl ? {} : { [AWAIT_DATABASE]: "1" };

  let stopping = false;
  let served = false;
  let deathsInARow = 0;
  let lastDeathAt = 0;
  // When each server was last heard of, and whether it listens yet.
  const heartbeats = new Map<Worker, { at: number; listening: boolean }>();
  // The machine's password-hashing slots, granted to the servers by message (decision 45): one
  // memory budget for all of them, not one each.
  const [{ createSlotHolder }, { HASHING_SLOTS }] = await Promise.all([
    import("~/core/server/memory-slots.server"),
    import("~/features/account/password.server"),
  ]);
  const hashingSlots = createSlotHolder(HASHING_SLOTS);
  const fork = (): Worker => {
    const worker = cluster.fork(workerEnv);
    const heartbeat = { at: Date.now(), listening: false };
    heartbeats.set(worker, heartbeat);
    worker.on("message", (message: unknown) => {
      if (message === HEARTBEAT) heartbeat.at = Date.now();
      // A server that died meanwhile cannot be answered: its slots are freed on its exit.
      else hashingSlots.receive(worker, message, (answer) => worker.send(answer, undefined, () => {}));
    });
    // A message to a server on its way out fails on its channel: logged, never the supervisor's end.
    worker.on("error", (error) =>
      log("server process channel error", { pid: worker.process.pid, err: String(error) }, 40),
    );
    worker.once("listening", () => {
      served = true;
      heartbeat.listening = true;
    });
    worker.on("exit", (code, signal) => {
      heartbeats.delete(worker);
      hashingSlots.forget(worker);
      if (stopping || reloader.claims(worker)) return;
      // Before any server listened, an exit is a start-up error (it printed why): stop at once.
      if (!served) {
        void stopAll().then(() => process.exit(1));
        return;
      }
      // Never given up on once the site has served: a request that kills a server must not stop the
      // site. Servers that keep dying are replaced more slowly, so a loop of deaths cannot take the CPU.
      const now = Date.now();
      deathsInARow = now - lastDeathAt > CRASH_QUIET_MS ? 1 : deathsInARow + 1;
      lastDeathAt = now;
      const delayMs = Math.min(RESTART_FIRST_MS * 2 ** (deathsInARow - 1), RESTART_MAX_MS);
      log("server process exited; starting another", { code, signal, delayMs }, 50);
      setTimeout(() => !stopping && fork(), delayMs);
    });
    return worker;
  };

  // A stuck server never exits by itself: SIGKILL (a stopped process takes no other signal), and
  // the exit above starts another.
  setInterval(() => {
    if (stopping) return;
    const now = Date.now();
    for (const [worker, heartbeat] of heartbeats) {
      const silentMs = now - heartbeat.at;
      if (silentMs <= (heartbeat.listening ? SILENT_LIMIT_MS : SILENT_LIMIT_STARTING_MS)) continue;
      heartbeats.delete(worker);
      log("server process stopped answering; killing it", { pid: worker.process.pid, silentMs }, 50);
      worker.process.kill("SIGKILL");
    }
  }, HEARTBEAT_EVERY_MS).unref();

  const stopWorker = (worker: Worker) => stopServerProcess(worker, SHUTDOWN_DEADLINE_MS);
  const stopAll = async () => {
    stopping = true;
    await Promise.all([front?.stop(), ...liveWorkers().map(stopWorker)]);
    // Still starting when a server failed to: stopped once it runs.
    await (await embedded?.catch(() => undefined))?.stop();
    rmSync(sitePidFile(config.dataDir), { force: true });
  };
  const reloader = createReloader({
    count: config.webConcurrency,
    fork,
    running: () => liveWorkers(),
    stop: stopWorker,
    file: reloadFile(config.dataDir),
    log,
  });
  reload = () => !stopping && reloader.reload();

  // The memory settings of `npm start` (package.json) for every server process, also when this
  // supervisor was started without them: a young generation of 2 MB rather than V8's default of up
  // to 64 MB, and a heap that grows less eagerly; on a small site's pages they save about 30 MB
  // per process for little throughput (measured with `npm run bench`).
  const memoryFlags = ["--max-semi-space-size=2", "--optimize-for-size"];
  const missing = memoryFlags.filter(
    (flag) => !process.execArgv.some((arg) => arg.split("=")[0] === flag.split("=")[0]),
  );
  // One server takes its connections itself; several get them in turn from this process.
  if (config.webConcurrency === 1) cluster.schedulingPolicy = cluster.SCHED_NONE;
  if (missing.length > 0) cluster.setupPrimary({ execArgv: [...process.execArgv, ...missing] });
  const { loadSeedContent } = await import("~/features/site-content/site-content.server");
  try {
    // Checked here too, so a bad file stops start-up with one message rather than one per process.
    loadSeedContent(config.siteContentFile);
  } catch (error) {
    exitWithStartError(error);
  }
  const httpsFront = config.httpsFront && (await import("./https-front"));
  if (config.httpsFront && httpsFront) {
    // Before anything starts or is written: a port that cannot be opened stops start-up in one line.
    await httpsFront.checkHttpsFront(config.httpsFront).catch(exitWithStartError);
  }
  // Where `npm run update` finds the supervisor to send it SIGHUP; once nothing can stop the start.
  recordPid(sitePidFile(config.dataDir), log);
  // Forked before PostgreSQL starts: they load the pages meanwhile.
  const first = Array.from({ length: config.webConcurrency }, fork);
  if (config.httpsFront && httpsFront) {
    // At once: the certificate is asked for while the servers and PostgreSQL start (502 meanwhile).
    const minLevel = logLevels[config.logLevel];
    // A server that listens gets them; none yet (starting, all replaced at once): they are not counted.
    const views = frontViewBatches((batch) =>
      liveWorkers()
        .find((worker) => heartbeats.get(worker)?.listening)
        ?.send({ [FRONT_VIEWS]: batch }, undefined, () => {}),
    );
    front = httpsFront.startHttpsFront({
      front: config.httpsFront,
      upstream: upstreamAddress(config.host, config.port),
      log: (msg, extra, level = 30) => level >= minLevel && log(msg, extra, level),
      onViewLine: views.add,
    });
  }
  if (!config.databaseUrl) {
    const { assertNoPgliteData, startEmbeddedPostgres } = await import("~/core/db/embedded-postgres.server");
    let url: string;
    try {
      assertNoPgliteData(config.dataDir);
      embedded = startEmbeddedPostgres({ dataDir: config.dataDir, log: (m) => log(m) });
      url = (await embedded).url;
    } catch (error) {
      exitWithStartError(error);
    }
    // The servers use it as they would any PostgreSQL server; this process stops it last.
    workerEnv.DATABASE_URL = url;
    delete workerEnv[AWAIT_DATABASE];
    for (const worker of first) if (!worker.isDead()) worker.send({ database: url });
    // PostgreSQL gone under a running site (on a small machine, the out-of-memory killer): started
    // again, at the same address, so the servers' next connections find it. Nobody has to restart
    // the site by hand.
    let checking = false;
    setInterval(async () => {
      if (stopping || checking) return;
      checking = true;
      try {
        // A start that failed last time counts as stopped: it is tried again.
        if ((await embedded?.catch(() => undefined))?.alive()) return;
        log("PostgreSQL stopped under the running site; starting it again", {}, 50);
        const restarted = startEmbeddedPostgres({ dataDir: config.dataDir, log: (m) => log(m) });
        embedded = restarted;
        await restarted;
      } catch (error) {
        log("PostgreSQL could not be started again; trying again shortly", { err: String(error) }, 50);
      } finally {
        checking = false;
      }
    }, POSTGRES_CHECK_MS).unref();
  }
  // A SIGTERM during start-up is answered once everything started, so all of it is stopped.
  shutdown.stopWith(stopAll);
}
