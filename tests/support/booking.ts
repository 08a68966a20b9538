import { inArray } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { appointments } from "~/core/db/schema";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { createAppointmentRepository } from "~/features/booking/appointments.server";
import { freeDays } from "~/features/booking/availability";
import { createBookingSettingsRepository } from "~/features/booking/booking-settings.server";
import { weeklyHours } from "~/features/booking/studio-hours";
import { createVisitTypeRepository } from "~/features/booking/visit-types.server";
import { defaultSiteContent } from "~/features/site-content/defaults";
import { visitTypeData } from "~/features/booking/test-support";

/**
 * Turns booking on in a data directory with two visit types at the Milan studio (one online too)
 * and books the first free time of the first (in the database at `databaseUrl`, when given); returns
 * her link's path and the type's id.
 */
export async function seedBooking(
  dataDir: string,
  databaseUrl?: string,
): Promise<{ managePath: string; visitTypeId: string }> {
  const database = await openSiteDatabase({ dataDir, databaseUrl });
  try {
    const bus = createMemoryEventBus();
    const settings = createBookingSettingsRepository(database.db, bus);
    await settings.save({ ...(await settings.get()), mode: "site" });
    const types = createVisitTypeRepository(database.db, bus);
    const first = await types.create(
      visitTypeData({ priceCents: 8000, showPrice: true, studioKeys: ["studio-di-milano", "studio-di-monza"] }),
    );
    await types.create(
      visitTypeData({
        name: "Visita di controllo",
        durationMinutes: 30,
        priceCents: 5000,
        confirmation: "request",
        online: true,
      }),
    );
    const hours = weeklyHours(defaultSiteContent.studios[0]!.hours);
    const appointments = createAppointmentRepository(database.db, bus);
    const input = (await appointments.availability(first.id, "studio-di-milano", hours))!;
    const time = freeDays(input).flatMap((day) => day.times)[0]!;
    const booked = await appointments.book(
      {
        visitTypeId: first.id,
        studioKey: "studio-di-milano",
        startsAt: new Date(time.startsAt),
        patient: { name: "Maria Rossi", email: "maria@example.it", phone: "+39 333 123 4567" },
        note: null,
      },
      { hours },
    );
    if (!booked.ok) throw new Error(booked.reason);
    return { managePath: `/prenota/gestisci/${booked.manageToken}`, visitTypeId: first.id };
  } finally {
    await database.close();
  }
}

/**
 * Turns booking on with one visit type confirmed at once at the Milan studio, and returns `count`
 * of its free times that do not overlap one another (the studio's hours of the default content):
 * each can be booked once, by one patient.
 */
export async function seedFreeTimes(db: Db, count: number): Promise<{ visitTypeId: string; times: string[] }> {
  const bus = createMemoryEventBus();
  const settings = createBookingSettingsRepository(db, bus);
  const { bufferMinutes } = await settings.save({ ...(await settings.get()), mode: "site" });
  const type = await createVisitTypeRepository(db, bus).create(visitTypeData({ studioKeys: ["studio-di-milano"] }));
  const hours = weeklyHours(defaultSiteContent.studios[0]!.hours);
  const input = (await createAppointmentRepository(db, bus).availability(type.id, "studio-di-milano", hours))!;
  const times: string[] = [];
  let free = 0;
  for (const { startsAt } of freeDays(input).flatMap((day) => day.times)) {
    if (times.length === count) break;
    if (Date.parse(startsAt) < free) continue;
    times.push(startsAt);
    free = Date.parse(startsAt) + (type.durationMinutes + bufferMinutes) * 60_000;
  }
  if (times.length < count) throw new Error(`only ${times.length} free times that do not overlap`);
  return { visitTypeId: type.id, times };
}

/** Patient `i` books `ora` at the Milan studio through the server's form, as the page posts it (her page: 303). */
export function postBooking(baseUrl: string, visitTypeId: string, ora: string, i: number, signal?: AbortSignal) {
  return fetch(`${baseUrl}/prenota`, {
    method: "POST",
    headers: { Origin: baseUrl },
    body: new URLSearchParams({
      sede: "studio-di-milano",
      visita: visitTypeId,
      ora,
      name: `Paziente ${i}`,
      email: `paziente${i}@example.it`,
      phone: "+39 333 123 4567",
      note: "",
      consent: "on",
    }),
    redirect: "manual",
    signal,
  });
}

/** The appointments' start times among `times`, sorted, once per appointment (a time booked twice comes twice). */
export async function bookedAmong(db: Db, times: string[]): Promise<string[]> {
  const rows = await db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(
      inArray(
        appointments.startsAt,
        times.map((t) => new Date(t)),
      ),
    );
  return rows.map((row) => row.startsAt.toISOString()).sort();
}
