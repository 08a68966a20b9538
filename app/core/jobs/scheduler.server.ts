import { Cron } from "croner";
import pg from "pg";
import type { Logger } from "pino";
import { boundedConnection, DATABASE_LIMITS } from "~/core/db/database.server";
import { SITE_TIME_ZONE } from "~/core/format/rome-clock";

/**
 * A background job, registered by its feature (or the core) through the composition (server/jobs.ts;
 * decision 49). Every server process of every instance keeps its timer; each run first takes the
 * job's PostgreSQL advisory lock, so it runs in one of them at a time, and one that finds it held
 * skips that run.
 */
export interface ScheduledJob {
  /** Unique: the lock's key and the log's `job`. */
  name: string;
  /**
   * A cron expression in the site's time (Italy's, whatever the server's TZ; croner: a time the clocks
   * skip runs when the skipped hour ends, one they repeat runs once), or an interval from the process's start.
   */
  schedule: { cron: string } | { everyMs: number };
  /** Also once as the process starts: what fell due while it was down is done at once. */
  atStart?: boolean;
  /** A run still going after this is given up: logged, its signal aborted, its lock released. */
  timeoutMs: number;
  /**
   * The work. `slot` is the time it was due (for a cron job the same in every instance, not the moment
   * the timer fired); `signal` aborts at the timeout or at shutdown. Throwing logs the error.
   */
  run(context: { slot: Date; signal: AbortSignal; logger: Logger }): Promise<void>;
}

export interface Scheduler {
  /** Runs a job now as its timer would (lock included): tests, and an operator's command. */
  runNow(name: string): Promise<RunOutcome>;
  /** Stops the timers, aborts the runs under way and waits for them, `graceMs` at most. */
  stop(graceMs?: number): Promise<void>;
}

export type RunOutcome = "done" | "locked" | "busy" | "failed" | "timed out";

const LOCK_SQL = "select pg_try_advisory_lock(hashtextextended($1, 0)) as locked";

/**
 * Calls `run` at each time of a cron expression with that time (not the moment the timer fired);
 * a run still going when the next time comes is not started twice (croner's protect).
 */
export function scheduleCron(expression: string, run: (slot: Date) => Promise<unknown>): { stop(): void } {
  let slot: Date | null = null;
  const job = new Cron(expression, { protect: true, unref: true, timezone: SITE_TIME_ZONE }, async () => {
    try {
      if (slot) await run(slot);
    } finally {
      slot = job.nextRun();
    }
  });
  slot = job.nextRun();
  return { stop: () => job.stop() };
}

/**
 * Starts every job's timer. The lock is taken on a connection of its own, outside the pool, held for
 * the run (a session lock): the job's work uses the pool freely, and never while a transaction of the
 * scheduler holds a connection (decision 46). A process that dies mid-run drops its connection, and
 * the lock with it.
 */
export function startScheduler(
  jobs: readonly ScheduledJob[],
  options: {
    logger: Logger;
    /** Where the locks are taken; without it (one feature's jobs in a unit test) runs take none. */
    databaseUrl?: string;
  },
): Scheduler {
  const { logger } = options;
  const byName = new Map(jobs.map((job) => [job.name, job]));
  if (byName.size !== jobs.length) throw new Error("two background jobs share a name");
  const running = new Map<string, { done: Promise<RunOutcome>; abort: AbortController }>();
  const timers: { stop(): void }[] = [];
  let stopped = false;

  async function underLock(job: ScheduledJob, slot: Date, abort: AbortController): Promise<RunOutcome> {
    const log = logger.child({ job: job.name });
    const client =
      options.databaseUrl === undefined
        ? undefined
        : new pg.Client({
            ...boundedConnection(options.databaseUrl, DATABASE_LIMITS.request),
            application_name: `job ${job.name}`,
          });
    client?.on("error", (error) => log.warn({ err: error }, "job lock connection lost"));
    let timer: NodeJS.Timeout | undefined;
    try {
      if (client) {
        await client.connect();
        const { rows } = await client.query<{ locked: boolean }>(LOCK_SQL, [`job:${job.name}`]);
        if (!rows[0]?.locked) {
          log.debug("job running elsewhere");
          return "locked";
        }
      }
      // Stopped while the lock was being taken: nothing begun, nothing to do.
      if (abort.signal.aborted) return "busy";
      const started = Date.now();
      const timedOut = new Promise<"timed out">((resolve) => {
        timer = setTimeout(() => resolve("timed out"), job.timeoutMs);
      });
      const outcome = await Promise.race([
        job.run({ slot, signal: abort.signal, logger: log }).then(() => "done" as const),
        timedOut,
      ]);
      if (outcome === "timed out") {
        abort.abort(new Error(`${job.name} took over ${job.timeoutMs} ms`));
        log.error({ timeoutMs: job.timeoutMs }, "job given up: it took too long");
      } else log.debug({ ms: Date.now() - started }, "job done");
      return outcome;
    } catch (error) {
      log.error({ err: error }, "job failed");
      return "failed";
    } finally {
      clearTimeout(timer);
      // Closing the session releases its lock, also when the unlock could not be sent.
      await client?.end().catch(() => {});
    }
  }

  function start(job: ScheduledJob, slot: Date): Promise<RunOutcome> {
    if (stopped) return Promise.resolve("busy");
    if (running.has(job.name)) {
      logger.warn({ job: job.name }, "job still running: this run skipped");
      return Promise.resolve("busy");
    }
    const abort = new AbortController();
    const done = underLock(job, slot, abort).finally(() => running.delete(job.name));
    running.set(job.name, { done, abort });
    return done;
  }

  for (const job of jobs) {
    if ("cron" in job.schedule) timers.push(scheduleCron(job.schedule.cron, (slot) => start(job, slot)));
    else {
      const interval = setInterval(() => void start(job, new Date()), job.schedule.everyMs);
      interval.unref();
      timers.push({ stop: () => clearInterval(interval) });
    }
    if (job.atStart) void start(job, new Date());
  }
  logger.info({ jobs: jobs.map((job) => job.name) }, "background jobs scheduled");

  return {
    runNow(name) {
      const job = byName.get(name);
      if (!job) throw new Error(`no background job named ${name}`);
      return start(job, new Date());
    },
    async stop(graceMs = 5_000) {
      stopped = true;
      for (const timer of timers) timer.stop();
      const runs = [...running.values()];
      for (const run of runs) run.abort.abort(new Error("shutting down"));
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(runs.map((run) => run.done)),
        new Promise((resolve) => {
          grace = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(grace);
    },
  };
}
