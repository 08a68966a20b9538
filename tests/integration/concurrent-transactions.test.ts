import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/core/config/env.server";
import { mailOutbox } from "~/core/db/schema";
import { agendaAction } from "~/features/booking/agenda.server";
import { freeDays } from "~/features/booking/availability";
import { cancelByLink, moveByLink, submitBooking } from "~/features/booking/booking-submission.server";
import { testSite, weekdayMornings } from "../support/factory";
import { submitReport } from "~/features/reviews/report-submission.server";
import { submitReview } from "~/features/reviews/review-submission.server";
import { MIN_FILL_MS } from "~/features/reviews/spam-guard";
import { type AppServices, closeServices, createServices } from "~/services.server";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";
import { createPostgresDatabase } from "../support/test-databases";
import { settledWithin } from "../support/within";

// Every write that queues an e-mail holds a pooled connection in its transaction: twenty of each at
// once, through the services as the server composes them, on a pool of one and of four, with the
// practitioner's notices going to MAIL_TO or (unset) to the practice address read from the site
// content. Before the fix, four bookings at once froze the pool for good.

// Sunday 6 January 2030, 10:00 in Italy: the free times are the weekday mornings after it.
const now = new Date("2030-01-06T09:00:00Z");
const EACH = 20;
/** Generous: each of the 160 writes takes milliseconds; a frozen pool never answers. */
const DEADLINE_MS = 30_000;

const patient = (i: number) => ({ name: `Paziente ${i}`, email: `paziente${i}@example.it`, phone: "+39 333 123 4567" });

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp.stop());

describe.each([
  { poolSize: 1, mailTo: undefined },
  { poolSize: 4, mailTo: undefined },
  { poolSize: 1, mailTo: "notifiche@example.it" },
  { poolSize: 4, mailTo: "notifiche@example.it" },
])("twenty of each write at once, pool of $poolSize, MAIL_TO $mailTo", ({ poolSize, mailTo }) => {
  let services: AppServices;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "concurrent-transactions-"));
    const config = loadConfig({
      DATABASE_URL: await createPostgresDatabase({ migrated: true }),
      DATABASE_POOL_SIZE: String(poolSize),
      DATA_DIR: dataDir,
      SITE_URL: "https://studio.test",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Sito <sito@studio.test>",
      ...(mailTo ? { MAIL_TO: mailTo } : {}),
    });
    // What is tested is that nothing waits for itself, not a page's bounds (decision 44): 160 writes
    // queued on one connection of a busy machine may take longer than a page may wait for one. A
    // write that waited for itself would still never finish, and fail the deadline below.
    const waits = DEADLINE_MS;
    services = await createServices(config, pino({ level: "silent" }), {
      connectMs: waits,
      statementMs: waits,
      lockMs: waits,
      idleInTransactionMs: waits,
      queryMs: waits,
    });
  });
  afterAll(async () => {
    // Bounded: after a freeze the pool would never close.
    await settledWithin([closeServices(services)], 10_000).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("all answer, each as it should, and every notice is queued for the practitioner's address", async () => {
    const s = services;
    await s.bookingSettings.save({
      ...(await s.bookingSettings.get()),
      mode: "site",
      bufferMinutes: 0,
      minimumNoticeHours: 1,
      cancellationLimitHours: 1,
    });
    const base = { studioKeys: ["studio-di-milano"], durationMinutes: 30, priceCents: null, showPrice: false };
    const request = await s.visitTypes.create({
      ...base,
      name: "Controllo",
      confirmation: "request",
      online: false,
      active: true,
    });
    const immediate = await s.visitTypes.create({
      ...base,
      name: "Prima visita",
      confirmation: "immediate",
      online: false,
      active: true,
    });

    // Free times that do not overlap one another: six sets of twenty.
    const input = (await s.appointments.availability(immediate.id, "studio-di-milano", weekdayMornings, now))!;
    const times: string[] = [];
    let free = 0;
    for (const { startsAt } of freeDays(input).flatMap((day) => day.times)) {
      if (Date.parse(startsAt) < free) continue;
      times.push(startsAt);
      free = Date.parse(startsAt) + 30 * 60_000;
    }
    expect(times.length).toBeGreaterThanOrEqual(6 * EACH);
    const take = () => times.splice(0, EACH);
    const book = async (typeId: string, startsAt: string, i: number) => {
      const booked = await s.appointments.book(
        {
          visitTypeId: typeId,
          studioKey: "studio-di-milano",
          startsAt: new Date(startsAt),
          patient: patient(i),
          note: null,
        },
        { hours: weekdayMornings, now },
      );
      if (!booked.ok) throw new Error(booked.reason);
      return booked;
    };
    const toConfirm: string[] = [];
    for (const [i, t] of take().entries()) toConfirm.push((await book(request.id, t, i)).value.appointment.id);
    const toDecline: string[] = [];
    for (const [i, t] of take().entries()) toDecline.push((await book(request.id, t, i)).value.appointment.id);
    const toCancel: string[] = [];
    for (const [i, t] of take().entries()) toCancel.push((await book(immediate.id, t, i)).value.manageToken);
    const toMove: string[] = [];
    for (const [i, t] of take().entries()) toMove.push((await book(immediate.id, t, i)).value.manageToken);
    const moveTargets = take();
    const newTimes = take();
    // Visits that took place, to invite to a review.
    const visited: string[] = [];
    for (let i = 0; i < EACH; i++) {
      const booked = await s.appointments.bookByPractitioner({
        visitTypeId: immediate.id,
        studioKey: "studio-di-milano",
        startsAt: new Date(Date.parse("2029-12-03T08:00:00Z") + i * 60 * 60_000),
        patient: patient(i),
        note: null,
      });
      if (!booked.ok) throw new Error(booked.reason);
      visited.push(booked.value.appointment.id);
    }
    const published: string[] = [];
    for (let i = 0; i < EACH; i++)
      published.push((await s.reviews.add({ name: `Lettrice ${i}`, content: "Brava", rating: 5 })).id);
    await s.database.db.delete(mailOutbox);

    const site = testSite;
    const indexes = Array.from({ length: EACH }, (_, i) => i);
    const writes: Promise<{ ok: boolean }>[] = [
      ...newTimes.map((ora, i) =>
        submitBooking(
          s,
          { sede: "studio-di-milano", visita: immediate.id, ora, ...patient(100 + i), consent: true },
          { ...site, clientIp: `198.51.100.${i}`, now },
        ),
      ),
      ...toCancel.map((token) => cancelByLink(s, token, { ...site, now })),
      ...toMove.map((token, i) => moveByLink(s, token, moveTargets[i]!, { ...site, now })),
      ...toConfirm.map((id) => agendaAction(s, { intent: "confirm", id }, site, now)),
      ...toDecline.map((id) => agendaAction(s, { intent: "decline", id }, site, now)),
      ...visited.map((id) => agendaAction(s, { intent: "review_invite", id }, site, now)),
      ...indexes.map((i) =>
        submitReview(s, {
          guard: { startToken: s.formTimer.stamp(Date.now() - MIN_FILL_MS - 1000) },
          review: { name: `Recensore ${i}`, content: "Percorso seguito con attenzione.", rating: 5, consent: true },
          clientIp: `203.0.113.${i}`,
        }),
      ),
      ...published.map((reviewId, i) =>
        submitReport(s, { reviewId, report: { reason: "offensive", details: null }, clientIp: `192.0.2.${i}` }),
      ),
    ];
    const results = await settledWithin(writes, DEADLINE_MS);
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    // Each refusal with the answer given, to show which write it was.
    expect(results.flatMap((r) => (r.status === "fulfilled" && !r.value.ok ? [r.value] : []))).toEqual([]);

    // The practitioner's notices: a booking, a cancellation and a move each, a review and a report.
    const address = mailTo ?? (await s.siteContent.current()).content.contact.email;
    const notices = await s.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, address));
    expect(notices).toHaveLength(5 * EACH);
  }, 120_000);
});
