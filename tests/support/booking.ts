import { inArray } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { appointments } from "~/core/db/schema";

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
