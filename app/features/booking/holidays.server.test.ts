import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { appointments, bookingSettings, holidayReopenings, patronDays, visitTypes } from "./schema";
import { type ChangeEvent, createMemoryEventBus } from "~/core/events/event-bus.server";
import { openTestDatabase } from "../../../tests/support/test-databases";
import {
  bookingRepositories,
  everyDayMornings as everyDay,
  testSite,
  visitTypeData,
} from "../../../tests/support/factory";
import { loadAgenda } from "./agenda-view.server";
import { freeDays } from "./availability";
import { holidaysAction } from "./holidays-admin.server";
import { createHolidayRepository } from "./holidays.server";

// The holidays on PostgreSQL: her reopened dates and the studios' patron saints as the repository
// keeps them, what the database refuses, and the free times and a booking read through the one
// input (availabilityInput), in the booking's own transaction.

// Friday 20 December 2030, 10:00 in Italy: Christmas is the Wednesday after.
const now = new Date("2030-12-20T09:00:00Z");
const patient = { name: "Maria Rossi", email: "maria@example.it", phone: "+39 333 123 4567" };

/** The PostgreSQL error's code and constraint a failed statement carries. */
async function refusedBy(statement: PromiseLike<unknown>) {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
    return { code: cause?.code, constraint: cause?.constraint };
  }
  throw new Error("not refused");
}

describe("holidays on PostgreSQL", () => {
  let database: Database;
  let deps: ReturnType<typeof bookingRepositories>;
  let typeId: string;
  const events: ChangeEvent[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    deps = bookingRepositories(database.db);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(appointments);
    await database.db.delete(visitTypes);
    await database.db.delete(bookingSettings);
    await database.db.delete(holidayReopenings);
    await database.db.delete(patronDays);
    await deps.bookingSettings.save({ ...(await deps.bookingSettings.get()), bufferMinutes: 0, minimumNoticeHours: 0 });
    const studioKeys = ["studio-di-milano", "studio-di-monza"];
    typeId = (await deps.visitTypes.create(visitTypeData({ online: true, studioKeys }))).id;
    events.length = 0;
  });

  /** The free times' count on a day at a place, as /prenota reads them. */
  async function timesOn(date: string, studioKey: string | null) {
    const input = await deps.appointments.availability(typeId, studioKey, everyDay, now);
    return freeDays(input!).find((day) => day.date === date)?.times.length;
  }

  it("keeps reopened dates once each and patron saints once per studio and day, announcing each change", async () => {
    const bus = createMemoryEventBus();
    bus.subscribe((event) => events.push(event));
    const holidays = createHolidayRepository(database.db, bus);
    await holidays.reopen("2030-12-25");
    await holidays.reopen("2030-12-25");
    await holidays.reopen("2031-01-06");
    expect(await holidays.reopenedBetween("2030-12-20", "2030-12-31")).toEqual(["2030-12-25"]);
    await holidays.closeAgain("2030-12-25");
    await holidays.closeAgain("2030-12-25");
    expect(await holidays.reopenedBetween("2030-12-01", "2031-12-31")).toEqual(["2031-01-06"]);

    const milano = { studioKey: "studio-di-milano", month: 12, day: 7, name: "Sant'Ambrogio" };
    const added = await holidays.addPatron(milano);
    expect(added).toMatchObject(milano);
    expect(await holidays.addPatron({ ...milano, name: "Un altro" })).toBeNull();
    await holidays.addPatron({ studioKey: "studio-di-monza", month: 6, day: 24, name: "San Giovanni Battista" });
    expect((await holidays.patrons()).map((p) => [p.studioKey, p.name])).toEqual([
      ["studio-di-milano", "Sant'Ambrogio"],
      ["studio-di-monza", "San Giovanni Battista"],
    ]);
    expect(await holidays.removePatron(added!.id)).toBe(true);
    expect(await holidays.removePatron(added!.id)).toBe(false);
    // One announcement per change made, none for what changed nothing; the pages revalidate on "booking".
    expect(events.map((event) => [event.table, event.action])).toEqual([
      ["booking", "insert"],
      ["booking", "insert"],
      ["booking", "delete"],
      ["booking", "insert"],
      ["booking", "insert"],
      ["booking", "delete"],
    ]);
  });

  it("refuses a patron saint on a day no year has, a studio key of another shape, a blank name", async () => {
    const patron = { studioKey: "studio-di-milano", month: 2, day: 29, name: "San Romano" };
    await database.db.insert(patronDays).values(patron);
    expect(await refusedBy(database.db.insert(patronDays).values({ ...patron, day: 30 }))).toEqual({
      code: "23514",
      constraint: "patron_days_date_valid",
    });
    expect(await refusedBy(database.db.insert(patronDays).values({ ...patron, month: 4, day: 31 }))).toEqual({
      code: "23514",
      constraint: "patron_days_date_valid",
    });
    expect(await refusedBy(database.db.insert(patronDays).values({ ...patron, studioKey: "Milano!" }))).toEqual({
      code: "23514",
      constraint: "patron_days_studio_key_format",
    });
    expect(await refusedBy(database.db.insert(patronDays).values({ ...patron, day: 1, name: "  " }))).toEqual({
      code: "23514",
      constraint: "patron_days_name_length",
    });
  });

  it("closes the free times on national holidays at every place, and opens the date she reopens", async () => {
    for (const place of ["studio-di-milano", null]) {
      expect(await timesOn("2030-12-24", place)).toBe(9);
      expect(await timesOn("2030-12-25", place)).toBe(0);
      expect(await timesOn("2030-12-26", place)).toBe(0);
      expect(await timesOn("2031-01-01", place)).toBe(0);
    }
    expect(await holidaysAction(deps, { intent: "holiday-reopen", date: "2030-12-26" }, [], "2030-12-20")).toEqual({
      ok: true,
      value: undefined,
    });
    expect(await timesOn("2030-12-26", "studio-di-milano")).toBe(9);
    expect(await timesOn("2030-12-26", null)).toBe(9);
    expect(await timesOn("2030-12-25", null)).toBe(0);
    await holidaysAction(deps, { intent: "holiday-close", date: "2030-12-26" }, [], "2030-12-20");
    expect(await timesOn("2030-12-26", null)).toBe(0);
  });

  it("closes a studio's patron saint at that studio only", async () => {
    const studios = ["studio-di-milano", "studio-di-monza"];
    const patron = {
      intent: "patron-add",
      studioKey: "studio-di-milano",
      month: 12,
      day: 23,
      name: "Santa Prova",
    } as const;
    expect(await holidaysAction(deps, patron, studios, "2030-12-20")).toMatchObject({ ok: true });
    expect(await holidaysAction(deps, patron, studios, "2030-12-20")).toEqual({ ok: false, reason: "patronExists" });
    expect(await holidaysAction(deps, { ...patron, studioKey: "studio-di-roma" }, studios, "2030-12-20")).toEqual({
      ok: false,
      reason: "studioInvalid",
    });
    expect(await timesOn("2030-12-23", "studio-di-milano")).toBe(0);
    expect(await timesOn("2030-12-23", "studio-di-monza")).toBe(9);
    expect(await timesOn("2030-12-23", null)).toBe(9);
  });

  it("refuses to reopen a day that is no holiday of the next 12 months", async () => {
    for (const date of ["2030-12-24", "2030-12-25", "2032-01-01"]) {
      const result = await holidaysAction(deps, { intent: "holiday-reopen", date }, [], "2030-12-26");
      expect(result, date).toEqual({ ok: false, reason: "notHoliday" });
    }
    expect(await deps.holidays.reopenedBetween("2030-01-01", "2032-12-31")).toEqual([]);
  });

  it("refuses a booking on a holiday in the booking's transaction, and takes it once she reopens the day", async () => {
    const christmas = new Date("2030-12-25T09:00:00+01:00");
    const book = () =>
      deps.appointments.book(
        { visitTypeId: typeId, studioKey: "studio-di-milano", startsAt: christmas, patient, note: null },
        { hours: everyDay, now },
      );
    expect(await book()).toEqual({ ok: false, reason: "unavailable" });
    expect(await database.db.$count(appointments)).toBe(0);
    await deps.holidays.reopen("2030-12-25");
    expect(await book()).toMatchObject({ ok: true });
  });

  it("marks the holidays on her agenda's days, the reopened ones said so", async () => {
    await deps.holidays.addPatron({ studioKey: "studio-di-milano", month: 12, day: 23, name: "Santa Prova" });
    await deps.holidays.reopen("2030-12-26");
    const page = await loadAgenda(deps, testSite, now);
    expect(page.holidays).toEqual([
      { date: "2030-12-23", label: "lunedì 23 dicembre 2030", text: "Festivo a Studio di Milano: Santa Prova" },
      { date: "2030-12-25", label: "mercoledì 25 dicembre 2030", text: "Festivo: Natale" },
      { date: "2030-12-26", label: "giovedì 26 dicembre 2030", text: "Festivo: Santo Stefano (riaperto)" },
      { date: "2031-01-01", label: "mercoledì 1 gennaio 2031", text: "Festivo: Capodanno" },
    ]);
  });
});
