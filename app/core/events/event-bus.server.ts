import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import pg from "pg";
import { z } from "zod";
import { boundedConnection, DATABASE_LIMITS } from "~/core/db/database.server";
import { CHANGE_ACTIONS, type ChangeEvent, type LiveTable, type LiveVersions } from "./change";

export type { ChangeEvent, LiveVersions };

/** A table's name as PostgreSQL spells one; which tables are live is the features' (LiveTableNames). */
const tableName = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/) as unknown as z.ZodType<LiveTable>;

export const changeEventSchema = z.object({
  table: tableName,
  action: z.enum(CHANGE_ACTIONS),
  id: z.string(),
}) satisfies z.ZodType<ChangeEvent>;

/**
 * The tables the features registered (app/features-registry.ts): an announcement of another is a
 * mistake, refused before it reaches a page. Without the list (a test's bus, a command that only
 * publishes) any table name passes.
 */
function registeredEvent(tables: readonly string[] | undefined) {
  return (event: ChangeEvent): ChangeEvent => {
    const parsed = changeEventSchema.parse(event);
    if (tables && !tables.includes(parsed.table)) throw new Error(`not a live table: ${parsed.table}`);
    return parsed;
  };
}
/** Called with each change and its table's version once the change is recorded. */
export type ChangeListener = (event: ChangeEvent, version: number) => void;

export interface EventBus {
  publish(event: ChangeEvent): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(listener: ChangeListener): () => void;
  /**
   * The newest change this process has delivered, per table. Everything a change wrote was
   * committed before it was announced, so a page rendered after reading these shows at least them.
   */
  versions(): LiveVersions;
  close(): Promise<void>;
}

const CHANNEL = "app_changes";
export const LISTENER_NAME = "live-events listener";

/** Hands events to this process's subscribers and keeps the newest version of each table. */
function createDelivery() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const versions: LiveVersions = {};
  return {
    versions,
    /** Records `version` for the event's table (never going back) and delivers the event. */
    deliver(event: ChangeEvent, version: number) {
      const newest = Math.max(versions[event.table] ?? 0, version);
      // A table never changed has no version, whether or not an event for it came by (a reconnect
      // announces every table); so two processes that saw the same changes report the same versions.
      if (newest > 0) versions[event.table] = newest;
      emitter.emit(CHANNEL, event, newest);
    },
    subscribe(listener: ChangeListener) {
      emitter.on(CHANNEL, listener);
      return () => emitter.off(CHANNEL, listener);
    },
    close() {
      emitter.removeAllListeners();
    },
  };
}

/** Within one process: a fake for tests, its versions counting the events published. */
export function createMemoryEventBus(tables?: readonly LiveTable[]): EventBus {
  const delivery = createDelivery();
  const check = registeredEvent(tables);
  let counter = 0;
  return {
    async publish(event) {
      delivery.deliver(check(event), ++counter);
    },
    subscribe: delivery.subscribe,
    versions: () => ({ ...delivery.versions }),
    async close() {
      delivery.close();
    },
  };
}

/** Stamps a table's new version with the database's clock, above the previous one, and announces it. */
const PUBLISH_SQL = `
  with bumped as (
    insert into live_versions (table_name, version)
    values ($1, (extract(epoch from clock_timestamp()) * 1000)::bigint)
    on conflict (table_name) do update set version = greatest(live_versions.version + 1, excluded.version)
    returning version
  )
  select version, pg_notify($2, ($3::jsonb || jsonb_build_object('version', version))::text) from bumped`;

/**
 * Every server process of every instance on one PostgreSQL database: NOTIFY from one reaches the
 * LISTEN of all. A dedicated connection listens and reconnects after losing the server.
 */
export async function createPostgresEventBus(
  connectionString: string,
  onError: (error: unknown) => void = () => {},
  /** The live tables (every feature's); without them a reconnect announces the tables ever changed. */
  tables?: readonly LiveTable[],
): Promise<EventBus> {
  const local = createDelivery();
  const check = registeredEvent(tables);
  const self = randomUUID();
  let closed = false;
  let listener: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  // After the first connection, a new one may have missed changes: it announces them.
  let reconnecting = false;

  const payloadSchema = changeEventSchema.extend({ origin: z.string().optional(), version: z.number() });

  /**
   * Reads every table's version when listening starts. On a reconnect every table is announced as
   * changed: the notifications sent meanwhile are lost, and a change whose announcement failed
   * while the database was unreachable left no newer version to compare with.
   */
  const catchUp = async (client: pg.Client, announce: boolean) => {
    const { rows } = await client.query<{ table_name: string; version: string }>(
      "select table_name, version from live_versions",
    );
    const stored = new Map(rows.map((row) => [row.table_name, Number(row.version)]));
    const known = tables ?? [...new Set([...stored.keys(), ...Object.keys(local.versions)])];
    for (const table of known as LiveTable[]) {
      const version = Math.max(stored.get(table) ?? 0, local.versions[table] ?? 0);
      if (announce) local.deliver({ table, action: "update", id: "" }, version);
      else if (version > 0) local.versions[table] = version;
    }
  };

  const connect = async (): Promise<void> => {
    // Named, so an operator can tell it in pg_stat_activity.
    const client = new pg.Client({
      ...boundedConnection(connectionString, DATABASE_LIMITS.request),
      application_name: LISTENER_NAME,
    });
    client.on("notification", (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const { origin, version, ...event } = payloadSchema.parse(JSON.parse(message.payload));
        // Our own events were delivered here when published.
        if (origin === self) return;
        local.deliver(check(event), version);
      } catch (error) {
        onError(error);
      }
    });
    client.on("error", (error) => {
      onError(error);
      scheduleReconnect();
    });
    client.on("end", () => scheduleReconnect());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      // Listening first: a change committed meanwhile is in the versions read, or arrives after.
      await catchUp(client, reconnecting);
    } catch (error) {
      // A connection that timed out may still be open: it must not go on delivering beside the next.
      client.removeAllListeners();
      client.on("error", () => {});
      await client.end().catch(() => {});
      throw error;
    }
    listener = client;
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    listener = undefined;
    reconnecting = true;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((error) => {
        onError(error);
        scheduleReconnect();
      });
    }, 1000);
  };

  await connect();
  const publisher = new pg.Pool({ ...boundedConnection(connectionString, DATABASE_LIMITS.request), max: 2 });
  publisher.on("error", onError);

  return {
    async publish(event) {
      const parsed = check(event);
      let version: number;
      try {
        const { rows } = await publisher.query<{ version: string }>(PUBLISH_SQL, [
          parsed.table,
          CHANNEL,
          JSON.stringify({ ...parsed, origin: self }),
        ]);
        version = Number(rows[0]!.version);
      } catch (error) {
        // This process's pages and cache still learn of it; the others when they reconnect.
        local.deliver(parsed, local.versions[parsed.table] ?? 0);
        throw error;
      }
      // At once in this process: the request that made the change may be followed by one
      // (a redirect) that must already see it here, before the notification comes back.
      local.deliver(parsed, version);
    },
    subscribe: local.subscribe,
    versions: () => ({ ...local.versions }),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      local.close();
      await Promise.allSettled([listener?.end(), publisher.end()]);
    },
  };
}
