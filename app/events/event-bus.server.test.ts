import { afterEach, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../../tests/support/test-databases";
import {
  createMemoryEventBus,
  createPostgresEventBus,
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

  it("refuses malformed events", async () => {
    const bus = createMemoryEventBus();
    opened.push(bus);
    await expect(bus.publish({ table: "users", action: "insert", id: "1" } as never)).rejects.toThrow();
  });
});

describe("PostgreSQL LISTEN/NOTIFY event bus", () => {
  it("carries an event from one instance's connection to another's", async () => {
    const url = await createPostgresDatabase();
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
    const url = await createPostgresDatabase();
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
