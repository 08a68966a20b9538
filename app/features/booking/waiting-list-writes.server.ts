import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "~/core/db/database.server";
import { waitingListEntries, waitingListOpenings } from "./schema";

// The waiting list's writes inside other changes' transactions: a leaf module, so
// the appointments' and time off's modules reach it without reaching the rest of the waiting list.

/** Written in the transaction that frees [startsAt, endsAt): the job picks it up. */
export async function recordFreedTime(tx: Executor, freed: { startsAt: Date; endsAt: Date }): Promise<void> {
  await tx.insert(waitingListOpenings).values(freed);
}

/** A patient's waiting entries for a visit type closed, in the booking's transaction: she has booked. */
export async function closeWaitingEntries(tx: Executor, email: string, visitTypeId: string): Promise<void> {
  await tx
    .update(waitingListEntries)
    .set({ status: "booked" })
    .where(
      and(
        eq(waitingListEntries.status, "waiting"),
        eq(waitingListEntries.visitTypeId, visitTypeId),
        sql`lower(${waitingListEntries.patientEmail}) = lower(${email})`,
      ),
    );
}
