import ICAL from "ical.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { appointments, calendarFeed, visitTypes } from "./schema";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { type AppointmentRepository, createAppointmentRepository } from "./appointments.server";
import {
  calendarFeedFile,
  calendarFeedPath,
  createCalendarFeed,
  createCalendarFeedRepository,
  revokeCalendarFeed,
} from "./calendar-feed.server";
import { createVisitTypeRepository } from "./visit-types.server";
import { visitTypeData } from "../../../tests/support/factory";

describe("the agenda feed's address (on PostgreSQL)", () => {
  let database: Database;
  let feeds: ReturnType<typeof createCalendarFeedRepository>;
  let booked: AppointmentRepository;

  beforeAll(async () => {
    database = await openTestDatabase();
    feeds = createCalendarFeedRepository(database.db);
    booked = createAppointmentRepository(database.db, createMemoryEventBus());
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(calendarFeed);
    await database.db.delete(appointments);
    await database.db.delete(visitTypes);
  });

  it("creates a long random token, keeps only its hash, and knows it afterwards", async () => {
    expect(await feeds.activeSince()).toBeNull();
    const { token, createdAt } = await feeds.create();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(calendarFeedPath(token)).toBe(`/agenda/${token}.ics`);
    expect(await feeds.matches(token)).toBe(true);
    expect((await feeds.activeSince())?.getTime()).toBe(createdAt.getTime());
    const [row] = await database.db.select().from(calendarFeed);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("replacing gives a new token and the old one stops working at once", async () => {
    const first = await feeds.create();
    const second = await feeds.create();
    expect(second.token).not.toBe(first.token);
    expect(await feeds.matches(first.token)).toBe(false);
    expect(await feeds.matches(second.token)).toBe(true);
    expect(await database.db.select().from(calendarFeed)).toHaveLength(1);
  });

  it("revoking leaves no token that works", async () => {
    const { token } = await feeds.create();
    expect(await feeds.revoke()).toBe(true);
    expect(await feeds.matches(token)).toBe(false);
    expect(await feeds.activeSince()).toBeNull();
    expect(await feeds.revoke()).toBe(false);
  });

  it("answers no to unknown, malformed and empty tokens", async () => {
    await feeds.create();
    for (const guess of ["", "x", "A".repeat(43), "../../etc/passwd"]) expect(await feeds.matches(guess)).toBe(false);
  });

  it("serves the visits from today on, naming the patient by first name and initial only", async () => {
    const { token } = await feeds.create();
    const type = await createVisitTypeRepository(database.db, createMemoryEventBus()).create(visitTypeData());
    const now = new Date("2030-01-07T12:00:00Z");
    const book = (startsAt: string) =>
      booked.bookByPractitioner({
        visitTypeId: type.id,
        studioKey: "studio-di-milano",
        startsAt: new Date(startsAt),
        patient: { name: "Maria Rossi", email: "maria@example.it", phone: "+39 333 123 4567" },
        note: "Allergia",
      });
    await book("2030-01-07T08:00:00Z"); // this morning: still shown
    await book("2030-01-06T08:00:00Z"); // yesterday: not shown
    const input = {
      studioNames: new Map([["studio-di-milano", "Studio di Milano"]]),
      siteUrl: "https://giuliaferrari-nutrizionista.it",
      practitionerName: "Dott.ssa Giulia Ferrari",
    };
    const deps = { calendarFeed: feeds, appointments: booked };
    const file = await calendarFeedFile(deps, { ...input, token }, now);
    const events = new ICAL.Component(ICAL.parse(file!)).getAllSubcomponents("vevent").map((e) => new ICAL.Event(e));
    expect(events.map((e) => [e.summary, e.location, e.startDate.toJSDate().toISOString()])).toEqual([
      ["Prima visita – Maria R.", "Studio di Milano", "2030-01-07T08:00:00.000Z"],
    ]);
    for (const secret of ["maria@example.it", "333 123 4567", "3331234567", "Allergia", "Rossi"])
      expect(file).not.toContain(secret);
    expect(await calendarFeedFile(deps, { ...input, token: "A".repeat(43) }, now)).toBeNull();
  });
});

describe("the settings screen's feed actions (on PostgreSQL)", () => {
  let database: Database;
  let feeds: ReturnType<typeof createCalendarFeedRepository>;
  const config = { siteUrl: "https://giuliaferrari-nutrizionista.it" };

  beforeAll(async () => {
    database = await openTestDatabase();
    feeds = createCalendarFeedRepository(database.db);
  });
  afterAll(() => database.close());
  beforeEach(() => database.db.delete(calendarFeed));

  it("gives the full address once on creation, and revokes it", async () => {
    const feedUrl = await createCalendarFeed({ calendarFeed: feeds, config });
    const token = feedUrl.match(/^https:\/\/giuliaferrari-nutrizionista\.it\/agenda\/([\w-]{43})\.ics$/)![1]!;
    expect(await feeds.matches(token)).toBe(true);
    expect(await revokeCalendarFeed({ calendarFeed: feeds })).toEqual({ ok: true, value: undefined });
    expect(await feeds.matches(token)).toBe(false);
    expect(await revokeCalendarFeed({ calendarFeed: feeds })).toEqual({ ok: false, reason: "noneToRevoke" });
  });
});
