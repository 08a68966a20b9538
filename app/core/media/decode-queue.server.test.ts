import { describe, expect, it } from "vitest";
import { createDecodeQueue, DecodeQueueFullError } from "./decode-queue.server";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("decode queue", () => {
  it("runs at most `inFlight` jobs at once, queues `waiting` more in order, refuses the rest", async () => {
    const queue = createDecodeQueue({ inFlight: 2, waiting: 3, maxWaitMs: 5_000 });
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        queue.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await sleep(20);
          running--;
          order.push(i);
          return i;
        }),
      ),
    );
    expect(peak).toBe(2);
    const done = results.filter((r) => r.status === "fulfilled").map((r) => r.value);
    expect(done.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(order.slice(2)).toEqual([2, 3, 4]);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.reason).toBeInstanceOf(DecodeQueueFullError);
    expect(queue.running).toBe(0);
    expect(queue.waiting).toBe(0);
  });

  it("gives up on a job that waited too long, and frees its place in the line", async () => {
    const queue = createDecodeQueue({ inFlight: 1, waiting: 1, maxWaitMs: 30 });
    const long = queue.run(() => sleep(100));
    const late = queue.run(async () => "never");
    await expect(late).rejects.toBeInstanceOf(DecodeQueueFullError);
    expect(queue.waiting).toBe(0);
    await long;
    expect(await queue.run(async () => "next")).toBe("next");
  });

  it("frees the place of a job that failed", async () => {
    const queue = createDecodeQueue({ inFlight: 1, waiting: 0, maxWaitMs: 1_000 });
    await expect(queue.run(() => Promise.reject(new Error("corrupt")))).rejects.toThrow("corrupt");
    expect(await queue.run(async () => 1)).toBe(1);
  });
});
