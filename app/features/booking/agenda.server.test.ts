import ICAL from "ical.js";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { appointments, bookingSettings, visitTypes } from "./schema";
import { mailOutbox } from "~/core/db/schema";
import { reviewInvitations } from "~/features/reviews/schema";
import { createQueueOnlyMailer } from "../../../tests/support/outbox";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { hashInvitationToken } from "~/features/reviews/review-invitations.server";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { agendaActionSchema } from "./agenda-schema";
import { type AgendaDeps, agendaAction } from "./agenda.server";
import { agendaWeek, loadAgenda, loadRecentVisits, loadRequests } from "./agenda-view.server";
import { AGENDA_MESSAGES } from "./messages";
import {
  bookingRepositories,
  testReviewInvitations,
  testSite,
  testSiteUrl,
  weekdayMornings,
} from "../../../tests/support/factory";

const hours = weekdayMornings;
const site = testSite;
// Sunday 6 January 2030, 10:00 in Italy.
const now = new Date("2030-01-06T09:00:00Z");
const patient = { name: "Maria Rossi", email: "maria@example.it", phone: "+39 333 123 4567" };

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("her agenda's actions (on PostgreSQL)", () => {
  let database: Database;
  let deps: AgendaDeps & Pick<ReturnType<typeof bookingRepositories>, "holidays">;
  let request: string;
  let immediate: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    deps = {
      ...bookingRepositories(database.db),
      mailer: await createQueueOnlyMailer(database),
      config: { siteUrl: testSiteUrl },
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
    await deps.bookingSettings.save({
      ...(await deps.bookingSettings.get()),
      bufferMinutes: 15,
      minimumNoticeHours: 12,
    });
    const base = { studioKeys: ["studio-di-milano"], durationMinutes: 60, priceCents: null, showPrice: false };
    const controllo = await deps.visitTypes.create({
      ...base,
      name: "Controllo",
      confirmation: "request",
      online: true,
      active: true,
    });
    const prima = await deps.visitTypes.create({
      ...base,
      name: "Prima visita",
      confirmation: "immediate",
      online: false,
      active: true,
    });
    request = controllo.id;
    immediate = prima.id;
  });

  /** As the route does: the form parsed by the agenda's schema, then her action. */
  const act = async (fields: Record<string, string>, at = now, onSite = site) => {
    const submission = parseSubmission(form(fields), agendaActionSchema);
    if (submission.status !== "success") return { ok: false as const, error: submission.error };
    return agendaAction(deps, submission.value, onSite, at);
  };

  const outbox = () => database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt));

  async function bookRequest(startsAt = "2030-01-07T09:00:00+01:00") {
    const booked = await deps.appointments.book(
      { visitTypeId: request, studioKey: "studio-di-milano", startsAt: new Date(startsAt), patient, note: null },
      { hours, now },
    );
    if (!booked.ok) throw new Error(booked.reason);
    return booked.value.appointment;
  }

  it("lists today and the coming days by day in Italy, with the pending count", async () => {
    const first = await bookRequest();
    await bookRequest("2030-01-08T11:00:00+01:00");
    const { days } = await loadAgenda(deps, site, now);
    expect(days.map((day) => [day.label, day.items.map((item) => item.time)])).toEqual([
      ["lunedì 7 gennaio 2030", ["09:00–10:00"]],
      ["martedì 8 gennaio 2030", ["11:00–12:00"]],
    ]);
    expect(days[0]!.items[0]).toMatchObject({
      id: first.id,
      place: "Studio di Milano",
      visitTypeName: "Controllo",
      statusLabel: "Da confermare",
      patientPhone: patient.phone,
      started: false,
    });
    expect(await deps.appointments.countPending(now)).toBe(2);
  });

  it("lists every request the count counts, 40 days ahead too, the oldest request first, and moves week by week to its day", async () => {
    const far = await bookRequest("2030-02-15T09:00:00+01:00");
    const near = await bookRequest("2030-01-07T09:00:00+01:00");
    // The far one was asked a day before the near one.
    await database.db
      .update(appointments)
      .set({ createdAt: new Date(near.createdAt.getTime() - 86_400_000) })
      .where(eq(appointments.id, far.id));
    const requests = await loadRequests(deps, site, now);
    expect(requests.map((item) => [item.id, item.dayLabel, item.time])).toEqual([
      [far.id, "venerdì 15 febbraio 2030", "09:00–10:00"],
      [near.id, "lunedì 7 gennaio 2030", "09:00–10:00"],
    ]);
    expect(await deps.appointments.countPending(now)).toBe(requests.length);
    // Once the near one's time has passed, neither the count nor the list has it.
    const later = new Date("2030-01-07T10:00:00Z");
    expect((await loadRequests(deps, site, later)).map((item) => item.id)).toEqual([far.id]);
    expect(await deps.appointments.countPending(later)).toBe(1);

    const first = await loadAgenda(deps, site, now);
    expect(first).toMatchObject({ week: 0, previousWeek: null, nextWeek: 1, from: "domenica 6 gennaio 2030" });
    expect(first.days.map((day) => day.date)).toEqual(["2030-01-07"]);
    const fifth = await loadAgenda(deps, site, now, 5);
    expect(fifth).toMatchObject({ previousWeek: 4, nextWeek: 6, from: "domenica 10 febbraio 2030" });
    expect(fifth.days.map((day) => [day.label, day.items.map((item) => item.id)])).toEqual([
      ["venerdì 15 febbraio 2030", [far.id]],
    ]);
    // The horizon (60 days) bounds the pages: the last one shows its last day.
    const last = agendaWeek("99", 60);
    expect(last).toBe(7);
    expect(await loadAgenda(deps, site, now, last)).toMatchObject({ nextWeek: null, to: "sabato 9 marzo 2030" });
    expect([agendaWeek("-2", 60), agendaWeek("due", 60), agendaWeek(null, 60)]).toEqual([0, 0, 0]);
  });

  it("confirms a request and e-mails the patient a calendar file; a second confirm is refused", async () => {
    const booked = await bookRequest();
    const result = await act({ intent: "confirm", id: booked.id });
    expect(result).toMatchObject({ ok: true });
    const [mail] = await outbox();
    expect(mail).toMatchObject({ recipient: patient.email, subject: "Prenotazione confermata: Controllo" });
    const ics = mail!.attachments![0]!.content;
    const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!;
    expect(event.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(await act({ intent: "confirm", id: booked.id })).toMatchObject({
      ok: false,
      reason: "notPending",
    });
    expect(await deps.appointments.countPending(now)).toBe(0);
  });

  it("tells the price she shows in the confirmation and the phone booking's mail; the .ics names the practice as ORGANIZER", async () => {
    await database.db.update(visitTypes).set({ priceCents: 6000, showPrice: true }).where(eq(visitTypes.id, request));
    const withEmail = { ...site, email: "studio@example.it" };
    const booked = await bookRequest();
    expect(await agendaAction(deps, { intent: "confirm", id: booked.id }, withEmail, now)).toMatchObject({ ok: true });
    expect(
      await agendaAction(
        deps,
        {
          intent: "book",
          place: "studio-di-milano",
          visitTypeId: request,
          day: "2030-01-09",
          time: "10:00",
          ...patient,
          note: undefined,
        },
        withEmail,
        now,
      ),
    ).toMatchObject({ ok: true });
    const mails = await outbox();
    expect(mails.map((m) => m.subject)).toEqual([
      "Prenotazione confermata: Controllo",
      "Prenotazione confermata: Controllo",
    ]);
    for (const mail of mails) {
      expect(mail.text).toContain("Prezzo: 60 €");
      const event = new ICAL.Component(ICAL.parse(mail.attachments![0]!.content)).getFirstSubcomponent("vevent")!;
      const organizer = event.getFirstProperty("organizer")!;
      expect(organizer.getFirstValue()).toBe("mailto:studio@example.it");
      expect(organizer.getParameter("cn")).toBe("Dott.ssa Giulia Ferrari");
    }
  });

  it("plans the follow-up of a confirmed visit through her form, shows it on the visit, and cancels it", async () => {
    const booked = await bookRequest();
    await act({ intent: "confirm", id: booked.id });
    expect(await act({ intent: "follow_up", id: booked.id, weeks: "1", visitTypeId: immediate })).toMatchObject({
      ok: false,
    });
    expect(await act({ intent: "follow_up", id: booked.id, weeks: "8", visitTypeId: immediate })).toMatchObject({
      ok: true,
    });
    expect(await act({ intent: "follow_up", id: booked.id, weeks: "4", visitTypeId: immediate })).toMatchObject({
      ok: false,
      reason: "followUpRefused",
    });
    const page = await loadAgenda(deps, site, now);
    expect(page.days[0]!.items[0]!.followUp).toEqual({
      dueOn: "lunedì 4 marzo 2030",
      visitTypeName: "Prima visita",
      sentOn: null,
    });
    expect(await act({ intent: "follow_up_cancel", id: booked.id })).toMatchObject({ ok: true });
    expect(await act({ intent: "follow_up_cancel", id: booked.id })).toMatchObject({
      ok: false,
      reason: "followUpMissing",
    });
    expect((await loadAgenda(deps, site, now)).days[0]!.items[0]!.followUp).toBeNull();
  });

  it("declines and cancels with the patient told, freeing the time", async () => {
    const declined = await bookRequest();
    expect(await act({ intent: "decline", id: declined.id })).toMatchObject({
      ok: true,
    });
    const again = await bookRequest();
    expect(await act({ intent: "cancel", id: again.id })).toMatchObject({ ok: true });
    expect((await outbox()).map((m) => m.subject)).toEqual([
      "Richiesta non accettata: Controllo",
      "Visita annullata: Controllo",
    ]);
    expect((await deps.appointments.get(again.id))?.status).toBe("cancelled");
  });

  it("moves a visit to a time she chooses on Italy's clock, and refuses one that is held, next to the time", async () => {
    const first = await bookRequest();
    const other = await bookRequest("2030-01-07T11:00:00+01:00");
    const moved = await act({ intent: "move", id: first.id, day: "2030-01-09", time: "15:30" });
    expect(moved).toMatchObject({ ok: true });
    expect((await deps.appointments.get(first.id))?.startsAt.toISOString()).toBe("2030-01-09T14:30:00.000Z");
    expect((await outbox())[0]?.text).toContain("Prima era");
    const clash = await act({ intent: "move", id: first.id, day: "2030-01-07", time: "10:30" });
    expect(clash).toEqual({ ok: false, reason: "taken" });
    expect((await deps.appointments.get(other.id))?.startsAt.toISOString()).toBe("2030-01-07T10:00:00.000Z");
  });

  it("refuses a bad day or time with Italian messages and changes nothing", async () => {
    const first = await bookRequest();
    const result = await act({ intent: "move", id: first.id, day: "2030-02-30", time: "25:00" });
    expect(result.ok).toBe(false);
    expect("error" in result && result.error).toMatchObject({
      day: [AGENDA_MESSAGES.dayInvalid],
      time: [AGENDA_MESSAGES.timeInvalid],
    });
    expect(await outbox()).toEqual([]);
  });

  it("books by phone, confirmed, with the patient's e-mail carrying her links", async () => {
    const fields = {
      intent: "book",
      place: "studio-di-milano",
      visitTypeId: immediate,
      day: "2030-01-06",
      time: "18:00",
      ...patient,
      note: "",
    };
    expect(await act(fields)).toMatchObject({
      ok: true,
    });
    const [mail] = await outbox();
    expect(mail?.subject).toBe("Prenotazione confermata: Prima visita");
    expect(mail?.text).toMatch(/\/prenota\/gestisci\/[A-Za-z0-9_-]{43}\?cambia=1/);
    const refused = await act({ ...fields, time: "18:30" });
    expect(refused).toEqual({ ok: false, reason: "taken" });
    const bad = await act({ ...fields, email: "non-una-mail", name: "" });
    expect("error" in bad && bad.error).toMatchObject({
      email: ["Scrivi un indirizzo e-mail valido, per esempio nome@esempio.it."],
      name: ["Scrivi il tuo nome e cognome."],
    });
  });

  it("marks a confirmed visit that has begun as missed, and nothing else", async () => {
    const booked = await bookRequest();
    expect(await act({ intent: "no_show", id: booked.id })).toMatchObject({
      ok: false,
      reason: "noShowRefused",
    });
    await deps.appointments.confirm(booked.id);
    const later = new Date("2030-01-07T08:30:00Z");
    expect(await act({ intent: "no_show", id: booked.id }, later)).toMatchObject({
      ok: true,
    });
    const [day] = (await loadAgenda(deps, site, later)).days;
    expect(day?.items[0]).toMatchObject({ status: "no_show", statusLabel: "Non si è presentato", started: true });
  });

  it("invites the patient of a visit that took place to review it, once, in one transaction with the e-mail", async () => {
    const booked = await bookRequest();
    await deps.appointments.confirm(booked.id);
    await database.db.delete(mailOutbox);
    const invite = (at: Date, id = booked.id) => act({ intent: "review_invite", id }, at);
    // Before the visit's end: not yet, and the agenda offers no button.
    const during = new Date("2030-01-07T08:30:00Z");
    expect(await invite(during)).toEqual({ ok: false, reason: "reviewInviteRefused" });
    expect((await loadAgenda(deps, site, during)).days[0]?.items[0]?.reviewInvite).toBeNull();

    const after = new Date("2030-01-07T09:05:00Z");
    // With the reviews hidden on her site, no button and no invitation: its page would not be there.
    const hidden = { ...site, reviewsShown: false };
    expect((await loadAgenda(deps, hidden, after)).days[0]?.items[0]?.reviewInvite).toBeNull();
    expect(await act({ intent: "review_invite", id: booked.id }, after, hidden)).toEqual({
      ok: false,
      reason: "reviewsHidden",
    });
    expect(await database.db.select().from(reviewInvitations)).toEqual([]);
    expect((await loadAgenda(deps, site, after)).days[0]?.items[0]?.reviewInvite).toEqual({ sentOn: null });
    // Two presses at once: one invitation, one e-mail.
    const results = await Promise.all([invite(after), invite(after)]);
    expect(results.filter((r) => r.ok)).toEqual([{ ok: true, value: undefined }]);
    const invitations = await database.db.select().from(reviewInvitations);
    expect(invitations.map((i) => i.patientName)).toEqual([patient.name]);
    const mails = await outbox();
    expect(mails.map((m) => [m.recipient, m.subject])).toEqual([
      [patient.email, "Come è andata la visita con la Dott.ssa Giulia Ferrari?"],
    ]);
    const token = mails[0]!.text.match(/\/reviews\?invito=([A-Za-z0-9_-]{43})#lascia-recensione/)![1]!;
    expect(hashInvitationToken(token)).toBe(invitations[0]!.tokenHash);
    expect(mails[0]!.text).toContain(`Gentile ${patient.name},`);
    expect(mails[0]!.text).toContain("Il link vale 30 giorni e per una sola recensione");
    // No health data: not even the visit's type.
    expect(mails[0]!.text).not.toContain("Controllo");
    expect((await loadAgenda(deps, site, after)).days[0]?.items[0]?.reviewInvite).toEqual({ sentOn: "7 gennaio 2030" });
    expect(await invite(after)).toEqual({ ok: false, reason: "reviewInviteRefused" });

    // A visit marked missed is never invited; the visits of past days are listed for it the latest first.
    const missed = await bookRequest("2030-01-07T11:00:00+01:00");
    await deps.appointments.confirm(missed.id);
    await deps.appointments.markNoShow(missed.id, new Date("2030-01-07T10:30:00Z"));
    const evening = new Date("2030-01-07T18:00:00Z");
    expect(await invite(evening, missed.id)).toMatchObject({ ok: false });
    expect(await database.db.select().from(reviewInvitations)).toHaveLength(1);
    const recent = await loadRecentVisits(deps, site, new Date("2030-01-09T09:00:00Z"));
    expect(recent.map((day) => [day.label, day.items.map((item) => item.id)])).toEqual([
      ["lunedì 7 gennaio 2030", [booked.id]],
    ]);
  });
});
