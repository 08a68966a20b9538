import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { appointments, bookingSettings, timeOff, visitTypes } from "./schema";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { createAppointmentRepository } from "./appointments.server";
import { type BookingSettingsDeps, bookingSettingsAction } from "./booking-settings-admin.server";
import { DEFAULT_BOOKING_SETTINGS } from "./booking-settings.server";
import { BOOKING_SETTINGS_MESSAGES as M } from "./messages";
import { euroToCents, isSettingsChange, settingsActionSchema } from "./settings-schema";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { bookingRepositories } from "../../../tests/support/factory";

const studios = ["studio-di-milano", "studio-di-monza"];
const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
  return data;
};
/** As the route does: the form parsed by the screen's schema, then the change. */
async function act(deps: BookingSettingsDeps, data: FormData, studioKeys: readonly string[]) {
  const submission = parseSubmission(data, settingsActionSchema);
  if (submission.status !== "success") return { ok: false as const, error: submission.error };
  const input = submission.value;
  if (!isSettingsChange(input)) throw new Error("not a settings change");
  return bookingSettingsAction(deps, input, studioKeys);
}

const settingsForm = {
  intent: "settings",
  mode: "site",
  bufferMinutes: "15",
  minimumNoticeHours: "12",
  horizonDays: "30",
  cancellationLimitHours: "48",
  reminderTime: "19:30",
  retentionMonths: "12",
  waitingListExpiryDays: "30",
  waitingListLinkHours: "6",
  requestAnswerHours: "24",
};
const typeForm = {
  intent: "type-create",
  name: "Prima visita",
  durationMinutes: "60",
  price: "82,50",
  showPrice: "on",
  confirmation: "immediate",
  studioKeys: ["studio-di-milano"],
  active: "on",
};

describe("the booking settings screen's changes (on PostgreSQL)", () => {
  let database: Database;
  let deps: BookingSettingsDeps;

  beforeAll(async () => {
    database = await openTestDatabase();
    deps = bookingRepositories(database.db);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(appointments);
    await database.db.delete(visitTypes);
    await database.db.delete(timeOff);
    await database.db.delete(bookingSettings);
  });

  it("reads prices in euro as Italians write them", () => {
    expect([euroToCents("80"), euroToCents("82,50"), euroToCents("82.5"), euroToCents("0,05")]).toEqual([
      8000, 8250, 8250, 5,
    ]);
  });

  it("saves the settings, and refuses every bad one with its Italian message, saving nothing", async () => {
    expect(await act(deps, form(settingsForm), studios)).toMatchObject({ ok: true });
    expect(await deps.bookingSettings.get()).toEqual({
      mode: "site",
      bufferMinutes: 15,
      minimumNoticeHours: 12,
      horizonDays: 30,
      cancellationLimitHours: 48,
      reminderTime: "19:30:00",
      retentionMonths: 12,
      reviewInviteNextDay: false,
      waitingListExpiryDays: 30,
      waitingListLinkHours: 6,
      requestAnswerHours: 24,
    });
    // The next day's review invitation: a checkbox, off unless ticked.
    await act(deps, form({ ...settingsForm, reviewInviteNextDay: "on" }), studios);
    expect((await deps.bookingSettings.get()).reviewInviteNextDay).toBe(true);
    await database.db.delete(bookingSettings);
    const bad = await act(
      deps,
      form({
        ...settingsForm,
        mode: "fax",
        bufferMinutes: "121",
        minimumNoticeHours: "-1",
        horizonDays: "0",
        cancellationLimitHours: "1,5",
        reminderTime: "25:00",
        retentionMonths: "",
        waitingListExpiryDays: "366",
        waitingListLinkHours: "0",
        requestAnswerHours: "169",
      }),
      studios,
    );
    expect(bad).toMatchObject({ ok: false });
    expect("error" in bad && bad.error).toEqual({
      mode: [M.modeInvalid],
      bufferMinutes: [M.buffer],
      minimumNoticeHours: [M.notice],
      horizonDays: [M.horizon],
      cancellationLimitHours: [M.cancellation],
      reminderTime: [M.reminderTime],
      retentionMonths: [M.retention],
      waitingListExpiryDays: [M.waitingListExpiry],
      waitingListLinkHours: [M.waitingListLink],
      requestAnswerHours: [M.requestAnswer],
    });
    expect(await deps.bookingSettings.get()).toEqual(DEFAULT_BOOKING_SETTINGS);
  });

  it("adds and edits a visit type; refuses a bad one field by field; a studio not hers is refused", async () => {
    expect(await act(deps, form(typeForm), studios)).toMatchObject({ ok: true });
    const [created] = await deps.visitTypes.listAll();
    expect(created).toMatchObject({ name: "Prima visita", priceCents: 8250, showPrice: true, online: false });
    const edited = await act(
      deps,
      form({
        ...typeForm,
        intent: "type-update",
        id: created!.id,
        price: "",
        showPrice: [],
        active: [],
        studioKeys: [],
      }),
      studios,
    );
    expect(edited).toMatchObject({ ok: true });
    expect(await deps.visitTypes.get(created!.id)).toMatchObject({ priceCents: null, active: false, studioKeys: [] });

    const bad = await act(
      deps,
      form({ ...typeForm, name: " ", durationMinutes: "4", price: "ottanta", confirmation: "", studioKeys: [] }),
      studios,
    );
    expect("error" in bad && bad.error).toEqual({
      name: [M.typeName],
      durationMinutes: [M.duration],
      price: [M.price],
      confirmation: [M.confirmation],
    });
    const nowhere = await act(deps, form({ ...typeForm, price: "", studioKeys: [] }), studios);
    expect("error" in nowhere && nowhere.error).toEqual({ price: [M.priceToShow], studioKeys: [M.placeNeeded] });
    const elsewhere = await act(deps, form({ ...typeForm, studioKeys: ["studio-di-roma"] }), studios);
    expect(elsewhere).toEqual({ ok: false, reason: "studioInvalid" });
    expect(await deps.visitTypes.listAll()).toHaveLength(1);
  });

  it("deletes a visit type only while no appointment uses it", async () => {
    await act(deps, form(typeForm), studios);
    const [type] = await deps.visitTypes.listAll();
    const booked = await createAppointmentRepository(database.db, createMemoryEventBus()).bookByPractitioner({
      visitTypeId: type!.id,
      studioKey: "studio-di-milano",
      startsAt: new Date("2030-01-07T09:00:00Z"),
      patient: { name: "Maria Rossi", email: "maria@example.it", phone: "+39 333 123 4567" },
      note: null,
    });
    expect(booked.ok).toBe(true);
    const remove = form({ intent: "type-delete", id: type!.id });
    expect(await act(deps, remove, studios)).toEqual({ ok: false, reason: "typeInUse" });
    await database.db.delete(appointments);
    expect(await act(deps, remove, studios)).toMatchObject({ ok: true });
    expect(await act(deps, remove, studios)).toEqual({ ok: false, reason: "typeMissing" });
  });

  it("adds time off (one day or a range, with a label) and removes it; refuses a range that ends before it starts", async () => {
    const today = "2030-01-01";
    await act(deps, form({ intent: "timeoff-add", startsOn: "2030-08-10", endsOn: "", label: "" }), studios);
    await act(
      deps,
      form({ intent: "timeoff-add", startsOn: "2030-08-12", endsOn: "2030-08-20", label: "Ferie" }),
      studios,
    );
    const days = await deps.timeOff.listFrom(today);
    expect(days.map((d) => [d.startsOn, d.endsOn, d.label])).toEqual([
      ["2030-08-10", "2030-08-10", null],
      ["2030-08-12", "2030-08-20", "Ferie"],
    ]);
    const bad = await act(
      deps,
      form({ intent: "timeoff-add", startsOn: "2030-02-30", endsOn: "2030-01-01", label: "x".repeat(81) }),
      studios,
    );
    expect("error" in bad && bad.error).toMatchObject({ startsOn: [M.dayInvalid], label: [M.label] });
    const backwards = await act(
      deps,
      form({ intent: "timeoff-add", startsOn: "2030-03-10", endsOn: "2030-03-01" }),
      studios,
    );
    expect("error" in backwards && backwards.error).toEqual({ endsOn: [M.endBeforeStart] });
    expect(await act(deps, form({ intent: "timeoff-remove", id: days[0]!.id }), studios)).toMatchObject({ ok: true });
    expect(await deps.timeOff.listFrom(today)).toHaveLength(1);
  });

  it("moves a visit type up and down in her order, which the booking page's lists follow", async () => {
    for (const name of ["Prima visita", "Controllo", "Online"])
      await act(deps, form({ ...typeForm, name, studioKeys: [...studios] }), studios);
    const names = async () => (await deps.visitTypes.listAll()).map((t) => t.name);
    const offered = async () => (await deps.visitTypes.listOffered("studio-di-monza")).map((t) => t.name);
    const idOf = async (name: string) => (await deps.visitTypes.listAll()).find((t) => t.name === name)!.id;
    const move = async (name: string, direction: string) =>
      act(deps, form({ intent: "type-move", id: await idOf(name), direction }), studios);

    expect(await move("Online", "up")).toMatchObject({ ok: true });
    expect(await names()).toEqual(["Prima visita", "Online", "Controllo"]);
    expect(await move("Prima visita", "down")).toMatchObject({ ok: true });
    expect(await offered()).toEqual(["Online", "Prima visita", "Controllo"]);
    // At the top, up changes nothing.
    expect(await move("Online", "up")).toMatchObject({ ok: true });
    expect(await names()).toEqual(["Online", "Prima visita", "Controllo"]);

    // Two moves at once: each runs on the locked rows, and no two types share a place.
    await Promise.all([move("Controllo", "up"), move("Online", "down")]);
    const orders = (await deps.visitTypes.listAll()).map((t) => t.displayOrder);
    expect(orders).toEqual([0, 1, 2]);

    expect(
      await act(
        deps,
        form({ intent: "type-move", id: "00000000-0000-4000-8000-000000000000", direction: "up" }),
        studios,
      ),
    ).toEqual({ ok: false, reason: "typeMissing" });
    expect(
      await act(deps, form({ intent: "type-move", id: await idOf("Online"), direction: "left" }), studios),
    ).toEqual({ ok: false, error: { direction: [M.invalid] } });
  });
});
