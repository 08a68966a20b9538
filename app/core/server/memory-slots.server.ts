// Slots for memory-heavy work shared by every server process of the machine (decision 45): the
// supervisor holds them and grants them over the cluster's message channel; each server asks for one
// before the work and gives it back after. A per-process queue would let N processes take N times the
// budget.
import cluster from "node:cluster";
import { createDecodeQueue, DecodeQueueFullError } from "~/core/media/decode-queue.server";

export type SlotOptions = Parameters<typeof createDecodeQueue>[0];

/** Worker → supervisor: "ask", "done"; supervisor → worker: "granted", "refused". */
export interface SlotMessage {
  memorySlot: "ask" | "done" | "granted" | "refused";
  id: number;
}

const KINDS: readonly string[] = ["ask", "done", "granted", "refused"] satisfies SlotMessage["memorySlot"][];

/** The slot message in `message`, or null for anything else (the channel carries other messages too). */
function slotMessage(message: unknown): SlotMessage | null {
  if (typeof message !== "object" || message === null) return null;
  const { memorySlot, id } = message as Record<string, unknown>;
  if (typeof memorySlot !== "string" || !KINDS.includes(memorySlot) || !Number.isSafeInteger(id)) return null;
  return { memorySlot, id } as SlotMessage;
}

/**
 * The supervisor's side: `inFlight` slots for the whole machine, `waiting` asks in arrival order
 * (the next one refused at once), each wait bounded by `maxWaitMs`. An owner is a server process.
 */
export function createSlotHolder(options: SlotOptions) {
  const queue = createDecodeQueue(options);
  /** The slots each owner holds, by its ask's id: calling one gives it back. */
  const held = new Map<object, Map<number, () => void>>();
  const gone = new WeakSet<object>();

  const ask = (owner: object, id: number, answer: (message: SlotMessage) => void) =>
    queue
      .run(
        () =>
          new Promise<void>((giveBack) => {
            const mine = held.get(owner) ?? new Map<number, () => void>();
            // Its process died while it waited, or the id is already in use: the slot is not kept.
            if (gone.has(owner) || mine.has(id)) return giveBack();
            mine.set(id, giveBack);
            held.set(owner, mine);
            answer({ memorySlot: "granted", id });
          }),
      )
      .catch(() => {
        if (!gone.has(owner)) answer({ memorySlot: "refused", id });
      });

  return {
    /** Handles `message` from `owner` if it is a slot message; anything else is left alone. */
    receive(owner: object, message: unknown, answer: (message: SlotMessage) => void): void {
      const slot = slotMessage(message);
      if (slot?.memorySlot === "ask") void ask(owner, slot.id, answer);
      else if (slot?.memorySlot === "done") {
        held.get(owner)?.get(slot.id)?.();
        held.get(owner)?.delete(slot.id);
      }
    },
    /** `owner` exited: every slot it holds is free again, and what it still waits for is not kept. */
    forget(owner: object): void {
      gone.add(owner);
      for (const giveBack of held.get(owner)?.values() ?? []) giveBack();
      held.delete(owner);
    },
    get running() {
      return queue.running;
    },
    get waiting() {
      return queue.waiting;
    },
  };
}

/** How a server process talks to the holder: its message channel to the supervisor. */
export interface SlotChannel {
  /** Calls `failed` when the message cannot be sent (the supervisor is gone). */
  send(message: SlotMessage, failed: () => void): void;
  onMessage(listener: (message: unknown) => void): void;
}

/** A server's wait outlasts the holder's own bound by this much, so the holder's answer comes first. */
const ANSWER_MARGIN_MS = 2_000;

/** The slots of the holder at the other end of `channel`, with the interface of `createDecodeQueue`. */
export function slotsOverChannel(options: SlotOptions, channel: SlotChannel) {
  let nextId = 0;
  let running = 0;
  const pending = new Map<number, (granted: boolean) => void>();
  const giveBack = (id: number) => channel.send({ memorySlot: "done", id }, () => {});
  channel.onMessage((message) => {
    const slot = slotMessage(message);
    if (slot?.memorySlot !== "granted" && slot?.memorySlot !== "refused") return;
    const answer = pending.get(slot.id);
    if (answer) answer(slot.memorySlot === "granted");
    // Granted after this process stopped waiting: given back at once, so it is never lost.
    else if (slot.memorySlot === "granted") giveBack(slot.id);
  });

  const acquire = (id: number) =>
    new Promise<boolean>((resolve) => {
      const settle = (granted: boolean) => {
        clearTimeout(timer);
        pending.delete(id);
        resolve(granted);
      };
      const timer = setTimeout(() => settle(false), options.maxWaitMs + ANSWER_MARGIN_MS);
      pending.set(id, settle);
      channel.send({ memorySlot: "ask", id }, () => settle(false));
    });

  return {
    /** Runs `job` once the holder grants a slot; rejects with DecodeQueueFullError when it refuses. */
    async run<T>(job: () => Promise<T>): Promise<T> {
      const id = ++nextId;
      if (!(await acquire(id))) throw new DecodeQueueFullError("no memory slot free on this machine");
      running++;
      try {
        return await job();
      } finally {
        running--;
        giveBack(id);
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return pending.size;
    },
  };
}

/** The channel of a cluster worker to its supervisor, or null in any other process. */
function supervisorChannel(): SlotChannel | null {
  if (!cluster.isWorker || !process.send) return null;
  return {
    send: (message, failed) => process.send!(message, undefined, undefined, (error) => error && failed()),
    onMessage: (listener) => process.on("message", listener),
  };
}

/**
 * Slots for memory-heavy work: the machine's (held by the supervisor, server/start.ts) in a server
 * process of `npm start`; a queue of this process's own in tests and scripts, which have no supervisor.
 */
export function memorySlots(options: SlotOptions, channel = supervisorChannel()) {
  return channel ? slotsOverChannel(options, channel) : createDecodeQueue(options);
}
