import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { type Appointment, appointments, bookingSettings, timeOff, visitTypes } from "./schema";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { DEFAULT_BOOKING_SETTINGS, readBookingSettings } from "./booking-settings.server";

/** The PostgreSQL error code and constraint behind drizzle's wrapper. */
function refusal(error: unknown): { code?: string; constraint?: string } {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code) return { code, constraint };
  }
  return {};
}

async function refused(write: Promise<unknown>) {
  try {
    await write;
  } catch (error) {
    return refusal(error);
  }
  throw new Error("the write was accepted");
}

const at = (iso: string) => new Date(iso);
const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

describe("the booking tables on PostgreSQL", () => {
  let database: Database;
  let visitTypeId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(appointments);
    await database.db.delete(visitTypes);
    const [type] = await database.db
      .insert(visitTypes)
      .values({ name: "Prima visita", durationMinutes: 60, confirmation: "immediate", studioKeys: ["milano"] })
      .returning();
    visitTypeId = type!.id;
  });

  /** An appointment at `startsAt` for `minutes`, holding `buffer` more minutes after it. */
  function appointment(
    startsAt: Date,
    options: { minutes?: number; buffer?: number; status?: string } = {},
  ): typeof appointments.$inferInsert {
    const endsAt = minutesAfter(startsAt, options.minutes ?? 60);
    return {
      visitTypeId,
      studioKey: "milano",
      online: false,
      startsAt,
      endsAt,
      blockedUntil: minutesAfter(endsAt, options.buffer ?? 10),
      status: (options.status ?? "confirmed") as Appointment["status"],
      patientName: "Maria Rossi",
      patientEmail: "maria@example.it",
      patientPhone: "+39 333 1234567",
      manageTokenHash: randomBytes(32).toString("hex"),
    };
  }
  const book = (values: ReturnType<typeof appointment>) => database.db.insert(appointments).values(values);

  describe("no double booking", () => {
    const nine = at("2026-12-01T08:00:00Z");

    it("refuses an appointment overlapping one that holds its time, with the exclusion constraint's code", async () => {
      await book(appointment(nine));
      expect(await refused(book(appointment(minutesAfter(nine, 30))))).toEqual({
        code: "23P01",
        constraint: "appointments_no_overlap",
      });
      // Also one that starts before and ends inside, and one that contains it.
      expect((await refused(book(appointment(minutesAfter(nine, -30))))).code).toBe("23P01");
      expect((await refused(book(appointment(minutesAfter(nine, -30), { minutes: 180 })))).code).toBe("23P01");
    });

    it("keeps the buffer free after a visit, and accepts the next one where the buffer ends", async () => {
      await book(appointment(nine, { buffer: 10 }));
      expect((await refused(book(appointment(minutesAfter(nine, 65))))).code).toBe("23P01");
      await book(appointment(minutesAfter(nine, 70)));
    });

    it("counts the new appointment's own buffer against the next one", async () => {
      await book(appointment(nine));
      // Ends at 8:55, but its 10 minutes of buffer reach into 9:00.
      expect((await refused(book(appointment(minutesAfter(nine, -65), { buffer: 10 })))).code).toBe("23P01");
      await book(appointment(minutesAfter(nine, -70), { buffer: 10 }));
    });

    it("holds the time only while pending or confirmed", async () => {
      await book(appointment(nine, { status: "pending" }));
      expect((await refused(book(appointment(nine)))).code).toBe("23P01");
      for (const status of ["declined", "cancelled", "no_show"]) await book(appointment(nine, { status }));
      await database.db
        .update(appointments)
        .set({ status: "cancelled" })
        .where(sql`${appointments.status} = 'pending'`);
      await book(appointment(nine));
      // Bringing a cancelled one back over a taken time is refused too.
      expect(
        (
          await refused(
            database.db
              .update(appointments)
              .set({ status: "confirmed" })
              .where(sql`${appointments.status} = 'cancelled'`),
          )
        ).code,
      ).toBe("23P01");
    });

    it("applies across studios and online visits: there is one practitioner", async () => {
      await book(appointment(nine));
      expect((await refused(book({ ...appointment(nine), studioKey: "monza" }))).code).toBe("23P01");
      expect((await refused(book({ ...appointment(nine), studioKey: null, online: true }))).code).toBe("23P01");
    });
  });

  it("checks every appointment's ranges and values", async () => {
    const nine = at("2026-12-01T08:00:00Z");
    const cases: [Partial<typeof appointments.$inferInsert>, string][] = [
      [{ endsAt: nine, blockedUntil: nine }, "appointments_duration_range"],
      [{ endsAt: minutesAfter(nine, -60), blockedUntil: nine }, "appointments_duration_range"],
      [{ blockedUntil: minutesAfter(nine, 59) }, "appointments_buffer_range"],
      [{ endsAt: minutesAfter(nine, 600), blockedUntil: minutesAfter(nine, 600) }, "appointments_duration_range"],
      [{ blockedUntil: minutesAfter(nine, 60 + 121) }, "appointments_buffer_range"],
      [{ status: "lost" as Appointment["status"] }, "appointments_status_valid"],
      [{ studioKey: null }, "appointments_place_valid"],
      [{ online: true }, "appointments_place_valid"],
      [{ studioKey: "Milano Centro" }, "appointments_studio_key_format"],
      [{ patientName: "  " }, "appointments_patient_name_length"],
      [{ patientName: "x".repeat(101) }, "appointments_patient_name_length"],
      [{ patientEmail: "x".repeat(255) }, "appointments_patient_email_length"],
      [{ patientPhone: "3".repeat(31) }, "appointments_patient_phone_length"],
      [{ note: "x".repeat(501) }, "appointments_note_length"],
    ];
    for (const [change, constraint] of cases) {
      expect(await refused(book({ ...appointment(nine), ...change })), constraint).toEqual({
        code: "23514",
        constraint,
      });
    }
    await book({ ...appointment(nine), manageTokenHash: "same" });
    expect(await refused(book({ ...appointment(minutesAfter(nine, 120)), manageTokenHash: "same" }))).toEqual({
      code: "23505",
      constraint: "appointments_manage_token_unique",
    });
  });

  it("checks visit types: duration, price, confirmation, where offered", async () => {
    const base = { name: "Controllo", durationMinutes: 30, confirmation: "request" as const, studioKeys: ["milano"] };
    const cases: [Partial<typeof visitTypes.$inferInsert>, string][] = [
      [{ name: " " }, "visit_types_name_length"],
      [{ durationMinutes: 4 }, "visit_types_duration_range"],
      [{ durationMinutes: 481 }, "visit_types_duration_range"],
      [{ priceCents: -1 }, "visit_types_price_range"],
      [{ showPrice: true, priceCents: null }, "visit_types_shown_price_given"],
      [{ confirmation: "maybe" as "request" }, "visit_types_confirmation_valid"],
      [{ studioKeys: ["Milano"] }, "visit_types_studio_keys_format"],
      [{ studioKeys: ["milano", ""] }, "visit_types_studio_keys_format"],
      [{ studioKeys: [], online: false }, "visit_types_offered_somewhere"],
    ];
    for (const [change, constraint] of cases) {
      expect(await refused(database.db.insert(visitTypes).values({ ...base, ...change })), constraint).toEqual({
        code: "23514",
        constraint,
      });
    }
    // Online only, or not offered anywhere while inactive, are fine.
    await database.db.insert(visitTypes).values({ ...base, studioKeys: [], online: true });
    await database.db.insert(visitTypes).values({ ...base, studioKeys: [], active: false });
    await database.db.insert(visitTypes).values({ ...base, studioKeys: ["milano", "monza-centro"], priceCents: 8000 });
  });

  it("reads the settings' defaults without a row, the same as the row's own defaults", async () => {
    await database.db.delete(bookingSettings);
    expect(await readBookingSettings(database.db)).toEqual(DEFAULT_BOOKING_SETTINGS);
    await database.db.insert(bookingSettings).values({});
    expect(await readBookingSettings(database.db)).toEqual(DEFAULT_BOOKING_SETTINGS);
    await database.db.update(bookingSettings).set({ bufferMinutes: 20, mode: "site" });
    expect(await readBookingSettings(database.db)).toEqual({
      ...DEFAULT_BOOKING_SETTINGS,
      bufferMinutes: 20,
      mode: "site",
    });
  });

  it("keeps one settings row whose values stay in range, and time off whose end is not before its start", async () => {
    await database.db.delete(bookingSettings);
    await database.db.insert(bookingSettings).values({});
    expect((await refused(database.db.insert(bookingSettings).values({}))).code).toBe("23505");
    expect((await refused(database.db.insert(bookingSettings).values({ id: false }))).constraint).toBe(
      "booking_settings_one_row",
    );
    for (const [change, constraint] of [
      [{ bufferMinutes: 121 }, "booking_settings_buffer_range"],
      [{ minimumNoticeHours: -1 }, "booking_settings_notice_range"],
      [{ horizonDays: 0 }, "booking_settings_horizon_range"],
      [{ cancellationLimitHours: 721 }, "booking_settings_cancellation_range"],
      [{ retentionMonths: 0 }, "booking_settings_retention_range"],
      [{ mode: "calendly" as "site" }, "booking_settings_mode_valid"],
    ] as const) {
      expect(await refused(database.db.update(bookingSettings).set(change)), constraint).toEqual({
        code: "23514",
        constraint,
      });
    }

    expect(await refused(database.db.insert(timeOff).values({ startsOn: "2026-08-20", endsOn: "2026-08-10" }))).toEqual(
      { code: "23514", constraint: "time_off_range_valid" },
    );
    await database.db.insert(timeOff).values({ startsOn: "2026-08-10", endsOn: "2026-08-10", label: "Ferragosto" });
  });
});
