import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../../../tests/support/test-databases";
import { type ScheduledJob, type Scheduler, startScheduler } from "./scheduler.server";

const logger = pino({ level: "silent" });
const NEVER = { cron: "0 0 1 1 *" };

/** A job that waits, once started, until the test lets it finish. */
function gatedJob(name: string, timeoutMs = 30_000) {
  const started: Date[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let signalled: AbortSignal | undefined;
  let markStarted!: () => void;
  const running = new Promise<void>((resolve) => (markStarted = resolve));
  const job: ScheduledJob = {
    name,
    schedule: NEVER,
    timeoutMs,
    async run({ slot, signal }) {
      started.push(slot);
      signalled = signal;
      markStarted();
      await gate;
    },
  };
  return { job, started, release, running, signal: () => signalled };
}

describe("the background jobs' scheduler (on PostgreSQL)", () => {
  let databaseUrl: string;
  const schedulers: Scheduler[] = [];
  beforeAll(async () => {
    databaseUrl = await createPostgresDatabase();
  });
  afterAll(async () => {
    await Promise.all(schedulers.map((scheduler) => scheduler.stop(1_000)));
  });
  const start = (jobs: ScheduledJob[]) => {
    const scheduler = startScheduler(jobs, { databaseUrl, logger });
    schedulers.push(scheduler);
    return scheduler;
  };

  it("runs a job in one process at a time: another instance finds its lock held and skips the run", async () => {
    const first = gatedJob("once-at-a-time");
    const second = gatedJob("once-at-a-time");
    const instanceA = start([first.job]);
    const instanceB = start([second.job]);
    const runA = instanceA.runNow("once-at-a-time");
    await first.running;
    expect(await instanceB.runNow("once-at-a-time")).toBe("locked");
    expect(second.started).toEqual([]);
    first.release();
    expect(await runA).toBe("done");
    // Released with the run: the other instance takes it next time.
    const runB = instanceB.runNow("once-at-a-time");
    await second.running;
    second.release();
    expect(await runB).toBe("done");
  });

  it("gives up a run past its bound, aborting its signal and releasing its lock", async () => {
    const stuck = gatedJob("stuck", 300);
    const scheduler = start([stuck.job]);
    expect(await scheduler.runNow("stuck")).toBe("timed out");
    expect(stuck.signal()?.aborted).toBe(true);
    const other = gatedJob("stuck");
    const run = start([other.job]).runNow("stuck");
    await other.running;
    other.release();
    expect(await run).toBe("done");
    stuck.release();
  });

  it("on stop, aborts the runs under way and waits for them to end", async () => {
    let ended = false;
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const job: ScheduledJob = {
      name: "stops-on-signal",
      schedule: NEVER,
      timeoutMs: 60_000,
      run: ({ signal }) =>
        new Promise<void>((resolve) => {
          signal.addEventListener("abort", () => {
            ended = true;
            resolve();
          });
          markStarted();
        }),
    };
    const scheduler = startScheduler([job], { databaseUrl, logger });
    const run = scheduler.runNow("stops-on-signal");
    await started;
    await scheduler.stop(10_000);
    expect(ended).toBe(true);
    expect(await run).toBe("done");
    expect(await scheduler.runNow("stops-on-signal")).toBe("busy");
  });

  it("logs a failed run and goes on", async () => {
    let calls = 0;
    const scheduler = start([
      {
        name: "fails-once",
        schedule: NEVER,
        timeoutMs: 5_000,
        async run() {
          calls++;
          if (calls === 1) throw new Error("boom");
        },
      },
    ]);
    expect(await scheduler.runNow("fails-once")).toBe("failed");
    expect(await scheduler.runNow("fails-once")).toBe("done");
  });
});
