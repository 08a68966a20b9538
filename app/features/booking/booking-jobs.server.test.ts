import { asc } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "~/core/db/database.server";
import { appointments, bookingSettings, visitTypes } from "./schema";
import { mailOutbox } from "~/core/db/schema";
import { reviewInvitations } from "~/features/reviews/schema";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { createQueueOnlyMailer } from "../../../tests/support/outbox";
import { createPostgresDatabase, openTestDatabase } from "../../../tests/support/test-databases";
import { settledWithin } from "../../../tests/support/within";
import { type BookingJobDeps, sendDueReminders, sendDueReviewInvites, startBookingJobs } from "./booking-jobs.server";
import { createBookingSettingsRepository } from "./booking-settings.server";
import { bookingRepositories, testReviewInvitations, visitTypeData } from "../../../tests/support/factory";

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
  reviewsShown: true,
};

describe("the booking's jobs (on PostgreSQL)", () => {
  let database: Database;
  let deps: BookingJobDeps & Parameters<typeof sendDueReviewInvites>[0];

  beforeAll(async () => {
    database = await openTestDatabase();
    deps = {
      ...bookingRepositories(database.db),
      mailer: await createQueueOnlyMailer(database),
      createReviewInvitation: testReviewInvitations(database.db),
    };
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(appointments);
    await database.db.delete(visitTypes);
    await database.db.delete(bookingSettings);
    await database.db.delete(mailOutbox);
    await database.db.delete(reviewInvitations);
  });

  async function visitAt(startsAt: string, patientName = "Maria Rossi") {
    const type = await deps.visitTypes.create(visitTypeData());
    const booked = await deps.appointments.bookByPractitioner({
      visitTypeId: type.id,
      studioKey: "studio-di-milano",
      startsAt: new Date(startsAt),
      patient: { name: patientName, email: "maria@example.it", phone: "+39 333 123 4567" },
      note: null,
    });
    if (!booked.ok) throw new Error(booked.reason);
    return booked.value.appointment;
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
      reviewInviteNextDay: false,
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

  it("tells the visit's price in the reminder when she shows it", async () => {
    await createBookingSettingsRepository(database.db, createMemoryEventBus()).save({
      ...(await createBookingSettingsRepository(database.db, createMemoryEventBus()).get()),
      reminderTime: "18:00:00",
    });
    const visit = await visitAt("2099-07-07T10:00:00+02:00");
    await database.db.update(visitTypes).set({ priceCents: 8000, showPrice: true });
    expect(await sendDueReminders(deps, site, new Date("2099-07-06T16:00:00Z"))).toBe(1);
    const [mail] = await database.db.select().from(mailOutbox);
    expect(mail?.recipient).toBe("maria@example.it");
    expect(mail?.text).toContain("Prezzo: 80 €");
    expect(visit.status).toBe("confirmed");
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

  describe("the review invitation the day after", () => {
    const settings = () => createBookingSettingsRepository(database.db, createMemoryEventBus());
    const turnOn = async (on = true) => settings().save({ ...(await settings().get()), reviewInviteNextDay: on });
    const invitations = () => database.db.select().from(reviewInvitations);

    it("is sent from 10:00 in Italy the day after a visit that took place, once, even with two runs at once", async () => {
      // Tuesday 7 July 2099, 10:00–11:00 in Italy (UTC+2).
      const visit = await visitAt("2099-07-07T10:00:00+02:00");
      await deps.appointments.confirm(visit.id);
      // Off by default: nothing.
      expect(await sendDueReviewInvites(deps, site, new Date("2099-07-08T09:00:00Z"))).toBe(0);
      await turnOn();
      expect(await sendDueReviewInvites(deps, site, new Date("2099-07-07T20:00:00Z"))).toBe(0);
      expect(await sendDueReviewInvites(deps, site, new Date("2099-07-08T07:59:00Z"))).toBe(0);
      const at = new Date("2099-07-08T08:00:00Z");
      const runs = await Promise.all([sendDueReviewInvites(deps, site, at), sendDueReviewInvites(deps, site, at)]);
      expect(runs.sort()).toEqual([0, 1]);
      expect(await sendDueReviewInvites(deps, site, new Date("2099-07-08T09:00:00Z"))).toBe(0);
      expect((await invitations()).map((i) => i.patientName)).toEqual(["Maria Rossi"]);
      const mails = await database.db.select().from(mailOutbox);
      expect(mails.map((m) => [m.recipient, m.subject])).toEqual([
        ["maria@example.it", "Come è andata la visita con la Dott.ssa Giulia Ferrari?"],
      ]);
      expect((await deps.appointments.get(visit.id))?.reviewInvitedAt?.toISOString()).toBe(at.toISOString());
    });

    it("catches up a missed run until the end of the second day after, and never for missed or cancelled visits", async () => {
      await turnOn();
      const late = await visitAt("2099-07-07T10:00:00+02:00", "Anna Verdi");
      await deps.appointments.confirm(late.id);
      const missed = await visitAt("2099-07-07T12:00:00+02:00", "Luca Neri");
      await deps.appointments.confirm(missed.id);
      await deps.appointments.markNoShow(missed.id, new Date("2099-07-07T10:30:00Z"));
      const cancelled = await visitAt("2099-07-07T15:00:00+02:00", "Sara Bianchi");
      await deps.appointments.cancel(cancelled.id);
      const tooOld = await visitAt("2099-07-05T10:00:00+02:00", "Paolo Gialli");
      await deps.appointments.confirm(tooOld.id);
      // The server was down the whole of the 8th: at 23:30 in Italy on the 9th it catches up.
      expect(await sendDueReviewInvites(deps, site, new Date("2099-07-09T21:30:00Z"))).toBe(1);
      expect((await invitations()).map((i) => i.patientName)).toEqual(["Anna Verdi"]);
    });

    it("is not sent while she hides the reviews, and the visit is still invited once she shows them again", async () => {
      await turnOn();
      const visit = await visitAt("2099-07-07T10:00:00+02:00");
      await deps.appointments.confirm(visit.id);
      const at = new Date("2099-07-08T08:00:00Z");
      // Her site shows no reviews: an invitation would lead the patient to a page that is not there.
      expect(await sendDueReviewInvites(deps, { ...site, reviewsShown: false }, at)).toBe(0);
      expect(await invitations()).toEqual([]);
      expect(await database.db.select().from(mailOutbox)).toEqual([]);
      expect((await deps.appointments.get(visit.id))?.reviewInvitedAt).toBeNull();
      expect(await sendDueReviewInvites(deps, site, new Date("2099-07-08T09:00:00Z"))).toBe(1);
    });
  });
});

// The jobs run their work inside their lock's transaction: on a pool of one, anything they read
// through the pool meanwhile would wait for the lock's own connection for ever.
describe("the booking's jobs on a pool of one", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ url: await createPostgresDatabase({ migrated: true }), poolSize: 1 });
  });
  afterAll(() => database.close());

  it("queue the reminder due at start, through the lock's transaction, then send", async () => {
    const repositories = bookingRepositories(database.db);
    await repositories.bookingSettings.save({
      ...(await repositories.bookingSettings.get()),
      reminderTime: "00:00:00",
    });
    const type = await repositories.visitTypes.create(visitTypeData());
    // In twelve hours: its reminder (midnight the day before, in Italy) is due, and it was booked days ago.
    const booked = await repositories.appointments.bookByPractitioner({
      visitTypeId: type.id,
      studioKey: "studio-di-milano",
      startsAt: new Date(Date.now() + 12 * 60 * 60_000),
      patient: { name: "Maria Rossi", email: "maria@example.it", phone: "+39 333 123 4567" },
      note: null,
    });
    if (!booked.ok) throw new Error(booked.reason);
    await database.db.update(appointments).set({ createdAt: new Date(Date.now() - 3 * 86_400_000) });

    const mailer = await createQueueOnlyMailer(database);
    const logger = pino({ level: "silent" });
    // The job kicks the mailer once the reminder is committed: the signal to wait for; or it logs why not.
    const outcome = new Promise<void>((resolve, reject) => {
      mailer.kick = resolve;
      logger.error = ((details: unknown) => reject(details)) as typeof logger.error;
    });
    const jobs = startBookingJobs({
      ...repositories,
      mailer,
      createReviewInvitation: testReviewInvitations(database.db),
      logger,
      config: { siteUrl: "https://studio.test" },
      loadSite: async () => site,
    });
    try {
      expect(await settledWithin([outcome], 30_000)).toEqual([{ status: "fulfilled", value: undefined }]);
    } finally {
      jobs.stop();
    }
    const mails = await database.db.select().from(mailOutbox);
    // Twelve hours ahead is later today in Italy before noon, tomorrow after: the reminder says which.
    expect(mails.map((m) => m.recipient)).toEqual(["maria@example.it"]);
    expect(mails[0]!.subject).toMatch(/^Promemoria: Prima visita (domani|oggi alle \d\d:\d\d)$/);
  }, 60_000);
});
