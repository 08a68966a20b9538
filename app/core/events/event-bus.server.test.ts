import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "~/core/db/database.server";
import { LIVE_TABLES } from "~/features-registry";
import { createPostgresDatabase } from "../../../tests/support/test-databases";
import {
  createMemoryEventBus,
  createPostgresEventBus,
  LISTENER_NAME,
  type ChangeEvent,
  type EventBus,
} from "./event-bus.server";

const event: ChangeEvent = { table: "reviews", action: "insert", id: "7b0e4c1a-0000-4000-8000-000000000001" };

function nextEvent(bus: EventBus, timeoutMs = 3000): Promise<ChangeEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no event within timeout")), timeoutMs);
    const unsubscribe = bus.subscribe((received) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(received);
    });
  });
}

/** A database with the application's tables, as the server opens it before its bus. */
async function migratedDatabase(): Promise<string> {
  const url = await createPostgresDatabase();
  await (await openDatabase({ url })).close();
  return url;
}

const opened: EventBus[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()));
});

describe("in-process event bus", () => {
  it("delivers to every subscriber until it unsubscribes", async () => {
    const bus = createMemoryEventBus();
    opened.push(bus);
    const seen: ChangeEvent[] = [];
    const unsubscribe = bus.subscribe((e) => seen.push(e));
    const received = nextEvent(bus);
    await bus.publish(event);
    expect(await received).toEqual(event);
    unsubscribe();
    await bus.publish({ ...event, action: "delete" });
    expect(seen).toEqual([event]);
  });

  it("refuses malformed events, and a table no feature registered", async () => {
    const bus = createMemoryEventBus(LIVE_TABLES);
    opened.push(bus);
    await expect(bus.publish({ table: "users", action: "insert", id: "1" } as never)).rejects.toThrow();
    await expect(bus.publish({ table: "Reviews!", action: "insert", id: "1" } as never)).rejects.toThrow();
    await expect(bus.publish({ ...event, action: "upsert" } as never)).rejects.toThrow();
  });
});

describe("PostgreSQL LISTEN/NOTIFY event bus", () => {
  it("carries an event from one instance's connection to another's", async () => {
    const url = await migratedDatabase();
    const instanceA = await createPostgresEventBus(url);
    const instanceB = await createPostgresEventBus(url);
    opened.push(instanceA, instanceB);

    const atB = nextEvent(instanceB);
    const atA = nextEvent(instanceA);
    await instanceA.publish(event);
    expect(await atB).toEqual(event);
    // The publisher's own subscribers hear it too, once, as soon as it is published.
    expect(await atA).toEqual(event);
  });

  it("delivers an event to the publishing process once, before publish resolves", async () => {
    const url = await migratedDatabase();
    const bus = await createPostgresEventBus(url);
    const other = await createPostgresEventBus(url);
    opened.push(bus, other);
    const seen: ChangeEvent[] = [];
    bus.subscribe((e) => seen.push(e));
    const atOther = nextEvent(other);
    await bus.publish(event);
    expect(seen).toEqual([event]);
    // The notification has gone round the database by the time the other process hears it.
    await atOther;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([event]);
  });
});

describe("versions of the live tables", () => {
  it("rise with every change, agree between processes, and are read by a process started later", async () => {
    const url = await migratedDatabase();
    const instanceA = await createPostgresEventBus(url);
    const instanceB = await createPostgresEventBus(url);
    opened.push(instanceA, instanceB);
    expect(instanceA.versions()).toEqual({});

    const atB = nextEvent(instanceB);
    await instanceA.publish(event);
    await atB;
    const first = instanceA.versions().reviews!;
    expect(first).toBeGreaterThan(0);
    expect(instanceB.versions()).toEqual({ reviews: first });

    const again = nextEvent(instanceB);
    await instanceA.publish({ ...event, action: "update" });
    await again;
    expect(instanceA.versions().reviews).toBeGreaterThan(first);
    expect(instanceB.versions()).toEqual(instanceA.versions());

    const later = await createPostgresEventBus(url);
    opened.push(later);
    expect(later.versions()).toEqual(instanceA.versions());
  });

  it("a process that lost its listening connection announces what changed meanwhile", async () => {
    const url = await migratedDatabase();
    const listening = await createPostgresEventBus(url, undefined, LIVE_TABLES);
    const publishing = await createPostgresEventBus(url);
    opened.push(listening, publishing);

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Both processes' listening connections (the database restarting would drop them too).
      const { rows } = await admin.query<{ ended: boolean }>(
        "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and application_name = $1",
        [LISTENER_NAME],
      );
      expect(rows).toEqual([{ ended: true }, { ended: true }]);
    } finally {
      await admin.end();
    }
    const announced = new Set<string>();
    listening.subscribe((e) => announced.add(e.table));
    // Published while `listening` is not listening: its notification never reaches it.
    await publishing.publish({ table: "recipe_photos", action: "insert", id: "1" });
    await expect.poll(() => [...announced].sort(), { timeout: 10_000 }).toEqual([...LIVE_TABLES].sort());
    expect(listening.versions()).toEqual(publishing.versions());
  });
});

describe("a change whose announcement fails", () => {
  it("still reaches this process's subscribers, and the caller hears of the failure", async () => {
    const url = await migratedDatabase();
    const bus = await createPostgresEventBus(url);
    opened.push(bus);
    const seen: ChangeEvent[] = [];
    bus.subscribe((e) => seen.push(e));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // The announcement's statement cannot run.
      await admin.query("alter table live_versions rename to live_versions_away");
    } finally {
      await admin.end();
    }
    await expect(bus.publish(event)).rejects.toThrow();
    expect(seen).toEqual([event]);
  });
});
