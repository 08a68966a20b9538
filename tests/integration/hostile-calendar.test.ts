import { eq } from "drizzle-orm";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/core/db/database.server";
import { calendarSources } from "~/features/booking/schema";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { createCalendarSourceRepository } from "~/features/booking/calendar-sources.server";
import { startAppServer, type AppServer } from "../support/app-server";
import { bookingRepositories, calendarSourceData, serveCalendars, visitTypeData } from "../support/factory";
import { HOSTILE_EVENT_START, slowRulesCalendar } from "../support/hostile-calendars";
import { createPostgresDatabase } from "../support/test-databases";

/** What a visitor waits at most for the booking page while the calendar is read. */
const ANSWER_WITHIN_MS = 1_000;
/** The worker's deadline (CALENDAR_WORKER_LIMITS), and the time to start it and store the failure. */
const FAILED_WITHIN_MS = 60_000 + 10_000;

/**
 * The production build (`npm start`'s server) reading a calendar made to keep ical.js busy for
 * minutes: the read happens in the built worker, the site answers throughout, the calendar ends as a
 * failed read, and a server started again does not read it again before its time.
 */
describe("a hostile calendar against the built server (PostgreSQL)", { timeout: 240_000 }, () => {
  let database: Database;
  let databaseUrl: string;
  let provider: Awaited<ReturnType<typeof serveCalendars>>;
  let server: AppServer | undefined;
  let sourceId: string;

  beforeAll(async () => {
    provider = await serveCalendars({ "ostile.ics": slowRulesCalendar(200) });
    databaseUrl = await createPostgresDatabase();
    database = await openDatabase({ url: databaseUrl });
    // Booking on, so /prenota computes free times (the busy times among what it reads).
    const booking = bookingRepositories(database.db);
    await booking.bookingSettings.save({ ...(await booking.bookingSettings.get()), mode: "site" });
    await booking.visitTypes.create(visitTypeData());
    const added = await createCalendarSourceRepository(database.db, createMemoryEventBus()).add(
      calendarSourceData({ url: provider.url("ostile.ics") }),
    );
    if (!added.ok) throw new Error(added.reason);
    sourceId = added.value.id;
  });
  afterAll(async () => {
    await server?.stop();
    await provider?.close();
    await database?.close();
  });

  const row = async () =>
    (await database.db.select().from(calendarSources).where(eq(calendarSources.id, sourceId)))[0]!;
  const env = () => ({ DATABASE_URL: databaseUrl, CALENDAR_FETCH_ALLOW_PRIVATE: "true", LOG_LEVEL: "info" });

  it("/prenota answers within a second while the calendar is read at start, and the read ends as a failure by its event's time", async () => {
    server = await startAppServer(env());
    const started = Date.now();
    const slowest: Array<{ status: number | null; ms: number }> = [];
    let seen = 0;
    while (!(await row()).lastFailure) {
      if (Date.now() - started > FAILED_WITHIN_MS) throw new Error(`no failure stored:\n${server.output()}`);
      const at = performance.now();
      const status = await fetch(`${server.url}/prenota?n=${seen++}`, { signal: AbortSignal.timeout(5_000) }).then(
        (response) => response.status,
        () => null,
      );
      slowest.push({ status, ms: performance.now() - at });
      await delay(100);
    }
    expect(provider.requests.map((request) => request.path)).toEqual(["ostile.ics"]);
    expect(seen).toBeGreaterThan(5);
    expect(slowest.filter((answer) => answer.status !== 200 || answer.ms > ANSWER_WITHIN_MS)).toEqual([]);
    const failed = await row();
    expect(failed).toMatchObject({
      lastFailure: "tooComplex",
      lastFailureEventAt: HOSTILE_EVENT_START,
      consecutiveFailures: 1,
    });
    expect(failed.nextReadAt!.getTime()).toBeGreaterThan(Date.now());
    // Its title never reaches a log.
    expect(server.output()).not.toContain("Segreto");
  });

  it("a server started again does not read the failed calendar before its time", async () => {
    await server!.stop();
    server = await startAppServer(env());
    const deadline = Date.now() + 30_000;
    while (!server.output().includes("calendars waiting to be read again after a failure")) {
      if (Date.now() > deadline) throw new Error(`the job did not run:\n${server.output()}`);
      await delay(100);
    }
    expect(provider.requests).toHaveLength(1);
    expect(await row()).toMatchObject({ consecutiveFailures: 1, lastFailure: "tooComplex" });
  });
});
