import ICAL from "ical.js";
import { asc, eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { appointments, bookingSettings, onlineRooms, visitTypes } from "./schema";
import { mailOutbox, rateLimitHits } from "~/core/db/schema";
import { createRateLimiter } from "~/core/server/rate-limit.server";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { bookingRepositories, testPlaces, testSite, testSiteUrl, visitTypeData } from "../../../tests/support/factory";
import { createQueueOnlyMailer } from "../../../tests/support/outbox";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { createDetailsLinks, type DetailsLinks } from "./details-link.server";
import { loadAgenda } from "./agenda-view.server";
import { bookingSchema } from "./booking-schema";
import { bookingSettingsAction } from "./booking-settings-admin.server";
import { type BookingDeps, cancelByLink, moveByLink, submitBooking } from "./booking-submission.server";
import { sendDueReminders } from "./booking-jobs.server";
import { calendarFeedFile, createCalendarFeed, createCalendarFeedRepository } from "./calendar-feed.server";
import { readManagePage } from "./manage-page.server";
import { settingsActionSchema } from "./settings-schema";

// Item 7, online visits, on PostgreSQL: the room she sets on an online type, each patient's link in
// her own e-mails, calendar file and page only, the same all the appointment's life; the agenda has
// it, her feed does not; the privacy page's providers.

// Sunday 6 January 2030, 10:00 in Italy; Monday the 7th at 9:00 is 08:00 UTC.
const now = new Date("2030-01-06T09:00:00Z");
const monday = (time: string) => new Date(`2030-01-07T${time}:00+01:00`).toISOString();
const ROOM = /https:\/\/meet\.jit\.si\/[a-z2-7]{26}/;

describe("online visits (on PostgreSQL)", () => {
  let database: Database;
  let deps: BookingDeps & ReturnType<typeof bookingRepositories> & { detailsLinks: DetailsLinks };
  let online: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    deps = {
      ...bookingRepositories(database.db),
      rateLimiter: createRateLimiter(database.db),
      mailer: await createQueueOnlyMailer(database),
      logger: pino({ level: "silent" }),
      config: { siteUrl: testSiteUrl },
      detailsLinks: createDetailsLinks("a-test-secret"),
    };
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(appointments);
    await database.db.delete(visitTypes);
    await database.db.delete(bookingSettings);
    await database.db.delete(mailOutbox);
    await database.db.delete(rateLimitHits);
    await deps.bookingSettings.save({
      ...(await deps.bookingSettings.get()),
      mode: "site",
      minimumNoticeHours: 12,
      cancellationLimitHours: 12,
      reminderTime: "18:00:00",
    });
    online = (await deps.visitTypes.create(visitTypeData({ name: "Visita online", studioKeys: [], online: true }))).id;
  });

  /** Her settings form for the room, parsed as the route parses it. */
  async function setRoom(visitTypeId: string, fields: Record<string, string>) {
    const form = new FormData();
    for (const [key, value] of Object.entries({ intent: "online-room", visitTypeId, ...fields })) form.set(key, value);
    const submission = parseSubmission(form, settingsActionSchema);
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
    if (submission.value.intent !== "online-room") throw new Error("not the room's form");
    return bookingSettingsAction(deps, submission.value, []);
  }

  async function book(name: string, email: string, time: string) {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      sede: "online",
      visita: online,
      ora: monday(time),
      name,
      email,
      phone: "+39 333 123 4567",
      note: "",
      consent: "on",
    }))
      form.set(key, value);
    const submission = parseSubmission(form, bookingSchema);
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
    const result = await submitBooking(deps, submission.value, {
      ...testSite,
      clientIp: `203.0.113.${time.length}`,
      now,
    });
    if (!result.ok) throw new Error(result.reason);
    return result.value.manageToken;
  }

  const mailsTo = (recipient: string) =>
    database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient)).orderBy(asc(mailOutbox.createdAt));
  const roomOf = async (email: string) =>
    (await database.db.select().from(appointments).where(eq(appointments.patientEmail, email)))[0]!.onlineRoomUrl;
  const eventOf = (ics: string) => new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!);

  it("a room per appointment: each patient gets her own unguessable link, and only hers, in the e-mail, the .ics and her page", async () => {
    expect(
      await setRoom(online, { kind: "per_visit", url: "https://meet.jit.si", providerName: "Jitsi Meet" }),
    ).toEqual({ ok: true, value: undefined });
    const annaToken = await book("Anna Verdi", "anna@example.it", "09:00");
    const lucaToken = await book("Luca Neri", "luca@example.it", "11:00");
    const anna = (await roomOf("anna@example.it"))!;
    const luca = (await roomOf("luca@example.it"))!;
    expect(anna).toMatch(new RegExp(`^${ROOM.source}$`));
    expect(luca).toMatch(new RegExp(`^${ROOM.source}$`));
    expect(luca).not.toBe(anna);

    for (const [email, own, other] of [
      ["anna@example.it", anna, luca],
      ["luca@example.it", luca, anna],
    ] as const) {
      const [mail] = await mailsTo(email);
      expect(mail!.text).toContain(`Entra nella visita online: ${own}`);
      expect(mail!.html).toContain(`href="${own}"`);
      expect(mail!.text).not.toContain("riceverai il collegamento");
      expect(`${mail!.text}${mail!.html}${mail!.attachments![0]!.content}`).not.toContain(other);
      const event = eventOf(mail!.attachments![0]!.content);
      expect(event.location).toBe(own);
      expect(event.component.getFirstPropertyValue("url")).toBe(own);
    }
    // Her notice names no room: she has the agenda.
    const [notice] = await mailsTo("studio@example.it");
    expect(notice!.text).not.toMatch(ROOM);

    const page = await readManagePage(deps, annaToken, testPlaces, new URLSearchParams(), now);
    expect(page!.appointment.onlineRoomUrl).toBe(anna);
    expect(
      (await readManagePage(deps, lucaToken, testPlaces, new URLSearchParams(), now))!.appointment.onlineRoomUrl,
    ).toBe(luca);
  });

  it("the room stays the appointment's when she moves it and when the setting changes; a cancelled visit shows it no more", async () => {
    await setRoom(online, { kind: "per_visit", url: "https://meet.jit.si", providerName: "Jitsi Meet" });
    const token = await book("Anna Verdi", "anna@example.it", "09:00");
    const room = await roomOf("anna@example.it");
    expect(await moveByLink(deps, token, monday("11:00"), { ...testSite, now })).toEqual({
      ok: true,
      value: "confirmed",
    });
    expect(await roomOf("anna@example.it")).toBe(room);
    const moved = (await mailsTo("anna@example.it")).at(-1)!;
    expect(moved.subject).toBe("Nuovo orario confermato: Visita online");
    expect(moved.text).toContain(`Entra nella visita online: ${room}`);
    expect(eventOf(moved.attachments![0]!.content).location).toBe(room);

    // Her server changes: the link already sent stays the one this visit uses.
    await setRoom(online, { kind: "per_visit", url: "https://video.example.it", providerName: "Jitsi" });
    expect(await roomOf("anna@example.it")).toBe(room);

    expect((await cancelByLink(deps, token, { ...testSite, now })).ok).toBe(true);
    expect((await readManagePage(deps, token, testPlaces, new URLSearchParams(), now))!.appointment.onlineRoomUrl).toBe(
      null,
    );
    const cancelled = (await mailsTo("anna@example.it")).at(-1)!;
    expect(cancelled.subject).toBe("Visita annullata: Visita online");
    expect(`${cancelled.text}${cancelled.attachments![0]!.content}`).not.toContain(room!);
  });

  it("her own room: every patient of the type gets the same address", async () => {
    const own = "https://us02web.zoom.us/j/8123456789?pwd=abc";
    await setRoom(online, { kind: "own", url: own, providerName: "Zoom" });
    await book("Anna Verdi", "anna@example.it", "09:00");
    await book("Luca Neri", "luca@example.it", "11:00");
    expect([await roomOf("anna@example.it"), await roomOf("luca@example.it")]).toEqual([own, own]);
  });

  it("with no room set the e-mail says the link comes before the visit, as before", async () => {
    await book("Anna Verdi", "anna@example.it", "09:00");
    expect(await roomOf("anna@example.it")).toBeNull();
    const [mail] = await mailsTo("anna@example.it");
    expect(mail!.text).toContain("Visita online: riceverai il collegamento prima della visita");
    expect(eventOf(mail!.attachments![0]!.content).location).toBe("Visita online");
  });

  it("the reminder carries the link; the agenda shows it to her; her calendar feed does not", async () => {
    await setRoom(online, { kind: "per_visit", url: "https://meet.jit.si", providerName: "Jitsi Meet" });
    await book("Anna Verdi", "anna@example.it", "09:00");
    const room = (await roomOf("anna@example.it"))!;
    // The evening before, at 18:00 in Italy.
    expect(await sendDueReminders(deps, testSite, new Date("2030-01-06T17:00:00Z"))).toBe(1);
    const reminder = (await mailsTo("anna@example.it")).at(-1)!;
    expect(reminder.subject).toBe("Promemoria: Visita online domani");
    expect(reminder.text).toContain(`Entra nella visita online: ${room}`);

    const agenda = await loadAgenda(deps, testSite, now);
    expect(agenda.days.flatMap((day) => day.items).map((item) => item.onlineRoomUrl)).toEqual([room]);

    const feed = createCalendarFeedRepository(database.db);
    const address = await createCalendarFeed({ calendarFeed: feed, config: { siteUrl: testSiteUrl } });
    const file = await calendarFeedFile(
      { calendarFeed: feed, appointments: deps.appointments },
      {
        token: address
          .split("/")
          .at(-1)!
          .replace(/\.ics$/, ""),
        studioNames: new Map(),
        siteUrl: testSiteUrl,
        practitionerName: "Giulia",
      },
      now,
    );
    expect(file).toContain("Anna V.");
    expect(file).not.toContain(room.split("/").at(-1));
  });

  it("refuses a room on a type not offered online, and the database refuses an address that is not https", async () => {
    const studio = (await deps.visitTypes.create(visitTypeData({ name: "In studio" }))).id;
    expect(await setRoom(studio, { kind: "own", url: "https://meet.jit.si/x", providerName: "Jitsi" })).toEqual({
      ok: false,
      reason: "notOnline",
    });
    await expect(
      database.db
        .insert(onlineRooms)
        .values({ visitTypeId: online, kind: "own", url: "http://x.it", providerName: "X" }),
    ).rejects.toMatchObject({ cause: { constraint: "online_rooms_url_https" } });
    const booked = await deps.appointments.bookByPractitioner({
      visitTypeId: studio,
      studioKey: "studio-di-milano",
      startsAt: new Date(monday("09:00")),
      patient: { name: "Anna Verdi", email: "anna@example.it", phone: "+39 333 123 4567" },
      note: null,
    });
    await expect(
      database.db.execute(
        sql`update appointments set online_room_url = 'https://meet.jit.si/abc' where id = ${booked.ok ? booked.value.appointment.id : ""}`,
      ),
    ).rejects.toMatchObject({ cause: { constraint: "appointments_online_room_valid" } });
  });

  it("the privacy page's providers: those of the online types a patient can book, each host once", async () => {
    expect(await deps.onlineRooms.providers()).toEqual([]);
    await setRoom(online, { kind: "per_visit", url: "https://meet.jit.si", providerName: "Jitsi Meet" });
    const other = (
      await deps.visitTypes.create(visitTypeData({ name: "Controllo online", studioKeys: [], online: true }))
    ).id;
    await setRoom(other, { kind: "own", url: "https://meet.jit.si/studio-ferrari", providerName: "Jitsi Meet" });
    expect(await deps.onlineRooms.providers()).toEqual([
      { name: "Jitsi Meet", host: "meet.jit.si", kind: "per_visit" },
    ]);
    await setRoom(online, { kind: "none" });
    await deps.visitTypes.update(
      other,
      visitTypeData({ name: "Controllo online", studioKeys: [], online: true, active: false }),
    );
    expect(await deps.onlineRooms.providers()).toEqual([]);
  });
});
