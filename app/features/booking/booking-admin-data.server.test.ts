import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { appointments, bookingSettings, timeOff, visitTypes } from "./schema";
import { type ChangeEvent, createMemoryEventBus } from "~/core/events/event-bus.server";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { createBookingSettingsRepository, DEFAULT_BOOKING_SETTINGS } from "./booking-settings.server";
import { createTimeOffRepository } from "./time-off.server";
import { createVisitTypeRepository, type VisitTypeData } from "./visit-types.server";

const firstVisit: VisitTypeData = {
  name: "Prima visita",
  durationMinutes: 60,
  priceCents: 9000,
  showPrice: true,
  confirmation: "immediate",
  studioKeys: ["studio-di-milano", "studio-di-monza"],
  online: false,
  active: true,
};

describe("what she sets up for booking, on PostgreSQL", () => {
  let database: Database;
  const events: ChangeEvent[] = [];
  let types: ReturnType<typeof createVisitTypeRepository>;
  let offDays: ReturnType<typeof createTimeOffRepository>;
  let settings: ReturnType<typeof createBookingSettingsRepository>;

  beforeAll(async () => {
    database = await openTestDatabase();
    const bus = createMemoryEventBus();
    bus.subscribe((event) => events.push(event));
    types = createVisitTypeRepository(database.db, bus);
    offDays = createTimeOffRepository(database.db, bus);
    settings = createBookingSettingsRepository(database.db, bus);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(appointments);
    await database.db.delete(visitTypes);
    await database.db.delete(timeOff);
    await database.db.delete(bookingSettings);
    events.length = 0;
  });

  describe("visit types", () => {
    it("are created after the others, listed in her order, and announced", async () => {
      const first = await types.create(firstVisit);
      const followUp = await types.create({
        ...firstVisit,
        name: "Controllo",
        durationMinutes: 30,
        priceCents: null,
        showPrice: false,
      });
      const online = await types.create({ ...firstVisit, name: "Online", studioKeys: [], online: true });
      expect((await types.listAll()).map((t) => t.name)).toEqual(["Prima visita", "Controllo", "Online"]);
      expect(first).toMatchObject(firstVisit);
      expect(events).toEqual([first, followUp, online].map((t) => ({ table: "booking", action: "insert", id: t.id })));

      await types.reorder([online.id, first.id, followUp.id]);
      expect((await types.listAll()).map((t) => t.name)).toEqual(["Online", "Prima visita", "Controllo"]);
    });

    it("offered at a place are the active ones there", async () => {
      const first = await types.create(firstVisit);
      await types.create({ ...firstVisit, name: "Solo Monza", studioKeys: ["studio-di-monza"] });
      await types.create({ ...firstVisit, name: "Sospesa", active: false });
      const online = await types.create({ ...firstVisit, name: "Online", studioKeys: [], online: true });
      expect((await types.listOffered("studio-di-milano")).map((t) => t.id)).toEqual([first.id]);
      expect((await types.listOffered("studio-di-monza")).map((t) => t.name)).toEqual(["Prima visita", "Solo Monza"]);
      expect((await types.listOffered(null)).map((t) => t.id)).toEqual([online.id]);
    });

    it("are updated, and deleted only while no appointment uses them", async () => {
      const first = await types.create(firstVisit);
      expect(
        await types.update(first.id, { ...firstVisit, name: "Prima visita completa", active: false }),
      ).toMatchObject({
        name: "Prima visita completa",
        active: false,
      });
      await database.db.insert(appointments).values({
        visitTypeId: first.id,
        studioKey: "studio-di-milano",
        startsAt: new Date("2030-01-07T08:00:00Z"),
        endsAt: new Date("2030-01-07T09:00:00Z"),
        blockedUntil: new Date("2030-01-07T09:00:00Z"),
        status: "confirmed",
        patientName: "Maria Rossi",
        patientEmail: "maria@example.it",
        patientPhone: "1",
        manageTokenHash: "h",
      });
      expect(await types.delete(first.id)).toBe("in_use");
      await database.db.delete(appointments);
      expect(await types.delete(first.id)).toBe("deleted");
      expect(await types.delete(first.id)).toBe("missing");
      expect(await types.update(first.id, firstVisit)).toBeUndefined();
    });
  });

  describe("time off", () => {
    it("is listed from today, earliest first, added and deleted, each change announced", async () => {
      const past = await offDays.add({ startsOn: "2029-08-01", endsOn: "2029-08-20", label: "Estate" });
      const christmas = await offDays.add({ startsOn: "2029-12-24", endsOn: "2030-01-06", label: "Natale" });
      const congress = await offDays.add({ startsOn: "2030-01-20", endsOn: "2030-01-20", label: null });
      expect((await offDays.listFrom("2030-01-06")).map((off) => off.id)).toEqual([christmas.id, congress.id]);
      expect(await offDays.delete(past.id)).toBe(true);
      expect(await offDays.delete(past.id)).toBe(false);
      expect(events.map((e) => [e.action, e.id])).toEqual([
        ["insert", past.id],
        ["insert", christmas.id],
        ["insert", congress.id],
        ["delete", past.id],
      ]);
    });
  });

  describe("settings", () => {
    it("read as the defaults until saved, then as saved; the database refuses a value out of range", async () => {
      expect(await settings.get()).toEqual(DEFAULT_BOOKING_SETTINGS);
      const mine = { ...DEFAULT_BOOKING_SETTINGS, mode: "site" as const, bufferMinutes: 15, reminderTime: "17:30" };
      expect(await settings.save(mine)).toEqual({ ...mine, reminderTime: "17:30:00" });
      expect(await settings.save({ ...mine, horizonDays: 90 })).toMatchObject({ horizonDays: 90, bufferMinutes: 15 });
      expect(await settings.get()).toMatchObject({ mode: "site", horizonDays: 90 });
      expect(events).toEqual([
        { table: "booking", action: "update", id: "settings" },
        { table: "booking", action: "update", id: "settings" },
      ]);
      await expect(settings.save({ ...mine, horizonDays: 0 })).rejects.toThrow();
      expect(await database.db.$count(bookingSettings)).toBe(1);
    });
  });
});
