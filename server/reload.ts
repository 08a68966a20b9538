// The supervisor's reload (SIGHUP, sent by `npm run update`): new server processes start on the build
// now on disk; once every one of them listens (their migrations ran, their services opened) the old
// ones are stopped. A new one that exits first, or a reload not done within its deadline, leaves the
// old ones serving. The outcome is written to DATA_DIR/update/reload.json for the update to read.
import cluster, { type Worker } from "node:cluster";
import { writeJsonAtomic } from "~/core/server/site-version.server";

const RELOAD_DEADLINE_MS = 60_000;

export interface ReloadRecord {
  pid: number;
  at: string;
  outcome: "ok" | "failed";
  message: string;
}

export function createReloader(options: {
  count: number;
  fork: () => Worker;
  /** The servers running now (replaced by the reload). */
  running: () => Worker[];
  stop: (worker: Worker) => Promise<void>;
  file: string;
  log: (msg: string, extra?: Record<string, unknown>, level?: number) => void;
}) {
  let pending: Set<Worker> | undefined;
  // Servers whose exit is the reload's business, not a crash for the supervisor to answer.
  const handled = new WeakSet<Worker>();
  const record = (outcome: ReloadRecord["outcome"], message: string) => {
    const value: ReloadRecord = { pid: process.pid, at: new Date().toISOString(), outcome, message };
    try {
      writeJsonAtomic(options.file, value);
    } catch (error) {
      options.log("could not record the reload's outcome", { err: String(error) }, 50);
    }
  };

  // A reload asked for while one is under way follows it: the build on disk may have changed since
  // the first one's servers started loading.
  let again = false;
  const reload = () => {
    if (pending) {
      again = true;
      options.log("reload already under way: another follows it");
      return;
    }
    const old = options.running();
    const started = new Set<Worker>();
    pending = started;
    let listening = 0;
    options.log("reload: starting new server processes", { count: options.count });
    const settle = () => {
      pending = undefined;
      clearTimeout(timer);
      if (again) {
        again = false;
        reload();
      }
    };
    const fail = (message: string) => {
      if (pending !== started) return;
      for (const worker of started) if (!worker.isDead()) worker.process.kill("SIGKILL");
      options.log("reload failed; the previous server processes keep serving", { reason: message }, 50);
      record("failed", message);
      settle();
    };
    const timer = setTimeout(
      () => fail(`i nuovi processi non erano pronti dopo ${RELOAD_DEADLINE_MS / 1000} secondi`),
      RELOAD_DEADLINE_MS,
    );
    for (let i = 0; i < options.count; i++) {
      const worker = options.fork();
      started.add(worker);
      handled.add(worker);
      worker.once("exit", (code, signal) => {
        fail(`un nuovo processo del sito si è fermato durante l'avvio (${signal ?? `codice ${code}`})`);
      });
      worker.once("listening", () => {
        if (pending !== started || ++listening < options.count) return;
        // From now on they are the site's servers: a crash is answered as any other.
        for (const worker of started) handled.delete(worker);
        for (const worker of old) {
          handled.add(worker);
          void options.stop(worker);
        }
        options.log("reload done", { count: options.count });
        record("ok", "");
        settle();
      });
    }
  };

  return {
    /** Whether this server's exit belongs to a reload (started by one, or replaced by one). */
    claims: (worker: Worker) => handled.has(worker),
    reload,
  };
}

export const liveWorkers = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());

const stopsUnderWay = new WeakMap<Worker, Promise<void>>();

/**
 * Asks a server process to stop (it finishes its requests), killed after `deadlineMs`. Asked again
 * (a reload following another), the first request stands: its channel may be closed already.
 */
export function stopServerProcess(worker: Worker, deadlineMs: number): Promise<void> {
  const underWay = stopsUnderWay.get(worker);
  if (underWay) return underWay;
  const stopped = new Promise<void>((resolve) => {
    if (worker.isDead()) return resolve();
    const timer = setTimeout(() => worker.process.kill("SIGKILL"), deadlineMs);
    worker.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    // A closed channel (the process already on its way out) is reported here, not thrown.
    worker.send("shutdown", undefined, (error) => error && worker.process.kill("SIGTERM"));
  });
  stopsUnderWay.set(worker, stopped);
  return stopped;
}

/** The supervisor's pid, for `npm run update`; a data directory it cannot write to is no reason to stop. */
export function recordPid(file: string, log: (msg: string, extra?: Record<string, unknown>, level?: number) => void) {
  try {
    writeJsonAtomic(file, process.pid);
  } catch (error) {
    log("could not record the supervisor's pid", { err: String(error) }, 40);
  }
}
