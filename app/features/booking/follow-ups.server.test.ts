import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { appointments, bookingSettings, followUps, visitTypes } from "./schema";
import { mailOutbox } from "~/core/db/schema";
import { createQueueOnlyMailer } from "../../../tests/support/outbox";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { bookingRepositories, testPatient, testSite, testSiteUrl, visitTypeData } from "../../../tests/support/factory";
import { personalDataIn } from "../../../tests/support/booking";
import { createDetailsLinks, filledDetails } from "./details-link.server";
import { type FollowUpJobDeps, followUpBookingUrl, sendDueFollowUps } from "./follow-up-jobs.server";

// Tuesday 7 July 2099, 10:00 in Italy: the visit the follow-ups are asked from.
const visitStart = "2099-07-07T10:00:00+02:00";
const visitDay = new Date("2099-07-07T12:00:00+02:00");

describe("the follow-up e-mail (on PostgreSQL)", () => {
  let database: Database;
  let repositories: ReturnType<typeof bookingRepositories>;
  let deps: FollowUpJobDeps;

  beforeAll(async () => {
    database = await openTestDatabase();
    repositories = bookingRepositories(database.db);
    deps = {
      followUps: repositories.followUps,
      mailer: await createQueueOnlyMailer(database),
      detailsLinks: createDetailsLinks("a-test-secret"),
      config: { siteUrl: testSiteUrl },
    };
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(appointments);
    await database.db.delete(visitTypes);
    await database.db.delete(bookingSettings);
    await database.db.delete(mailOutbox);
  });

  async function confirmedVisit() {
    const first = await repositories.visitTypes.create(visitTypeData());
    const control = await repositories.visitTypes.create(
      visitTypeData({ name: "Visita di controllo", durationMinutes: 30, priceCents: 5000, showPrice: true }),
    );
    const booked = await repositories.appointments.bookByPractitioner({
      visitTypeId: first.id,
      studioKey: "studio-di-milano",
      startsAt: new Date(visitStart),
      patient: testPatient,
      note: null,
    });
    if (!booked.ok) throw new Error(booked.reason);
    return { appointment: booked.value.appointment, control };
  }

  it("is planned from a confirmed visit, N weeks after its day; refused twice, for a request or a day gone", async () => {
    const { appointment, control } = await confirmedVisit();
    const plan = (weeks: number, now = visitDay, appointmentId = appointment.id) =>
      repositories.followUps.plan({ appointmentId, visitTypeId: control.id, weeks }, now);
    expect(await plan(6)).toBe(true);
    expect(await plan(4)).toBe(false);
    const planned = (await repositories.followUps.ofAppointments([appointment.id])).get(appointment.id);
    expect(planned).toMatchObject({ dueOn: "2099-08-18", visitTypeName: "Visita di controllo", sentAt: null });

    // She cancels it until it goes; then it can be asked again, but not for a day already gone.
    expect(await repositories.followUps.cancel(appointment.id)).toBe(true);
    expect(await repositories.followUps.cancel(appointment.id)).toBe(false);
    expect(await plan(2, new Date("2099-07-21T12:00:00+02:00"))).toBe(false);
    expect(await plan(2, new Date("2099-07-20T12:00:00+02:00"))).toBe(true);

    // A request not yet confirmed has no follow-up.
    const request = await repositories.appointments.bookByPractitioner({
      visitTypeId: control.id,
      studioKey: "studio-di-milano",
      startsAt: new Date("2099-07-08T10:00:00+02:00"),
      patient: { name: "Anna Verdi", email: "anna@example.it", phone: "+39 333 765 4321" },
      note: null,
    });
    if (!request.ok) throw new Error(request.reason);
    await database.db
      .update(appointments)
      .set({ status: "pending" })
      .where(eq(appointments.id, request.value.appointment.id));
    expect(await plan(6, visitDay, request.value.appointment.id)).toBe(false);
  });

  it("names a studio renamed since the visit by its new name's slug, not by its first key", () => {
    const renamed = testSite.places.map((place) =>
      place.key === "studio-di-milano" ? { ...place, name: "Studio di Padova", slug: "studio-di-padova" } : place,
    );
    const due = {
      appointmentId: "00000000-0000-4000-8000-000000000001",
      visitTypeId: "v",
      studioKey: "studio-di-milano",
    };
    const url = new URL(followUpBookingUrl(deps, due, renamed, visitDay));
    expect(url.searchParams.get("sede")).toBe("studio-di-padova");
    expect(url.href).not.toContain("milano");
  });

  it("when due, goes once even with two runs at once: its link opens /prenota on the type, her details filled", async () => {
    const { appointment, control } = await confirmedVisit();
    await repositories.followUps.plan({ appointmentId: appointment.id, visitTypeId: control.id, weeks: 6 }, visitDay);
    // Due on Tuesday 18 August 2099 in Italy: nothing the evening before (22:30 UTC is 00:30 there).
    expect(await sendDueFollowUps(deps, testSite, new Date("2099-08-17T21:59:00Z"))).toBe(0);
    const due = new Date("2099-08-17T22:30:00Z");
    const runs = await Promise.all([sendDueFollowUps(deps, testSite, due), sendDueFollowUps(deps, testSite, due)]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await sendDueFollowUps(deps, testSite, new Date("2099-08-19T09:00:00Z"))).toBe(0);

    const mails = await database.db.select().from(mailOutbox);
    expect(mails.map((m) => [m.recipient, m.replyTo, m.subject])).toEqual([
      ["maria@example.it", "studio@example.it", "È il momento di prenotare: Visita di controllo"],
    ]);
    const text = mails[0]!.text;
    expect(text).toContain("Gentile Maria Rossi,");
    expect(text).toContain("Prezzo: 50 €");
    const url = new URL(/Prenota la visita: (\S+)/.exec(text)![1]!);
    expect(`${url.origin}${url.pathname}`).toBe(`${testSiteUrl}/prenota`);
    expect(url.searchParams.get("visita")).toBe(control.id);
    expect(url.searchParams.get("sede")).toBe("studio-di-milano");
    expect(personalDataIn(url.search, testPatient)).toEqual([]);
    expect(await filledDetails({ ...deps, ...repositories }, url.searchParams.get("da"), due)).toMatchObject({
      name: "Maria Rossi",
      email: "maria@example.it",
      phone: "+39 333 123 4567",
    });
    const [row] = await database.db.select().from(followUps);
    expect(row?.sentAt?.toISOString()).toBe(due.toISOString());
  });

  it("goes with its appointment when the retention purge deletes it", async () => {
    const { appointment, control } = await confirmedVisit();
    await repositories.followUps.plan({ appointmentId: appointment.id, visitTypeId: control.id, weeks: 26 }, visitDay);
    // 24 months after the visit (the default retention), the appointment and its follow-up are gone.
    expect(await repositories.appointments.deleteExpired(new Date("2101-07-08T12:00:00Z"))).toBe(1);
    expect(await database.db.select().from(followUps)).toEqual([]);
  });
});
