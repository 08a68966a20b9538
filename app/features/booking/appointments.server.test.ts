import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { appointments, bookingSettings, timeOff, visitTypes } from "./schema";
import { type ChangeEvent, createMemoryEventBus } from "~/core/events/event-bus.server";
import { openTestDatabase } from "../../../tests/support/test-databases";
import {
  type AppointmentRepository,
  type BookingRequest,
  createAppointmentRepository,
  hashManageToken,
} from "./appointments.server";
import { freeDays } from "./availability";
import { weekdayMornings } from "../../../tests/support/factory";

const hours = weekdayMornings;
// Sunday 6 January 2030, 10:00 in Italy; Monday the 7th at 9:00 is 08:00 UTC.
const now = new Date("2030-01-06T09:00:00Z");
const monday = (time: string) => new Date(`2030-01-07T${time}:00+01:00`);

describe("appointment repository on PostgreSQL", () => {
  let database: Database;
  let repo: AppointmentRepository;
  const events: ChangeEvent[] = [];
  let firstVisit: string;
  let followUp: string;
  let online: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    const bus = createMemoryEventBus();
    bus.subscribe((event) => events.push(event));
    repo = createAppointmentRepository(database.db, bus);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(appointments);
    await database.db.delete(visitTypes);
    await database.db.delete(timeOff);
    await database.db.delete(bookingSettings);
    await database.db
      .insert(bookingSettings)
      .values({ bufferMinutes: 15, minimumNoticeHours: 12, horizonDays: 30, cancellationLimitHours: 24 });
    const types = await database.db
      .insert(visitTypes)
      .values([
        { name: "Prima visita", durationMinutes: 60, confirmation: "immediate", studioKeys: ["studio-di-milano"] },
        { name: "Controllo", durationMinutes: 30, confirmation: "request", studioKeys: ["studio-di-milano"] },
        { name: "Visita online", durationMinutes: 45, confirmation: "immediate", online: true },
      ])
      .returning();
    [firstVisit, followUp, online] = types.map((type) => type.id) as [string, string, string];
    events.length = 0;
  });

  const request = (overrides: Partial<BookingRequest> = {}): BookingRequest => ({
    visitTypeId: firstVisit,
    studioKey: "studio-di-milano",
    startsAt: monday("09:00"),
    patient: { name: "Maria Rossi", email: "maria.rossi@example.it", phone: "+39 333 123 4567" },
    note: null,
    ...overrides,
  });
  const book = (overrides: Partial<BookingRequest> = {}) => repo.book(request(overrides), { hours, now });
  async function booked(overrides: Partial<BookingRequest> = {}) {
    const result = await book(overrides);
    if (!result.ok) throw new Error(`not booked: ${result.reason}`);
    return result;
  }

  describe("booking a time", () => {
    it("stores the visit with the buffer after it, confirmed at once when the type says so, and announces it", async () => {
      const {
        value: { appointment, manageToken },
      } = await booked();
      expect(appointment).toMatchObject({
        visitTypeId: firstVisit,
        studioKey: "studio-di-milano",
        online: false,
        startsAt: monday("09:00"),
        endsAt: monday("10:00"),
        blockedUntil: monday("10:15"),
        status: "confirmed",
        patientName: "Maria Rossi",
        reminderSentAt: null,
      });
      expect(appointment).not.toHaveProperty("manageTokenHash");
      expect(events).toEqual([{ table: "booking", action: "insert", id: appointment.id }]);
      // Only the token's hash is stored.
      expect(manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [row] = await database.db.select().from(appointments).where(eq(appointments.id, appointment.id));
      expect(row!.manageTokenHash).toBe(hashManageToken(manageToken));
      expect(JSON.stringify(row)).not.toContain(manageToken);
    });

    it("makes a request of a type she confirms, and an online visit without a studio", async () => {
      expect((await booked({ visitTypeId: followUp })).value.appointment.status).toBe("pending");
      const visit = (await booked({ visitTypeId: online, studioKey: null, startsAt: monday("11:00") })).value
        .appointment;
      expect(visit).toMatchObject({ online: true, studioKey: null, status: "confirmed", endsAt: monday("11:45") });
    });

    it("takes the time away from the next visitor's free times", async () => {
      await booked();
      const input = await repo.availability(firstVisit, "studio-di-milano", hours, now);
      const times = freeDays(input!)
        .find((day) => day.date === "2030-01-07")!
        .times.map((t) => t.time);
      // 9:00–10:00 and its 15 minutes are taken; the next hour's visit starts at 10:15.
      expect(times).toEqual(["10:15", "10:30", "10:45", "11:00", "11:15", "11:30", "11:45", "12:00"]);
    });

    it("refuses a time taken meanwhile with a clear message", async () => {
      await booked();
      expect(await book({ startsAt: monday("09:30") })).toEqual({
        ok: false,
        reason: "taken",
      });
      // 10:00 falls in the first visit's buffer (until 10:15).
      expect(await book({ startsAt: monday("10:00") })).toMatchObject({ ok: false, reason: "taken" });
    });

    it("refuses, whatever the page sent, a time not offered: off the quarter hours, in the past, too soon, too far, closed, on time off", async () => {
      await database.db.insert(timeOff).values({ startsOn: "2030-01-08", endsOn: "2030-01-08", label: "Congresso" });
      for (const startsAt of [
        monday("09:05"),
        monday("12:30"), // would end after the closing
        new Date("2030-01-04T09:00:00Z"),
        new Date("2030-01-06T20:00:00Z"), // Sunday, closed, and within the 12 hours' notice
        new Date("2030-01-08T08:00:00Z"), // time off
        new Date("2030-03-04T08:00:00Z"), // beyond the 30 days
      ]) {
        expect(await book({ startsAt }), startsAt.toISOString()).toEqual({
          ok: false,
          reason: "unavailable",
        });
      }
      expect(await database.db.$count(appointments)).toBe(0);
      expect(events).toEqual([]);
    });

    it("refuses a visit type not offered at the place chosen, or no longer offered", async () => {
      const refused = { ok: false, reason: "visitTypeUnavailable" };
      expect(await book({ studioKey: "studio-di-monza" })).toEqual(refused);
      expect(await book({ studioKey: null })).toEqual(refused);
      expect(await book({ visitTypeId: online })).toEqual(refused);
      await database.db.update(visitTypes).set({ active: false }).where(eq(visitTypes.id, firstVisit));
      expect(await book()).toEqual(refused);
      expect(await book({ visitTypeId: "00000000-0000-4000-8000-000000000000" })).toEqual(refused);
    });

    it("writes nothing when what belongs with it fails", async () => {
      await expect(
        repo.book(request(), { hours, now }, async () => {
          throw new Error("the outbox is gone");
        }),
      ).rejects.toThrow("the outbox is gone");
      expect(await database.db.$count(appointments)).toBe(0);
    });

    it("gives exactly one of 20 patients booking the same time at once the time; the others are told it is taken", async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          book({ patient: { name: `Paziente ${i}`, email: `p${i}@example.it`, phone: `33300000${i}` } }),
        ),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.reason)).toEqual(
        Array(19).fill("taken"),
      );
      expect(await database.db.$count(appointments)).toBe(1);
    });

    it("gives one of 20 patients booking overlapping times at once (9:00 and 9:30, two types) a time", async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2
            ? book({ startsAt: monday("09:30"), visitTypeId: followUp })
            : book({ startsAt: monday("09:00"), visitTypeId: firstVisit }),
        ),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(await database.db.$count(appointments)).toBe(1);
    });
  });

  describe("the patient's link", () => {
    it("opens that booking only", async () => {
      const mine = await booked();
      await booked({ startsAt: monday("11:00"), patient: { name: "Luca Bianchi", email: "l@example.it", phone: "1" } });
      expect(await repo.findByManageToken(mine.value.manageToken)).toEqual(mine.value.appointment);
      expect(await repo.findByManageToken(mine.value.manageToken.slice(0, -1))).toBeUndefined();
      // One character changed (never to itself: a token ending in "A" would stay the same).
      const other = mine.value.manageToken.endsWith("A") ? "B" : "A";
      expect(await repo.findByManageToken(`${mine.value.manageToken.slice(0, -1)}${other}`)).toBeUndefined();
      expect(await repo.findByManageToken(hashManageToken(mine.value.manageToken))).toBeUndefined();
    });

    it("cancels up to the limit before the visit, freeing the time; then says it is cancelled already", async () => {
      const {
        value: { appointment, manageToken },
      } = await booked();
      events.length = 0;
      const dayBefore = new Date("2030-01-06T07:59:00Z"); // 24 hours and a minute before
      const result = await repo.cancelByPatient(manageToken, dayBefore);
      expect(result).toMatchObject({ ok: true, value: { appointment: { id: appointment.id, status: "cancelled" } } });
      expect(events).toEqual([{ table: "booking", action: "update", id: appointment.id }]);
      expect(await repo.cancelByPatient(manageToken, dayBefore)).toEqual({
        ok: false,
        reason: "inactive",
      });
      await booked();
    });

    it("refuses to cancel within the limit (24 hours here), saying to call the studio; an unknown link is said invalid", async () => {
      const {
        value: { manageToken },
      } = await booked();
      // Sunday 10:00 in Italy is 23 hours before Monday 9:00.
      expect(await repo.cancelByPatient(manageToken, now)).toEqual({
        ok: false,
        reason: "tooLate",
      });
      expect((await repo.cancelByPatient(manageToken, new Date("2030-01-06T08:00:00Z"))).ok).toBe(false);
      expect((await repo.cancelByPatient(manageToken, new Date("2030-01-06T07:59:59Z"))).ok).toBe(true);
      expect(await repo.cancelByPatient("x".repeat(43), now)).toEqual({
        ok: false,
        reason: "unknown",
      });
    });
  });

  describe("moving a visit by the patient's link", () => {
    it("moves it to another free time, freeing the old one, with the same link; the reminder is due again", async () => {
      const {
        value: { appointment, manageToken },
      } = await booked();
      await database.db.update(appointments).set({ reminderSentAt: now }).where(eq(appointments.id, appointment.id));
      events.length = 0;
      const seen: [string, string][] = [];
      const result = await repo.moveByPatient(
        manageToken,
        monday("11:00"),
        { hours, now: new Date("2030-01-06T07:00:00Z") },
        async (moved, _tx, previous) => {
          seen.push([previous.startsAt.toISOString(), moved.startsAt.toISOString()]);
        },
      );
      expect(result).toMatchObject({
        ok: true,
        value: {
          appointment: {
            id: appointment.id,
            startsAt: monday("11:00"),
            endsAt: monday("12:00"),
            blockedUntil: monday("12:15"),
            status: "confirmed",
            reminderSentAt: null,
          },
          previous: { startsAt: monday("09:00") },
        },
      });
      expect(seen).toEqual([[monday("09:00").toISOString(), monday("11:00").toISOString()]]);
      expect(events).toEqual([{ table: "booking", action: "update", id: appointment.id }]);
      expect((await repo.findByManageToken(manageToken))?.startsAt).toEqual(monday("11:00"));
      await booked({ startsAt: monday("09:00"), patient: { name: "Luca Bianchi", email: "l@example.it", phone: "1" } });
    });

    it("moves it to a time overlapping its own old one, which does not count as taken", async () => {
      const {
        value: { manageToken },
      } = await booked();
      const result = await repo.moveByPatient(manageToken, monday("09:30"), {
        hours,
        now: new Date("2030-01-06T07:00:00Z"),
      });
      expect(result).toMatchObject({ ok: true, value: { appointment: { startsAt: monday("09:30") } } });
    });

    it("makes a request of a type she confirms a request again", async () => {
      const {
        value: { appointment, manageToken },
      } = await booked({ visitTypeId: followUp });
      await repo.confirm(appointment.id);
      const result = await repo.moveByPatient(manageToken, monday("12:00"), {
        hours,
        now: new Date("2030-01-06T07:00:00Z"),
      });
      expect(result).toMatchObject({ ok: true, value: { appointment: { status: "pending" } } });
    });

    it("refuses a time taken or not offered, after the limit, once cancelled, or with an unknown link, changing nothing", async () => {
      const mine = await booked();
      await booked({ startsAt: monday("11:00"), patient: { name: "Luca Bianchi", email: "l@example.it", phone: "1" } });
      const early = { hours, now: new Date("2030-01-06T07:00:00Z") };
      expect(await repo.moveByPatient(mine.value.manageToken, monday("11:30"), early)).toEqual({
        ok: false,
        reason: "taken",
      });
      expect(await repo.moveByPatient(mine.value.manageToken, monday("11:10"), early)).toMatchObject({
        reason: "unavailable",
      });
      expect(await repo.moveByPatient(mine.value.manageToken, monday("12:00"), { hours, now })).toEqual({
        ok: false,
        reason: "tooLate",
      });
      expect(await repo.moveByPatient("x".repeat(43), monday("12:00"), early)).toMatchObject({ reason: "unknown" });
      expect((await repo.findByManageToken(mine.value.manageToken))?.startsAt).toEqual(monday("09:00"));
      await repo.cancel(mine.value.appointment.id);
      expect(await repo.moveByPatient(mine.value.manageToken, monday("12:00"), early)).toEqual({
        ok: false,
        reason: "inactive",
      });
    });

    it("gives one of a move and a booking racing for the same time the time", async () => {
      const {
        value: { manageToken },
      } = await booked();
      const early = new Date("2030-01-06T07:00:00Z");
      const results = await Promise.all([
        repo.moveByPatient(manageToken, monday("11:00"), { hours, now: early }),
        ...Array.from({ length: 9 }, () => repo.book(request({ startsAt: monday("11:00") }), { hours, now: early })),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(await database.db.$count(appointments)).toBe(results[0]!.ok ? 1 : 2);
    });
  });

  describe("reminders", () => {
    // Reminders at 18:00 in Italy, the day before.
    beforeEach(() => database.db.update(bookingSettings).set({ reminderTime: "18:00" }));
    const tuesday = (time: string) => new Date(`2030-01-08T${time}:00+01:00`);

    it("are due from the reminder time on the day before, once, and only for confirmed visits", async () => {
      const visit = (await repo.bookByPractitioner(request({ startsAt: tuesday("09:00") }))) as {
        ok: true;
        value: { appointment: { id: string } };
      };
      const request1 = await booked({ visitTypeId: followUp, startsAt: tuesday("11:00") });
      const cancelled = await repo.bookByPractitioner(request({ startsAt: tuesday("12:00"), visitTypeId: followUp }));
      if (cancelled.ok) await repo.cancel(cancelled.value.appointment.id);
      expect(request1.value.appointment.status).toBe("pending");

      expect(await repo.claimDueReminders(monday("17:59"))).toEqual([]);
      const sent: string[] = [];
      const due = await repo.claimDueReminders(monday("18:00"), async (row) => {
        sent.push(row.id);
      });
      expect(due.map((row) => row.id)).toEqual([visit.value.appointment.id]);
      expect(sent).toEqual([visit.value.appointment.id]);
      expect(due[0]!.reminderSentAt).toEqual(monday("18:00"));
      expect(await repo.claimDueReminders(monday("18:05"))).toEqual([]);
    });

    it("catch up on the visit's day if the job was not running, but not once the visit has begun", async () => {
      const early = await repo.bookByPractitioner(request({ startsAt: tuesday("09:00") }));
      const late = await repo.bookByPractitioner(request({ startsAt: tuesday("11:00") }));
      expect((await repo.claimDueReminders(tuesday("10:00"))).map((row) => row.id)).toEqual([
        late.ok && late.value.appointment.id,
      ]);
      expect(early.ok).toBe(true);
    });

    it("are not sent for a visit booked after its reminder time (it has just been confirmed)", async () => {
      const {
        value: { appointment },
      } = await booked({ startsAt: tuesday("09:00") });
      await database.db
        .update(appointments)
        .set({ createdAt: monday("18:30") })
        .where(eq(appointments.id, appointment.id));
      expect(await repo.claimDueReminders(monday("19:00"))).toEqual([]);
    });

    it("follow Italy's clock when it changes: 18:00 in summer time is 16:00 UTC", async () => {
      // Monday 1 April 2030, the day after the change (Sunday 31 March).
      const visit = await repo.bookByPractitioner(request({ startsAt: new Date("2030-04-01T07:00:00Z") }));
      expect(await repo.claimDueReminders(new Date("2030-03-31T15:59:00Z"))).toEqual([]);
      expect((await repo.claimDueReminders(new Date("2030-03-31T16:00:00Z"))).map((row) => row.id)).toEqual([
        visit.ok && visit.value.appointment.id,
      ]);
    });

    it("are claimed once when two runs race", async () => {
      await repo.bookByPractitioner(request({ startsAt: tuesday("09:00") }));
      const runs = await Promise.all(Array.from({ length: 5 }, () => repo.claimDueReminders(monday("18:00"))));
      expect(runs.flat()).toHaveLength(1);
    });
  });

  describe("the practitioner", () => {
    it("confirms or declines a request once; a declined request frees its time", async () => {
      const request1 = (await booked({ visitTypeId: followUp })).value.appointment;
      const request2 = (await booked({ visitTypeId: followUp, startsAt: monday("11:00") })).value.appointment;
      events.length = 0;
      expect(await repo.confirm(request1.id)).toMatchObject({ id: request1.id, status: "confirmed" });
      expect(await repo.confirm(request1.id)).toBeUndefined();
      expect(await repo.decline(request1.id)).toBeUndefined();
      expect(await repo.decline(request2.id)).toMatchObject({ status: "declined" });
      expect(events.map((e) => [e.action, e.id])).toEqual([
        ["update", request1.id],
        ["update", request2.id],
      ]);
      await booked({ startsAt: monday("11:00") });
    });

    it("cancels a visit at any time, with what belongs with it in the same transaction", async () => {
      const {
        value: { appointment },
      } = await booked();
      const seen: string[] = [];
      const cancelled = await repo.cancel(appointment.id, async (row, tx) => {
        seen.push(row.status);
        await tx.execute(sql`select 1`);
      });
      expect(cancelled).toMatchObject({ status: "cancelled" });
      expect(seen).toEqual(["cancelled"]);
      expect(await repo.cancel(appointment.id)).toBeUndefined();
    });

    it("adds a visit herself, confirmed, at any time even out of the hours, but never over a time held", async () => {
      await booked();
      const evening = await repo.bookByPractitioner(request({ startsAt: monday("19:30"), visitTypeId: followUp }));
      expect(evening).toMatchObject({
        ok: true,
        value: {
          appointment: { status: "confirmed", endsAt: monday("20:00"), blockedUntil: monday("20:15") },
        },
      });
      expect(evening.ok && evening.value.manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await repo.bookByPractitioner(request({ startsAt: monday("10:10") }))).toEqual({
        ok: false,
        reason: "taken",
      });
      expect(
        await repo.bookByPractitioner(request({ visitTypeId: "00000000-0000-4000-8000-000000000000" })),
      ).toMatchObject({
        reason: "visitTypeUnavailable",
      });
    });

    it("moves a visit to the time she chooses, keeping its length and status, never over a time held", async () => {
      const {
        value: { appointment },
      } = await booked({ visitTypeId: followUp });
      await booked({ startsAt: monday("11:00") });
      await database.db.update(appointments).set({ reminderSentAt: now }).where(eq(appointments.id, appointment.id));
      events.length = 0;
      const moved = await repo.moveByPractitioner(appointment.id, monday("18:00"));
      expect(moved).toMatchObject({
        ok: true,
        value: {
          appointment: {
            startsAt: monday("18:00"),
            endsAt: monday("18:30"),
            blockedUntil: monday("18:45"),
            status: "pending",
            reminderSentAt: null,
          },
          previous: { startsAt: monday("09:00") },
        },
      });
      expect(events).toEqual([{ table: "booking", action: "update", id: appointment.id }]);
      expect(await repo.moveByPractitioner(appointment.id, monday("11:30"))).toEqual({
        ok: false,
        reason: "taken",
      });
      await repo.cancel(appointment.id);
      expect(await repo.moveByPractitioner(appointment.id, monday("12:00"))).toMatchObject({
        ok: false,
        reason: "inactive",
      });
    });

    it("raises the calendar SEQUENCE with each change, in its transaction; a refused change leaves it", async () => {
      const {
        value: { appointment, manageToken },
      } = await booked({ visitTypeId: followUp });
      expect(appointment.sequence).toBe(0);
      const sequenceNow = async () =>
        (await database.db.select().from(appointments).where(eq(appointments.id, appointment.id)))[0]!.sequence;
      expect(await repo.moveByPractitioner(appointment.id, monday("18:00"))).toMatchObject({
        ok: true,
        value: {
          appointment: { sequence: 1 },
          previous: { sequence: 0 },
        },
      });
      expect(
        await repo.moveByPatient(manageToken, monday("10:00"), { hours, now: new Date("2030-01-03T08:00:00Z") }),
      ).toMatchObject({ ok: true, value: { appointment: { sequence: 2 } } });
      await booked({ startsAt: monday("11:00") });
      expect((await repo.moveByPractitioner(appointment.id, monday("11:00"))).ok).toBe(false);
      expect(await sequenceNow()).toBe(2);
      expect(await repo.cancel(appointment.id)).toMatchObject({ status: "cancelled", sequence: 3 });
      expect(await sequenceNow()).toBe(3);
    });

    it("marks a confirmed visit that has begun as missed", async () => {
      const {
        value: { appointment },
      } = await booked();
      expect(await repo.markNoShow(appointment.id, monday("08:59"))).toBeUndefined();
      expect(await repo.markNoShow(appointment.id, monday("09:10"))).toMatchObject({ status: "no_show" });
      expect(await repo.markNoShow(appointment.id, monday("09:10"))).toBeUndefined();
      // Its time is free again for whoever asks, e.g. her.
      expect((await repo.bookByPractitioner(request({ startsAt: monday("09:30") }))).ok).toBe(true);
    });

    it("deletes the appointments that ended longer ago than the retention period, whatever their status", async () => {
      const at = (iso: string, name: string) =>
        repo.bookByPractitioner(
          request({ startsAt: new Date(iso), patient: { name, email: "x@example.it", phone: "1" } }),
        );
      await at("2027-12-01T08:00:00Z", "Anna Vecchia"); // 25 months before
      const cancelled = await at("2027-12-02T08:00:00Z", "Bruno Vecchio");
      if (cancelled.ok) await repo.cancel(cancelled.value.appointment.id);
      await at("2028-01-06T08:00:00Z", "Carla Recente"); // ends exactly 24 months before now: kept
      await booked();
      expect(await repo.deleteExpired(now)).toBe(2);
      const left = await database.db.select({ name: appointments.patientName }).from(appointments);
      expect(left.map((row) => row.name).sort()).toEqual(["Carla Recente", "Maria Rossi"]);
      await database.db.update(bookingSettings).set({ retentionMonths: 1 });
      expect(await repo.deleteExpired(now)).toBe(1);
    });

    it("lists the coming appointments that hold their time, earliest first, with their type's name", async () => {
      const late = (await booked({ startsAt: monday("11:00") })).value.appointment;
      const early = (await booked({ visitTypeId: followUp })).value.appointment;
      const gone = (await booked({ visitTypeId: online, studioKey: null, startsAt: monday("12:15") })).value
        .appointment;
      await repo.cancel(gone.id);
      const agenda = await repo.listUpcoming(now);
      expect(agenda.map((entry) => [entry.id, entry.visitTypeName, entry.status])).toEqual([
        [early.id, "Controllo", "pending"],
        [late.id, "Prima visita", "confirmed"],
      ]);
      expect(agenda[0]).not.toHaveProperty("manageTokenHash");
      expect(await repo.listUpcoming(now, { until: monday("10:00") })).toHaveLength(1);
      expect(await repo.listUpcoming(monday("10:00"))).toHaveLength(1);
      expect((await repo.listUpcoming(now, { statuses: ["cancelled"] })).map((entry) => entry.id)).toEqual([gone.id]);
    });
  });
});
