// Work on text from outside (a calendar's) done in a worker thread with a heap limit, a CPU budget
// and a deadline: whatever the text makes it do, the server's event loop keeps answering, and the
// thread is terminated when it goes over any of them.

import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

export type WorkerLimits = {
  /** V8's old generation of the thread, in MB: over it the thread ends. */
  heapMb: number;
  /** Time the thread's event loop is busy, in ms: a measure of its CPU time that counts while it computes. */
  cpuMs: number;
  /** Wall-clock time from start to answer, in ms: a thread starved of CPU ends too. */
  deadlineMs: number;
};

/** Why a thread gave no answer. */
export type WorkerStop = "cpu" | "deadline" | "memory" | "aborted" | "crashed";

export type WorkerOutcome<T> = { ok: true; value: T } | { ok: false; stop: WorkerStop };

/** How often the thread's busy time is looked at. */
const CHECK_EVERY_MS = 100;

/** Runs a worker's TypeScript source (next to this module, so only where the sources are). */
const BOOTSTRAP_NAME = "./typescript-worker.mjs";

/**
 * The file a worker runs, by the entry's name (`calendar-busy-times.worker`) next to `callerUrl`
 * (the caller's import.meta.url). From the TypeScript sources (tests, `npm run dev`) the source
 * through a bootstrap that resolves them; from the server build the entry built beside the bundle
 * (vite.config.ts names each worker's entry), in the caller's folder or the one above it (a chunk).
 */
export function workerScript(callerUrl: string, name: string): { file: URL; argv: string[] } {
  if (/\.tsx?$/.test(new URL(callerUrl).pathname)) {
    return { file: new URL(BOOTSTRAP_NAME, import.meta.url), argv: [new URL(`./${name}.ts`, callerUrl).href] };
  }
  for (const folder of ["./", "../"]) {
    const built = new URL(`${folder}${name}.js`, callerUrl);
    if (existsSync(fileURLToPath(built))) return { file: built, argv: [] };
  }
  throw new Error(`the worker ${name} is not in the build`);
}

/**
 * Runs `script` with `data` and answers the first message it posts; stops it (terminate) when it
 * is over a limit, when `signal` aborts, or answers how it ended when it ends with no message.
 */
export function runInWorker<T>(
  script: { file: URL; argv: string[] },
  data: unknown,
  limits: WorkerLimits,
  signal?: AbortSignal,
): Promise<WorkerOutcome<T>> {
  return new Promise((resolve) => {
    const worker = new Worker(script.file, {
      workerData: data,
      argv: script.argv,
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
    });
    let settled = false;
    const finish = (outcome: WorkerOutcome<T>) => {
      if (settled) return;
      settled = true;
      clearInterval(watch);
      clearTimeout(deadline);
      signal?.removeEventListener("abort", abort);
      void worker.terminate();
      resolve(outcome);
    };
    const stop = (why: WorkerStop) => finish({ ok: false, stop: why });
    const abort = () => stop("aborted");
    const watch = setInterval(() => {
      if (worker.performance.eventLoopUtilization().active > limits.cpuMs) stop("cpu");
    }, CHECK_EVERY_MS);
    const deadline = setTimeout(() => stop("deadline"), limits.deadlineMs);
    if (signal?.aborted) return abort();
    signal?.addEventListener("abort", abort, { once: true });
    worker.once("message", (value: T) => finish({ ok: true, value }));
    worker.once("error", (error: Error & { code?: string }) =>
      stop(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "memory" : "crashed"),
    );
    worker.once("exit", () => stop("crashed"));
  });
}
