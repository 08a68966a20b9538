import { expect, test } from "../support/e2e-test";
import { appointments as appointmentsTable } from "~/features/booking/schema";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { createAppointmentRepository } from "~/features/booking/appointments.server";
import { createBookingSettingsRepository } from "~/features/booking/booking-settings.server";
import { createVisitTypeRepository } from "~/features/booking/visit-types.server";
import { newDataDir, type AppServer, startAppServer } from "../support/app-server";
import { openOutbox } from "../support/outbox";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";
import { visitTypeData } from "../support/factory";

// The day-before reminder, sent by the server's own job through the outbox to a real SMTP server:
// for a confirmed visit, never for a cancelled one. The job also runs as the server starts, so a
// reminder that fell due while it was down goes out as soon as it is back: what this test uses.

test.describe.configure({ timeout: 120_000 });

let smtp: TestSmtpServer;
let server: AppServer | undefined;

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

test("the day before, the reminder reaches the patient of a confirmed visit; a cancelled visit gets none", async () => {
  smtp = await startTestSmtpServer();
  const dataDir = newDataDir("e2e-reminder-");
  const database = await openSiteDatabase({ dataDir });
  try {
    const bus = createMemoryEventBus();
    const settings = createBookingSettingsRepository(database.db, bus);
    // Reminders at midnight of the day before: due already for tomorrow's visits.
    await settings.save({ ...(await settings.get()), mode: "site", reminderTime: "00:00:00" });
    const type = await createVisitTypeRepository(database.db, bus).create(
      visitTypeData({ name: "Visita di controllo", durationMinutes: 30 }),
    );
    const appointments = createAppointmentRepository(database.db, bus);
    // Tomorrow in Italy, at noon and one o'clock UTC (the same day there, summer or winter).
    const [year, month, day] = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" })
      .format(new Date())
      .split("-")
      .map(Number) as [number, number, number];
    const book = async (utcHour: number, name: string, email: string) => {
      const booked = await appointments.bookByPractitioner({
        visitTypeId: type.id,
        studioKey: "studio-di-milano",
        startsAt: new Date(Date.UTC(year, month - 1, day + 1, utcHour)),
        patient: { name, email, phone: "+39 333 765 4321" },
        note: null,
      });
      if (!booked.ok) throw new Error(booked.reason);
      return booked.value.appointment;
    };
    await book(12, "Anna Verdi", "anna@example.it");
    const cancelled = await book(13, "Luca Neri", "luca@example.it");
    expect((await appointments.cancel(cancelled.id))?.status).toBe("cancelled");
    // Booked days ago: a visit booked after its reminder time has just had its confirmation instead.
    await database.db.update(appointmentsTable).set({ createdAt: new Date(Date.now() - 3 * 86_400_000) });
  } finally {
    await database.close();
  }

  server = await startAppServer({ DATA_DIR: dataDir, SMTP_URL: smtp.url, MAIL_FROM: "sito@studio.test" });
  await expect
    .poll(() => smtp.received.some((m) => m.parsed.to?.[0]?.address === "anna@example.it"), { timeout: 60_000 })
    .toBe(true);
  const reminder = smtp.received.find((m) => m.parsed.to?.[0]?.address === "anna@example.it")!;
  expect(reminder.parsed.subject).toBe("Promemoria: Visita di controllo domani");
  expect(reminder.parsed.text).toContain("Gentile Anna Verdi,");
  expect(reminder.parsed.text).toContain("ti ricordo la visita di domani");
  expect(reminder.parsed.text).toContain("Studio di Milano");

  // The job queued both in one claim: the outbox holds the one reminder, for Anna only.
  const outbox = await openOutbox(dataDir);
  try {
    const rows = await outbox.withSubject("Promemoria: Visita di controllo domani");
    expect(rows.map((row) => row.recipient)).toEqual(["anna@example.it"]);
  } finally {
    await outbox.close();
  }
  expect(smtp.received.some((m) => m.parsed.to?.[0]?.address === "luca@example.it")).toBe(false);
});
