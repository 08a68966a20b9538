import { inArray } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { appointments } from "~/features/booking/schema";

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

/** Which of the patient's details a link carries, however encoded: her name, e-mail or phone number.
 * Whole values are looked for, since a random reference may hold any short run of digits or letters. */
export function personalDataIn(link: string, patient: { name: string; email: string; phone: string }): string[] {
  const squeeze = (text: string) => text.toLowerCase().replace(/[\s+._-]/g, "");
  const carried = squeeze(decodeURIComponent(link));
  return [patient.name, patient.email, patient.phone.replace(/^\+39/, "")].filter((value) =>
    carried.includes(squeeze(value)),
  );
}
