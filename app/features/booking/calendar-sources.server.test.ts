import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { appointments, bookingSettings, calendarBusyIntervals, calendarSources, visitTypes } from "./schema";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { openTestDatabase } from "../../../tests/support/test-databases";
import {
  bookingRepositories,
  calendarFixture,
  calendarSourceData,
  calendarText,
  serveCalendars,
  testSite,
  visitTypeData,
  weekdayMornings,
} from "../../../tests/support/factory";
import { loadAgenda } from "./agenda-view.server";
import { freeDays } from "./availability";
import { type CalendarRefreshDeps, refreshCalendarSource, refreshCalendarSources } from "./calendar-refresh.server";
import { createCalendarSourceRepository, retryDelayMs } from "./calendar-sources.server";

/** Sunday 1 March 2026, 11:00 in Italy: the fixtures' events are in March and April. */
const MARCH = new Date("2026-03-01T10:00:00Z");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe("her other calendars, stored (on PostgreSQL)", () => {
  let database: Database;
  let provider: Awaited<ReturnType<typeof serveCalendars>>;
  let deps: CalendarRefreshDeps;
  let booking: ReturnType<typeof bookingRepositories>;

  beforeAll(async () => {
    database = await openTestDatabase();
    provider = await serveCalendars();
    booking = bookingRepositories(database.db);
    deps = {
      calendarSources: createCalendarSourceRepository(database.db, createMemoryEventBus()),
      bookingSettings: booking.bookingSettings,
      allowPrivate: true,
    };
  });
  afterAll(async () => {
    await provider.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.db.delete(calendarSources);
    await database.db.delete(appointments);
    await database.db.delete(visitTypes);
    await database.db.delete(bookingSettings);
    provider.requests.length = 0;
  });

  const intervals = (sourceId: string) =>
    database.db
      .select({ startsAt: calendarBusyIntervals.startsAt, endsAt: calendarBusyIntervals.endsAt })
      .from(calendarBusyIntervals)
      .where(eq(calendarBusyIntervals.sourceId, sourceId))
      .orderBy(asc(calendarBusyIntervals.startsAt));
  const row = async (id: string) => (await deps.calendarSources.find(id))!;
  async function added(name: string, data = {}) {
    const result = await deps.calendarSources.add(calendarSourceData({ url: provider.url(name), ...data }));
    if (!result.ok) throw new Error(result.reason);
    return result.value;
  }

  it("stores a calendar's busy times only, and keeps them when a conditional request is answered 304", async () => {
    provider.set("personale.ics", calendarFixture("google-weekly.ics"));
    const source = await added("personale.ics");
    expect(await refreshCalendarSources(deps, MARCH)).toMatchObject({ read: 1, unchanged: 0, failed: [] });
    const stored = await intervals(source.id);
    // Weekly on Mondays 9:00–10:00 from 2 March, one exception and one moved occurrence among them.
    expect(stored.length).toBeGreaterThan(5);
    expect(stored[0]).toEqual({
      startsAt: new Date("2026-03-02T08:00:00Z"),
      endsAt: new Date("2026-03-02T09:00:00Z"),
    });
    expect((await row(source.id)).lastReadAt).toEqual(MARCH);

    const later = new Date(MARCH.getTime() + 10 * MINUTE);
    expect(await refreshCalendarSources(deps, later)).toMatchObject({ read: 0, unchanged: 1 });
    expect(provider.requests.map((request) => request.conditional)).toEqual([false, true]);
    expect(await intervals(source.id)).toEqual(stored);
    expect((await row(source.id)).lastReadAt).toEqual(later);
  });

  it("reads the whole calendar again once a new day enters the horizon, not a conditional request", async () => {
    provider.set("personale.ics", calendarFixture("google-weekly.ics"));
    await added("personale.ics");
    await refreshCalendarSources(deps, MARCH);
    await refreshCalendarSources(deps, new Date(MARCH.getTime() + DAY));
    expect(provider.requests.map((request) => request.conditional)).toEqual([false, false]);
  });

  it("keeps the last known busy times when a read fails, and records why and when", async () => {
    provider.set("personale.ics", calendarFixture("google-weekly.ics"));
    const source = await added("personale.ics");
    await refreshCalendarSources(deps, MARCH);
    const stored = await intervals(source.id);

    provider.set("personale.ics", 500);
    const failedAt = new Date(MARCH.getTime() + 10 * MINUTE);
    expect(await refreshCalendarSources(deps, failedAt)).toMatchObject({
      failed: [{ id: source.id, reason: "httpStatus" }],
    });
    expect(await intervals(source.id)).toEqual(stored);
    expect(await row(source.id)).toMatchObject({
      lastReadAt: MARCH,
      lastFailure: "httpStatus",
      lastFailureStatus: 500,
      lastFailedAt: failedAt,
    });

    provider.set("personale.ics", "<html>Accedi</html>");
    await refreshCalendarSources(deps, new Date(failedAt.getTime() + 10 * MINUTE));
    expect(await row(source.id)).toMatchObject({ lastFailure: "notCalendar", lastFailureStatus: null });
    expect(await intervals(source.id)).toEqual(stored);

    provider.set("personale.ics", "silent");
    const slow = { ...deps, readLimits: { timeoutMs: 1_000 } };
    expect((await refreshCalendarSources(slow, new Date(failedAt.getTime() + 20 * MINUTE))).failed).toEqual([
      { id: source.id, reason: "timeout" },
    ]);
    expect(await intervals(source.id)).toEqual(stored);

    // Read again once its wait after three failures is over: the failure is forgotten.
    const { nextReadAt } = await row(source.id);
    provider.set("personale.ics", calendarFixture("google-weekly.ics"));
    await refreshCalendarSources(deps, nextReadAt!);
    expect(await row(source.id)).toMatchObject({
      lastFailure: null,
      lastFailedAt: null,
      consecutiveFailures: 0,
      nextReadAt: null,
    });
  });

  it("a calendar that failed waits before the job reads it again, longer after each failure, whoever reads the row", async () => {
    provider.set("personale.ics", 500);
    const source = await added("personale.ics");
    expect((await refreshCalendarSources(deps, MARCH)).failed).toHaveLength(1);
    expect(await row(source.id)).toMatchObject({
      consecutiveFailures: 1,
      nextReadAt: new Date(MARCH.getTime() + 5 * MINUTE),
    });

    // A server started again (another repository on the same rows) waits too: nothing fetched before its time.
    const restarted = { ...deps, calendarSources: createCalendarSourceRepository(database.db, createMemoryEventBus()) };
    const requested = provider.requests.length;
    expect(await refreshCalendarSources(restarted, new Date(MARCH.getTime() + 4 * MINUTE))).toMatchObject({
      read: 0,
      failed: [],
      waiting: 1,
    });
    expect(provider.requests.length).toBe(requested);

    const secondAt = new Date(MARCH.getTime() + 5 * MINUTE);
    expect((await refreshCalendarSources(restarted, secondAt)).failed).toHaveLength(1);
    expect(provider.requests.length).toBe(requested + 1);
    expect(await row(source.id)).toMatchObject({
      consecutiveFailures: 2,
      nextReadAt: new Date(secondAt.getTime() + 10 * MINUTE),
    });
    expect(retryDelayMs(3)).toBe(20 * MINUTE);
    expect(retryDelayMs(50)).toBe(6 * 60 * MINUTE);

    // Her "Aggiorna ora" reads it at once, and a read that works ends the wait.
    provider.set("personale.ics", calendarFixture("google-weekly.ics"));
    await refreshCalendarSource(restarted, await row(source.id), 60, new Date(secondAt.getTime() + MINUTE));
    expect(await row(source.id)).toMatchObject({ consecutiveFailures: 0, nextReadAt: null, lastFailure: null });
  });

  it("refuses a private address unless CALENDAR_FETCH_ALLOW_PRIVATE allows it", async () => {
    provider.set("personale.ics", calendarFixture("google-weekly.ics"));
    const source = await added("personale.ics");
    const result = await refreshCalendarSources({ ...deps, allowPrivate: false }, MARCH);
    // Plain http at a loopback address: refused before any request.
    expect(result.failed).toEqual([{ id: source.id, reason: "badScheme" }]);
    expect(provider.requests).toEqual([]);
    expect(await intervals(source.id)).toEqual([]);
  });

  it("deletes a removed calendar's busy times at once, and every busy time once it is over", async () => {
    provider.set("a.ics", calendarFixture("google-weekly.ics"));
    provider.set("b.ics", calendarFixture("google-weekly.ics"));
    const kept = await added("a.ics");
    const removed = await added("b.ics");
    await refreshCalendarSources(deps, MARCH);
    const before = (await intervals(kept.id)).length;
    expect(await deps.calendarSources.remove(removed.id)).toBe(true);
    expect(await intervals(removed.id)).toEqual([]);
    expect(await deps.calendarSources.remove(removed.id)).toBe(false);

    // Eight days later the first two Mondays (2 and 9 March) are over: the job deletes them, also
    // from a calendar it cannot read then (its other busy times kept).
    provider.set("a.ics", 500);
    const tally = await refreshCalendarSources(deps, new Date("2026-03-10T10:00:00Z"));
    expect(tally).toMatchObject({ deleted: 2, failed: [{ id: kept.id, reason: "httpStatus" }] });
    const left = await intervals(kept.id);
    expect(left.length).toBe(before - 2);
    expect(left.every((interval) => interval.endsAt > new Date("2026-03-10T10:00:00Z"))).toBe(true);
  });

  it("takes at most ten calendars", async () => {
    for (let i = 0; i < 10; i++) await added(`c${i}.ics`);
    const eleventh = await deps.calendarSources.add(calendarSourceData());
    expect(eleventh).toEqual({ ok: false, reason: "tooMany" });
    expect((await deps.calendarSources.list()).length).toBe(10);
  });

  it("counts the calendars not read for a day, for her to-do list", async () => {
    provider.set("personale.ics", calendarFixture("google-weekly.ics"));
    const read = await added("personale.ics");
    await deps.calendarSources.record(read.id, { status: "not_modified" }, MARCH);
    const dayAfter = new Date(MARCH.getTime() + DAY + MINUTE);
    expect(await deps.calendarSources.countUnreadSince(new Date(MARCH.getTime() - MINUTE))).toBe(0);
    expect(await deps.calendarSources.countUnreadSince(dayAfter)).toBe(1);
    // Never read, added a day ago: counted too.
    await added("nuovo.ics");
    expect(await deps.calendarSources.countUnreadSince(new Date(Date.now() + DAY))).toBe(2);
  });

  describe("the free times", () => {
    // Monday 14 December 2026, 8:00 in Italy (the 8th is a holiday); she is busy on Tuesday 10:00–11:00.
    const now = new Date("2026-12-14T07:00:00Z");
    const tuesdayAt = (time: string) => new Date(`2026-12-15T${time}:00+01:00`);
    const busyTuesday = calendarText([{ start: "2026-12-15T09:00:00Z", end: "2026-12-15T10:00:00Z" }]);
    const tuesdayTimes = async (typeId: string, studioKey: string | null) =>
      freeDays((await booking.appointments.availability(typeId, studioKey, weekdayMornings, now))!)
        .find((day) => day.date === "2026-12-15")!
        .times.map((time) => time.time);

    it("leave out the busy times of the calendars that block the place, and a booking into one is refused", async () => {
      provider.set("personale.ics", busyTuesday);
      const type = await booking.visitTypes.create(visitTypeData({ online: true }));
      const elsewhere = await added("personale.ics", { studioKeys: ["studio-di-monza"], blocksOnline: false });
      await refreshCalendarSources(deps, now);
      expect(await tuesdayTimes(type.id, "studio-di-milano")).toContain("10:00");
      expect(await tuesdayTimes(type.id, null)).toContain("10:00");

      await deps.calendarSources.remove(elsewhere.id);
      await added("personale.ics");
      await refreshCalendarSources(deps, now);
      for (const place of ["studio-di-milano", null]) {
        const times = await tuesdayTimes(type.id, place);
        // 9:00 and its ten minutes' buffer would meet 10:00; from 11:00 she is free.
        expect(times).not.toContain("09:00");
        expect(times).not.toContain("10:00");
        expect(times).toContain("11:00");
      }
      const patient = { name: "Maria Rossi", email: "maria@example.it", phone: "+39 333 123 4567" };
      const booked = await booking.appointments.book(
        { visitTypeId: type.id, studioKey: "studio-di-milano", startsAt: tuesdayAt("10:00"), patient, note: null },
        { hours: weekdayMornings, now },
      );
      expect(booked).toEqual({ ok: false, reason: "unavailable" });
    });

    it("a busy time over an appointment already taken marks it, and never cancels it", async () => {
      const type = await booking.visitTypes.create(visitTypeData());
      const patient = { name: "Maria Rossi", email: "maria@example.it", phone: "+39 333 123 4567" };
      const at = (startsAt: Date) =>
        booking.appointments.bookByPractitioner({
          visitTypeId: type.id,
          studioKey: "studio-di-milano",
          startsAt,
          patient,
          note: null,
        });
      const over = await at(tuesdayAt("10:30"));
      const clear = await at(tuesdayAt("12:00"));
      if (!over.ok || !clear.ok) throw new Error("not booked");
      provider.set("personale.ics", busyTuesday);
      await added("personale.ics");
      await refreshCalendarSources(deps, now);
      const ids = [over.value.appointment.id, clear.value.appointment.id];
      expect([...(await deps.calendarSources.overlapping(ids))]).toEqual([over.value.appointment.id]);
      // Her agenda says so on that visit alone.
      const { days } = await loadAgenda({ ...booking, calendarSources: deps.calendarSources }, testSite, now);
      expect(days.flatMap((day) => day.items).map((item) => [item.time, item.busyElsewhere])).toEqual([
        ["10:30–11:30", true],
        ["12:00–13:00", false],
      ]);
      const [still] = await database.db
        .select({ status: appointments.status })
        .from(appointments)
        .where(eq(appointments.id, over.value.appointment.id));
      expect(still?.status).toBe("confirmed");
    });
  });
});
