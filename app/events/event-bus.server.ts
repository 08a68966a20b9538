import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import pg from "pg";
import { z } from "zod";
import { CHANGE_ACTIONS, type ChangeEvent, LIVE_TABLES } from "./change";

export type { ChangeEvent };

export const changeEventSchema = z.object({
  table: z.enum(LIVE_TABLES),
  action: z.enum(CHANGE_ACTIONS),
  id: z.string(),
}) satisfies z.ZodType<ChangeEvent>;
export type ChangeListener = (event: ChangeEvent) => void;

export interface EventBus {
  publish(event: ChangeEvent): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(listener: ChangeListener): () => void;
  close(): Promise<void>;
}

const CHANNEL = "app_changes";

/** Within one process: what the PostgreSQL bus hands its notifications to, and a fake for tests. */
export function createMemoryEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit(CHANNEL, changeEventSchema.parse(event));
    },
    subscribe(listener) {
      emitter.on(CHANNEL, listener);
      return () => emitter.off(CHANNEL, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Every server process of every instance on one PostgreSQL database: NOTIFY from one reaches the
 * LISTEN of all. A dedicated connection listens and reconnects after losing the server.
 */
export async function createPostgresEventBus(
  connectionString: string,
  onError: (error: unknown) => void = () => {},
): Promise<EventBus> {
  const local = createMemoryEventBus();
  const self = randomUUID();
  let closed = false;
  let listener: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on("notification", (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const { origin, ...event } = JSON.parse(message.payload) as { origin?: string };
        // Our own events were delivered here when published.
        if (origin === self) return;
        void local.publish(changeEventSchema.parse(event));
      } catch (error) {
        onError(error);
      }
    });
    client.on("error", (error) => {
      onError(error);
      scheduleReconnect();
    });
    client.on("end", () => scheduleReconnect());
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    listener = undefined;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((error) => {
        onError(error);
        scheduleReconnect();
      });
    }, 1000);
  };

  await connect();
  const publisher = new pg.Pool({ connectionString, max: 2 });
  publisher.on("error", onError);

  return {
    async publish(event) {
      const parsed = changeEventSchema.parse(event);
      await publisher.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify({ ...parsed, origin: self })]);
      // At once in this process: the request that made the change may be followed by one
      // (a redirect) that must already see it here, before the notification comes back.
      await local.publish(parsed);
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await local.close();
      await Promise.allSettled([listener?.end(), publisher.end()]);
    },
  };
}
