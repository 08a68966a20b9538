import { asc, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { appointments, bookingSettings, timeOff, visitTypes, waitingListEntries, waitingListOpenings } from "./schema";
import { mailOutbox, rateLimitHits } from "~/core/db/schema";
import { openTestDatabase } from "../../../tests/support/test-databases";
import {
  bookingActionDeps,
  testSite,
  testSiteUrl,
  visitTypeData,
  waitingEntryData,
} from "../../../tests/support/factory";
import { cancelByLink, submitBooking } from "./booking-submission.server";
import { notifyFreedTimes, waitingListJob } from "./waiting-list-job.server";

// The waiting list on PostgreSQL. Sunday 6 January 2030, 10:00 in Italy; the
// Milan studio opens weekday mornings (9–13); a visit on Tuesday the 8th at 10:00 frees its time.
const now = new Date("2030-01-06T09:00:00Z");
const tuesday = (time: string) => new Date(`2030-01-08T${time}:00+01:00`);
const HOUR = 3_600_000;

describe("the waiting list (on PostgreSQL)", () => {
  let database: Database;
  let deps: Awaited<ReturnType<typeof bookingActionDeps>>;
  let typeId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    deps = await bookingActionDeps(database);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(waitingListEntries);
    await database.db.delete(waitingListOpenings);
    await database.db.delete(appointments);
    await database.db.delete(visitTypes);
    await database.db.delete(timeOff);
    await database.db.delete(bookingSettings);
    await database.db.delete(mailOutbox);
    await database.db.delete(rateLimitHits);
    await deps.bookingSettings.save({
      ...(await deps.bookingSettings.get()),
      mode: "site",
      bufferMinutes: 0,
      minimumNoticeHours: 0,
      cancellationLimitHours: 24,
    });
    typeId = (await deps.visitTypes.create(visitTypeData({ priceCents: 8000, showPrice: true }))).id;
  });

  /** Every free time of the Milan studio taken (Tuesday 9 to 13), the one at 10:00 by a patient who can cancel it. */
  async function fullWeekWithOneVisit() {
    // Her whole week off but Tuesday: only Tuesday's times matter.
    await deps.timeOff.add({ startsOn: "2030-01-06", endsOn: "2030-01-07", label: null });
    await deps.timeOff.add({ startsOn: "2030-01-09", endsOn: "2030-03-31", label: null });
    let token = "";
    for (const time of ["09:00", "10:00", "11:00", "12:00"]) {
      const booked = await deps.appointments.bookByPractitioner({
        visitTypeId: typeId,
        studioKey: "studio-di-milano",
        startsAt: tuesday(time),
        patient: { name: `Paziente ${time}`, email: "paziente@example.it", phone: "+39 333 123 4567" },
        note: null,
      });
      if (!booked.ok) throw new Error(`${time}: ${booked.reason}`);
      if (time === "10:00") token = booked.value.manageToken;
    }
    return token;
  }

  const runJob = () => deps.appointments.withJobLock("waiting-list", (tx) => notifyFreedTimes(deps, testSite, now, tx));
  const outboxTo = async (recipient: string) =>
    (await database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt))).filter(
      (mail) => mail.recipient === recipient,
    );
  const tokenIn = (text: string) => /[?&]lista=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  /** Joins in order, a minute apart: the oldest entry first. */
  async function join(entries: Partial<Parameters<typeof waitingEntryData>[1]>[]) {
    let at = now.getTime() - 60 * 60_000;
    for (const entry of entries) await deps.waitingList.join(waitingEntryData(typeId, entry), new Date((at += 60_000)));
  }

  it("mails the first three waiting whose weekdays and parts of day a freed time meets, oldest first, once", async () => {
    const token = await fullWeekWithOneVisit();
    await join([
      { name: "Solo lunedì", email: "lunedi@example.it", weekdays: [1] },
      { name: "Solo sera", email: "sera@example.it", dayParts: ["sera"] },
      { name: "Prima", email: "uno@example.it" },
      { name: "Seconda", email: "due@example.it", weekdays: [2], dayParts: ["mattina", "pomeriggio"] },
      { name: "Terza", email: "tre@example.it" },
      { name: "Quarta", email: "quattro@example.it" },
    ]);
    expect(await runJob()).toBe(0);

    expect(await cancelByLink(deps, token, { ...testSite, now })).toMatchObject({ ok: true });
    expect(await runJob()).toBe(3);
    for (const email of ["uno@example.it", "due@example.it", "tre@example.it"]) {
      const [mail] = await outboxTo(email);
      expect(mail?.subject).toBe("Si è liberato un orario: Prima visita");
      expect(mail?.text).toContain("martedì 8 gennaio 2030, ore 10:00");
      // The price she shows, as in every e-mail to a patient.
      expect(mail?.text).toMatch(/Prezzo: 80(,00)? €/);
      expect(mail?.text).toContain(
        `${testSiteUrl}/prenota?sede=studio-di-milano&visita=${typeId}&giorno=2030-01-08&lista=`,
      );
    }
    for (const email of ["lunedi@example.it", "sera@example.it", "quattro@example.it"])
      expect(await outboxTo(email)).toHaveLength(0);
    // The opening was claimed: a second run mails no one again.
    expect(await runJob()).toBe(0);
  });

  it("hears of a moved visit, her cancellation, a declined request, time off removed, a holiday reopened and a patron saint removed, each in its transaction", async () => {
    await fullWeekWithOneVisit();
    const [visit] = await database.db
      .select()
      .from(appointments)
      .where(eq(appointments.startsAt, tuesday("10:00")));
    const openings = () => database.db.select().from(waitingListOpenings);
    expect(await deps.appointments.moveByPractitioner(visit!.id, tuesday("13:30"))).toMatchObject({ ok: true });
    expect(await openings()).toMatchObject([{ startsAt: tuesday("10:00"), endsAt: tuesday("11:00") }]);
    await deps.appointments.cancel(visit!.id);
    expect(await openings()).toHaveLength(2);
    // A request she declines.
    const [request] = await database.db
      .select()
      .from(appointments)
      .where(eq(appointments.startsAt, tuesday("11:00")));
    await database.db.update(appointments).set({ status: "pending" }).where(eq(appointments.id, request!.id));
    expect(await deps.appointments.decline(request!.id)).toBeDefined();
    expect((await openings()).at(-1)).toMatchObject({ startsAt: tuesday("11:00"), endsAt: tuesday("12:00") });
    const [off] = await deps.timeOff.listFrom("2030-01-09");
    expect(await deps.timeOff.delete(off!.id)).toBe(true);
    expect((await openings()).at(-1)).toMatchObject({
      startsAt: new Date("2030-01-08T23:00:00Z"),
      endsAt: new Date("2030-03-31T22:00:00Z"),
    });
    // A holiday she reopens: its whole day in Italy (Christmas, in winter time); reopened twice, heard once.
    await deps.holidays.reopen("2030-12-25");
    await deps.holidays.reopen("2030-12-25");
    expect(await openings()).toHaveLength(5);
    expect((await openings()).at(-1)).toMatchObject({
      startsAt: new Date("2030-12-24T23:00:00Z"),
      endsAt: new Date("2030-12-25T23:00:00Z"),
    });
    // A studio's patron saint removed: its next day, from the day it is removed on (Milan, 2030-01-08).
    const patron = await deps.holidays.addPatron({ studioKey: "studio-di-milano", month: 1, day: 5, name: "Prova" });
    expect(await deps.holidays.removePatron(patron!.id, new Date("2030-01-08T09:00:00Z"))).toBe(true);
    expect(await deps.holidays.removePatron(patron!.id, new Date("2030-01-08T09:00:00Z"))).toBe(false);
    expect(await openings()).toHaveLength(6);
    expect((await openings()).at(-1)).toMatchObject({
      startsAt: new Date("2031-01-04T23:00:00Z"),
      endsAt: new Date("2031-01-05T23:00:00Z"),
    });
  });

  it("fills the booking from a link valid for the settings' hours, not after", async () => {
    const token = await fullWeekWithOneVisit();
    await join([{ name: "Prima", email: "uno@example.it" }]);
    await cancelByLink(deps, token, { ...testSite, now });
    await runJob();
    const link = tokenIn((await outboxTo("uno@example.it"))[0]!.text)!;
    expect(await deps.waitingList.findByLink(link, new Date(now.getTime() + 4 * HOUR - 1000))).toMatchObject({
      name: "Prima",
      email: "uno@example.it",
    });
    expect(await deps.waitingList.findByLink(link, new Date(now.getTime() + 4 * HOUR + 1000))).toBeUndefined();
    expect(await deps.waitingList.findByLink("x".repeat(43), now)).toBeUndefined();
  });

  it("gives the time to whoever books first: the second is told it is taken, and only the first leaves the list", async () => {
    const token = await fullWeekWithOneVisit();
    await join([
      { name: "Prima", email: "uno@example.it" },
      { name: "Seconda", email: "due@example.it" },
    ]);
    await cancelByLink(deps, token, { ...testSite, now });
    expect(await runJob()).toBe(2);
    const press = (name: string, email: string, clientIp: string) =>
      submitBooking(
        deps,
        {
          sede: "studio-di-milano",
          visita: typeId,
          ora: tuesday("10:00").toISOString(),
          name,
          email,
          phone: "+39 333 765 4321",
          consent: true,
        },
        { ...testSite, clientIp, now },
      );
    const [first, second] = await Promise.all([
      press("Prima", "uno@example.it", "203.0.113.1"),
      press("Seconda", "due@example.it", "203.0.113.2"),
    ]);
    const results = [first, second];
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ ok: false, reason: "taken" });
    const winner = first.ok ? "uno@example.it" : "due@example.it";
    const entries = await database.db.select().from(waitingListEntries);
    expect(entries.find((entry) => entry.patientEmail === winner)?.status).toBe("booked");
    expect(entries.find((entry) => entry.patientEmail !== winner)?.status).toBe("waiting");
  });

  it("deletes expired and booked entries in the job, keeps the others", async () => {
    const realNow = new Date();
    await deps.bookingSettings.save({ ...(await deps.bookingSettings.get()), waitingListExpiryDays: 30 });
    await deps.waitingList.join(
      waitingEntryData(typeId, { email: "scaduta@example.it" }),
      new Date(realNow.getTime() - 31 * 24 * HOUR),
    );
    await deps.waitingList.join(
      waitingEntryData(typeId, { email: "attesa@example.it" }),
      new Date(realNow.getTime() - 29 * 24 * HOUR),
    );
    await deps.waitingList.join(waitingEntryData(typeId, { email: "prenotato@example.it" }), realNow);
    await database.db
      .update(waitingListEntries)
      .set({ status: "booked" })
      .where(eq(waitingListEntries.patientEmail, "prenotato@example.it"));
    const job = waitingListJob({
      ...deps,
      withJobLock: deps.appointments.withJobLock,
      loadSite: async () => testSite,
    });
    await job.run({ slot: realNow, signal: new AbortController().signal, logger: pino({ level: "silent" }) });
    const left = await database.db.select({ email: waitingListEntries.patientEmail }).from(waitingListEntries);
    expect(left).toEqual([{ email: "attesa@example.it" }]);
  });

  it("joining again changes the preferences and keeps the place in the queue", async () => {
    await join([
      { name: "Prima", email: "uno@example.it" },
      { name: "Seconda", email: "due@example.it" },
    ]);
    await deps.waitingList.join(
      waitingEntryData(typeId, { name: "Prima", email: "UNO@example.it", dayParts: ["sera"] }),
      now,
    );
    const listed = await deps.waitingList.list(now);
    expect(listed.map((entry) => [entry.name, entry.dayParts])).toEqual([
      ["Prima", ["sera"]],
      ["Seconda", ["mattina"]],
    ]);
  });
});
