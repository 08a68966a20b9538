import ICAL from "ical.js";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { appointments, bookingSettings, timeOff, visitTypes } from "./schema";
import { mailOutbox, rateLimitHits } from "~/core/db/schema";
import { REFUSED_POST_RULE } from "~/core/server/rate-limit.server";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readBookingStep } from "./booking-page.server";
import { bookingSchema, EMPTY_BOOKING_VALUES } from "./booking-schema";
import { publicRefusal } from "~/core/forms/public-refusal.server";
import { typedValues } from "~/core/forms/typed-values";
import { type BookingDeps, cancelByLink, moveByLink, submitBooking } from "./booking-submission.server";
import { readManagePage } from "./manage-page.server";
import { type DetailsLinks, filledDetails } from "./details-link.server";
import { BOOKING_FORM_MESSAGES } from "./messages";
import { bookingActionDeps, testPatient, testPlaces, testSite, testSiteUrl } from "../../../tests/support/factory";
import { personalDataIn } from "../../../tests/support/booking";

// Sunday 6 January 2030, 10:00 in Italy; Monday the 7th at 9:00 is 08:00 UTC.
const now = new Date("2030-01-06T09:00:00Z");
const monday = (time: string) => new Date(`2030-01-07T${time}:00+01:00`).toISOString();
const site = testSite;

describe("booking from the page (actions on PostgreSQL)", () => {
  let database: Database;
  let deps: BookingDeps & { detailsLinks: DetailsLinks };
  let firstVisit: string;
  let followUp: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    deps = await bookingActionDeps(database);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(appointments);
    await database.db.delete(visitTypes);
    await database.db.delete(timeOff);
    await database.db.delete(bookingSettings);
    await database.db.delete(mailOutbox);
    await database.db.delete(rateLimitHits);
    await deps.bookingSettings.save({
      ...(await deps.bookingSettings.get()),
      mode: "site",
      bufferMinutes: 15,
      minimumNoticeHours: 12,
      cancellationLimitHours: 24,
    });
    [firstVisit, followUp] = (
      await database.db
        .insert(visitTypes)
        .values([
          {
            name: "Prima visita",
            durationMinutes: 60,
            confirmation: "immediate",
            studioKeys: ["studio-di-milano"],
            priceCents: 8000,
            showPrice: true,
          },
          { name: "Controllo", durationMinutes: 30, confirmation: "request", studioKeys: ["studio-di-milano"] },
        ])
        .returning()
    ).map((t) => t.id) as [string, string];
  });

  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries({
      sede: "studio-di-milano",
      visita: firstVisit,
      ora: monday("09:00"),
      name: "Maria Rossi",
      email: "maria@example.it",
      phone: "+39 333 123 4567",
      note: "",
      consent: "on",
      ...fields,
    }))
      data.set(key, value);
    return data;
  };
  /** As the route does: the form parsed by the schema (a refusal counted against the address), then the booking. */
  const book = async (fields: Record<string, string> = {}, clientIp = "203.0.113.5") => {
    const submission = parseSubmission(form(fields), bookingSchema);
    if (submission.status !== "success") {
      const answer = { ok: false, message: "" };
      const { status } = await publicRefusal(
        deps.rateLimiter,
        clientIp,
        { answer, status: 400 },
        { answer, status: 429 },
      );
      return { ok: false as const, reason: status === 429 ? "rateLimited" : "invalid", error: submission.error };
    }
    return submitBooking(deps, submission.value, { ...site, clientIp, now });
  };
  const tokenOf = (result: Awaited<ReturnType<typeof book>>) => (result.ok ? result.value.manageToken : undefined);
  const outbox = () => database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt));

  it("books a free time, confirmed, and queues her e-mail with a valid calendar file and the practitioner's notice", async () => {
    const result = await book();
    expect(result).toMatchObject({ ok: true, value: { status: "confirmed" } });
    const manageToken = tokenOf(result);
    expect(manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const mails = await outbox();
    const patient = mails.find((m) => m.recipient === "maria@example.it")!;
    expect(patient.subject).toBe("Prenotazione confermata: Prima visita");
    expect(patient.text).toContain("Via Giuseppe Verdi 18, 20121 Milano (MI)");
    expect(patient.text).toContain("https://maps.example/milano");
    expect(patient.text).toContain(`${testSiteUrl}/prenota/gestisci/${manageToken}`);
    expect(patient.text).toContain(`/prenota/gestisci/${manageToken}?cambia=1`);
    const [file] = patient.attachments!;
    expect(file!.filename).toBe("visita.ics");
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(file!.content)).getFirstSubcomponent("vevent")!);
    expect(event.startDate.toJSDate().toISOString()).toBe(monday("09:00"));
    expect(event.endDate.toJSDate().toISOString()).toBe(monday("10:00"));

    const notice = mails.find((m) => m.recipient === "studio@example.it")!;
    expect(notice.subject).toBe("Nuova prenotazione: Maria Rossi");
    expect(notice.text).toContain("maria@example.it");
    const [booked] = await database.db.select().from(appointments);
    expect(notice.text).toContain(`Apri l'agenda: ${testSiteUrl}/admin/agenda#appuntamento-${booked!.id}`);
  });

  it("a type on request is received, not confirmed; her e-mail links to the request in her agenda", async () => {
    const result = await book({ visita: followUp });
    expect(result).toMatchObject({ ok: true, value: { status: "pending" } });
    const mails = await outbox();
    const patient = mails.find((m) => m.recipient === "maria@example.it")!;
    expect(patient.subject).toBe("Richiesta di prenotazione ricevuta: Controllo");
    const [request] = await database.db.select().from(appointments);
    const notice = mails.find((m) => m.recipient === "studio@example.it")!;
    expect(notice.subject).toBe("Nuova richiesta di prenotazione: Maria Rossi");
    expect(notice.text).toContain(`Rispondi alla richiesta: ${testSiteUrl}/admin/agenda#appuntamento-${request!.id}`);
    expect(notice.html).toContain(`href="${testSiteUrl}/admin/agenda#appuntamento-${request!.id}"`);
  });

  it("refuses each field with its Italian message, keeping what was typed", async () => {
    const typed = { name: "", email: "non-una-mail", phone: "abc", consent: "" };
    const result = await book(typed);
    expect(result).toMatchObject({ ok: false, reason: "invalid" });
    expect("error" in result && result.error).toMatchObject({
      name: [BOOKING_FORM_MESSAGES.nameRequired],
      email: [BOOKING_FORM_MESSAGES.emailInvalid],
      phone: [BOOKING_FORM_MESSAGES.phoneInvalid],
      consent: [BOOKING_FORM_MESSAGES.consent],
    });
    expect(typedValues(parseSubmission(form(typed), bookingSchema).reply(), EMPTY_BOOKING_VALUES)?.email).toBe(
      "non-una-mail",
    );
    expect(await outbox()).toEqual([]);
  });

  it("refuses a note too long and a time outside the hours or in the past, whatever the page sent", async () => {
    expect(await book({ note: "x".repeat(501) })).toMatchObject({
      error: { note: [BOOKING_FORM_MESSAGES.noteTooLong] },
    });
    expect(await book({ ora: monday("14:00") })).toMatchObject({ ok: false, reason: "unavailable" });
    expect(await book({ ora: "2030-01-06T08:00:00.000Z" })).toMatchObject({ ok: false, reason: "unavailable" });
  });

  it("counts refusals per address: a few corrections pass, a flood gets 429, another address is answered", async () => {
    const refused = () => book({ email: "non-una-mail" }, "198.51.100.20");
    for (let i = 0; i < REFUSED_POST_RULE.max; i++) expect(await refused()).toMatchObject({ reason: "invalid" });
    expect(await refused()).toMatchObject({ ok: false, reason: "rateLimited" });
    expect(await book({ email: "non-una-mail" }, "198.51.100.21")).toMatchObject({ reason: "invalid" });
  });

  it("the second patient on the same time is told it was just taken, and the page offers the others", async () => {
    expect((await book()).ok).toBe(true);
    const second = await book({ email: "luca@example.it", name: "Luca Bianchi" }, "198.51.100.7");
    expect(second).toMatchObject({ ok: false, reason: "taken" });
    const step = await readBookingStep(
      deps,
      testPlaces,
      new URLSearchParams({ sede: "studio-di-milano", visita: firstVisit, giorno: "2030-01-07", ora: monday("09:00") }),
      now,
    );
    expect(step.step).toBe(2);
    if (step.step !== 2) return;
    expect(step.day?.times.map((t) => t.time)).not.toContain("09:00");
    expect(step.day?.times[0]?.time).toBe("10:15");
  });

  it("twenty bookings of one time at once: exactly one is accepted", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book({ email: `p${i}@example.it` }, `203.0.113.${i + 10}`)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => r.reason === "taken")).toBe(true);
  });

  it("limits bookings per e-mail address", async () => {
    const times = ["09:00", "10:15", "11:30"];
    for (const [i, time] of times.entries()) {
      const day = `2030-01-${String(8 + i).padStart(2, "0")}`;
      expect((await book({ ora: new Date(`${day}T${time}:00+01:00`).toISOString() })).ok).toBe(true);
    }
    await book({ ora: new Date("2030-01-11T09:00:00+01:00").toISOString() });
    await book({ ora: new Date("2030-01-14T09:00:00+01:00").toISOString() });
    const sixth = await book({ ora: new Date("2030-01-15T09:00:00+01:00").toISOString() });
    expect(sixth).toMatchObject({ ok: false, reason: "rateLimited" });
  });

  it("her link shows only her appointment, moves it to another free time and cancels it, until the limit", async () => {
    const tuesday = (time: string) => new Date(`2030-01-08T${time}:00+01:00`).toISOString();
    const token = tokenOf(await book({ ora: tuesday("09:00") }))!;
    const page = await readManagePage(deps, token, testPlaces, new URLSearchParams("cambia=1"), now);
    expect(page?.appointment).toMatchObject({ visitTypeName: "Prima visita", canChange: true, tooLate: false });
    expect(JSON.stringify(page)).not.toContain("maria@example.it");
    expect(page?.change?.days.length).toBeGreaterThan(0);

    const moved = await moveByLink(deps, token, tuesday("11:00"), { ...site, now });
    expect(moved).toEqual({ ok: true, value: "confirmed" });
    const movedMail = (await outbox()).find((m) => m.subject === "Nuovo orario confermato: Prima visita")!;
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(movedMail.attachments![0]!.content)).getFirstSubcomponent("vevent")!,
    );
    expect(event.startDate.toJSDate().toISOString()).toBe(tuesday("11:00"));

    // Past the limit (the visit is within 24 hours): the page says to call, and nothing changes.
    const late = new Date("2030-01-07T12:00:00Z");
    const latePage = await readManagePage(deps, token, testPlaces, new URLSearchParams(), late);
    expect(latePage?.appointment).toMatchObject({ canChange: false, tooLate: true });
    expect(await cancelByLink(deps, token, { ...site, now: late })).toEqual({ ok: false, reason: "tooLate" });

    expect(page?.bookAgain).toBeNull();
    expect(await cancelByLink(deps, token, { ...site, now })).toMatchObject({ ok: true });
    expect((await outbox()).some((m) => m.subject === "Visita annullata: Prima visita")).toBe(true);

    // Cancelled: "Prenota di nuovo" opens the same place and type, her details filled from a signed
    // reference the booking page reads on the server; none of them in the address.
    const cancelledPage = await readManagePage(deps, token, testPlaces, new URLSearchParams(), now);
    const again = new URL(cancelledPage!.bookAgain!, testSiteUrl);
    expect(again.pathname).toBe("/prenota");
    expect(again.searchParams.get("sede")).toBe("studio-di-milano");
    expect(again.searchParams.get("visita")).toBe(firstVisit);
    expect(personalDataIn(again.search, testPatient)).toEqual([]);
    expect(await filledDetails(deps, again.searchParams.get("da"), now)).toEqual({
      ref: again.searchParams.get("da"),
      name: "Maria Rossi",
      email: "maria@example.it",
      phone: "+39 333 123 4567",
    });
    expect(await readManagePage(deps, "x".repeat(43), testPlaces, new URLSearchParams(), now)).toBeUndefined();
  });
});
