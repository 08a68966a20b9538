import { afterEach, describe, expect, it, vi } from "vitest";
import { DecodeQueueFullError } from "~/core/media/decode-queue.server";
import { createSlotHolder, type SlotMessage, slotsOverChannel } from "./memory-slots.server";

const OPTIONS = { inFlight: 1, waiting: 4, maxWaitMs: 10_000 };

/** A holder, and the answers it sent to each owner in order. */
function holderWithInbox() {
  const holder = createSlotHolder(OPTIONS);
  const inbox = new Map<object, SlotMessage[]>();
  const ask = (owner: object, id: number) =>
    holder.receive(owner, { memorySlot: "ask", id }, (answer) => {
      inbox.set(owner, [...(inbox.get(owner) ?? []), answer]);
    });
  const done = (owner: object, id: number) => holder.receive(owner, { memorySlot: "done", id }, () => {});
  return { holder, inbox, ask, done };
}

/** Lets the holder's promises settle (grants and refusals are sent from them). */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("machine-wide slots for memory-heavy work", () => {
  afterEach(() => vi.useRealTimers());

  it("grants one slot at a time across processes, in the order asked", async () => {
    const { holder, inbox, ask, done } = holderWithInbox();
    const [a, b] = [{}, {}];
    ask(a, 1);
    ask(b, 1);
    ask(a, 2);
    await settled();
    expect(inbox.get(a)).toEqual([{ memorySlot: "granted", id: 1 }]);
    expect(inbox.get(b)).toBeUndefined();
    expect({ running: holder.running, waiting: holder.waiting }).toEqual({ running: 1, waiting: 2 });

    done(a, 1);
    await settled();
    expect(inbox.get(b)).toEqual([{ memorySlot: "granted", id: 1 }]);
    expect(inbox.get(a)).toHaveLength(1);
    done(b, 1);
    await settled();
    expect(inbox.get(a)).toEqual([
      { memorySlot: "granted", id: 1 },
      { memorySlot: "granted", id: 2 },
    ]);
  });

  it("refuses at once when four already wait for the machine", async () => {
    const { holder, inbox, ask } = holderWithInbox();
    const owners = [{}, {}];
    for (let id = 1; id <= 7; id++) ask(owners[id % 2]!, id);
    await settled();
    const answers = owners.flatMap((o) => inbox.get(o) ?? []);
    expect(answers.filter((m) => m.memorySlot === "granted")).toHaveLength(1);
    expect(answers.filter((m) => m.memorySlot === "refused").map((m) => m.id)).toEqual(expect.arrayContaining([6, 7]));
    expect({ running: holder.running, waiting: holder.waiting }).toEqual({ running: 1, waiting: 4 });
  });

  it("refuses a wait that lasts longer than 10 s", async () => {
    vi.useFakeTimers();
    const { holder, inbox, ask } = holderWithInbox();
    const [a, b] = [{}, {}];
    ask(a, 1);
    ask(b, 1);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(inbox.get(b)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(inbox.get(b)).toEqual([{ memorySlot: "refused", id: 1 }]);
    expect(holder.waiting).toBe(0);
  });

  it("frees the slots of a process that died, and does not grant what it still waited for", async () => {
    const { holder, inbox, ask } = holderWithInbox();
    const [dead, alive] = [{}, {}];
    ask(dead, 1);
    ask(dead, 2);
    ask(alive, 1);
    await settled();
    holder.forget(dead);
    await settled();
    expect(inbox.get(dead)).toEqual([{ memorySlot: "granted", id: 1 }]);
    expect(inbox.get(alive)).toEqual([{ memorySlot: "granted", id: 1 }]);
    expect({ running: holder.running, waiting: holder.waiting }).toEqual({ running: 1, waiting: 0 });
  });

  it("ignores malformed and other messages without throwing", async () => {
    const { holder, inbox } = holderWithInbox();
    const owner = {};
    for (const message of [
      null,
      "heartbeat",
      7,
      { database: "x" },
      { memorySlot: "ask" },
      { memorySlot: "ask", id: "1" },
      { memorySlot: "take", id: 1 },
      { memorySlot: "done", id: 99 },
    ]) {
      expect(() => holder.receive(owner, message, () => inbox.set(owner, []))).not.toThrow();
    }
    await settled();
    expect(inbox.get(owner)).toBeUndefined();
    expect({ running: holder.running, waiting: holder.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it("a server process asks before each job and gives the slot back after it, also when the job fails", async () => {
    const holder = createSlotHolder(OPTIONS);
    /** Two processes' channels to one holder, as the cluster's messages would carry them. */
    const processChannel = () => {
      const process = {};
      let deliver: (message: unknown) => void = () => {};
      return {
        send: (message: SlotMessage) => holder.receive(process, message, (answer) => deliver(answer)),
        onMessage: (listener: (message: unknown) => void) => (deliver = listener),
      };
    };
    const first = slotsOverChannel(OPTIONS, processChannel());
    const second = slotsOverChannel(OPTIONS, processChannel());

    let finish!: () => void;
    const running = first.run(() => new Promise<void>((resolve) => (finish = resolve)));
    const failing = second.run(() => Promise.reject(new Error("scrypt failed")));
    const waiting = [1, 2, 3].map(() => second.run(async () => "done"));
    const refused = first.run(async () => "never");
    await expect(refused).rejects.toBeInstanceOf(DecodeQueueFullError);
    expect({ running: holder.running, waiting: holder.waiting }).toEqual({ running: 1, waiting: 4 });

    finish();
    await running;
    await expect(failing).rejects.toThrow("scrypt failed");
    expect(await Promise.all(waiting)).toEqual(["done", "done", "done"]);
    expect({ running: holder.running, waiting: holder.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it("a server process stops waiting when the supervisor does not answer, and gives back a slot granted too late", async () => {
    vi.useFakeTimers();
    const sent: SlotMessage[] = [];
    let deliver: (message: unknown) => void = () => {};
    const slots = slotsOverChannel(OPTIONS, {
      send: (message) => sent.push(message),
      onMessage: (listener) => (deliver = listener),
    });
    const job = vi.fn(async () => "never");
    const outcome = slots.run(job).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(OPTIONS.maxWaitMs);
    expect(slots.waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await outcome).toBeInstanceOf(DecodeQueueFullError);
    expect(slots.waiting).toBe(0);

    deliver({ memorySlot: "granted", id: 1 });
    expect(sent).toEqual([
      { memorySlot: "ask", id: 1 },
      { memorySlot: "done", id: 1 },
    ]);
    expect(job).not.toHaveBeenCalled();
  });
});
