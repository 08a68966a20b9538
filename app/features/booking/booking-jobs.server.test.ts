import { asc } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { appointments, bookingSettings, mailOutbox, visitTypes } from "~/core/db/schema";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { createQueueOnlyMailer } from "../../../tests/support/outbox";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { createAppointmentRepository } from "./appointments.server";
import { type BookingJobDeps, sendDueReminders } from "./booking-jobs.server";
import { createBookingSettingsRepository } from "./booking-settings.server";
import { createVisitTypeRepository } from "./visit-types.server";

const site = {
  places: [
    {
      key: "studio-di-milano",
      name: "Studio di Milano",
      address: "Via Giuseppe Verdi 18, 20121 Milano (MI)",
      mapsUrl: "https://maps.example/milano",
      hours: { Monday: [], Tuesday: [], Wednesday: [], Thursday: [], Friday: [], Saturday: [], Sunday: [] },
    },
  ],
  practitionerName: "Dott.ssa Giulia Ferrari",
  phone: "+39 347 218 4590",
};

describe("the booking's jobs (on PostgreSQL)", () => {
  let database: Database;
  let deps: BookingJobDeps;

  beforeAll(async () => {
    database = await openTestDatabase();
    const bus = createMemoryEventBus();
    deps = {
      appointments: createAppointmentRepository(database.db, bus),
      visitTypes: createVisitTypeRepository(database.db, bus),
      mailer: await createQueueOnlyMailer(database),
    };
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(appointments);
    await database.db.delete(visitTypes);
    await database.db.delete(bookingSettings);
    await database.db.delete(mailOutbox);
  });

  async function visitAt(startsAt: string) {
    const type = await deps.visitTypes.create({
      name: "Prima visita",
      durationMinutes: 60,
      priceCents: null,
      showPrice: false,
      confirmation: "immediate",
      studioKeys: ["studio-di-milano"],
      online: false,
      active: true,
    });
    const booked = await deps.appointments.bookByPractitioner({
      visitTypeId: type.id,
      studioKey: "studio-di-milano",
      startsAt: new Date(startsAt),
      patient: { name: "Maria Rossi", email: "maria@example.it", phone: "+39 333 123 4567" },
      note: null,
    });
    if (!booked.ok) throw new Error(booked.message);
    return booked.appointment;
  }

  it("queues the day-before reminder once the reminder time has come, once", async () => {
    await createBookingSettingsRepository(database.db, createMemoryEventBus()).save({
      mode: "site",
      bufferMinutes: 0,
      minimumNoticeHours: 0,
      horizonDays: 60,
      cancellationLimitHours: 24,
      reminderTime: "18:00:00",
      retentionMonths: 24,
    });
    // Booked before the reminder time (created now, in 2026): Tuesday 7 July 2099 at 10:00 in Italy.
    await visitAt("2099-07-07T10:00:00+02:00");
    expect(await sendDueReminders(deps, site, new Date("2099-07-06T15:59:00Z"))).toBe(0);
    expect(await sendDueReminders(deps, site, new Date("2099-07-06T16:00:00Z"))).toBe(1);
    expect(await sendDueReminders(deps, site, new Date("2099-07-06T16:05:00Z"))).toBe(0);
    const mails = await database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt));
    expect(mails.map((m) => [m.recipient, m.subject])).toEqual([
      ["maria@example.it", "Promemoria: Prima visita domani"],
    ]);
    expect(mails[0]!.text).toContain("Via Giuseppe Verdi 18, 20121 Milano (MI)");
  });

  it("runs a job in one instance at a time: a second run while the first holds the lock does nothing", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = deps.appointments.withJobLock("retention", async () => {
      await held;
      return "first";
    });
    // The first has its lock once its transaction began; give it that moment by polling the second.
    let second: string | undefined = "not tried";
    for (let i = 0; i < 50 && second !== undefined; i++)
      second = await deps.appointments.withJobLock("retention", async () => "second");
    expect(second).toBeUndefined();
    release();
    expect(await first).toBe("first");
    expect(await deps.appointments.withJobLock("retention", async () => "again")).toBe("again");
  });
});
