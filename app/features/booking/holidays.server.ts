import { and, asc, eq, gte, lte } from "drizzle-orm";
import type { Db, Executor } from "~/core/db/database.server";
import { holidayReopenings, type PatronDay, patronDays } from "./schema";
import type { EventBus } from "~/core/events/event-bus.server";
import { changeAnnouncer, type OnChangeError } from "~/core/events/publish-change.server";
import { addDays, romeDate, romeInstant } from "~/core/format/rome-clock";
import type { TimeOffDays } from "./availability";
import { holidayClosures, holidaysBetween, type PatronSaint } from "./holidays";
import { recordFreedTime } from "./waiting-list-writes.server";

/** A day in Italy as the instants it spans. */
const wholeDay = (day: string) => ({
  startsAt: new Date(romeInstant(day, 0)),
  endsAt: new Date(romeInstant(addDays(day, 1), 0)),
});

/** The next date, from `today` on, that a patron saint's day falls on (29 February waits for a leap year). */
function nextPatronDate({ month, day }: { month: number; day: number }, today: string): string {
  const first = Number(today.slice(0, 4));
  for (let year = first; ; year++) {
    if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) continue;
    const date = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    if (date >= today) return date;
  }
}

/**
 * The days the holidays close at a place (a studio's key, or null online) between two days, both
 * included, as her choices stand in the database: read through `executor`, the booking's transaction
 * when it checks a time (availabilityInput).
 */
export async function holidayClosedDays(
  executor: Pick<Executor, "select">,
  studioKey: string | null,
  first: string,
  last: string,
): Promise<TimeOffDays[]> {
  // In turn: a transaction's queries share its one connection.
  const reopened = await executor
    .select({ day: holidayReopenings.day })
    .from(holidayReopenings)
    .where(and(gte(holidayReopenings.day, first), lte(holidayReopenings.day, last)));
  const patrons =
    studioKey === null ? [] : await executor.select().from(patronDays).where(eq(patronDays.studioKey, studioKey));
  return holidayClosures(
    holidaysBetween(first, last, patrons),
    studioKey,
    reopened.map((row) => row.day),
  );
}

/** Her choices about the holidays: the dates she reopened and the studios' patron saints, each change announced under "booking". */
export function createHolidayRepository(db: Db, bus: Pick<EventBus, "publish">, onError: OnChangeError = () => {}) {
  const announceChange = changeAnnouncer(bus, onError, "announcing a holiday change failed");
  const announce = (action: "insert" | "delete", id: string) => announceChange({ table: "booking", action, id });

  return {
    /** The dates she reopened between two days, both included, earliest first. */
    async reopenedBetween(first: string, last: string): Promise<string[]> {
      const rows = await db
        .select({ day: holidayReopenings.day })
        .from(holidayReopenings)
        .where(and(gte(holidayReopenings.day, first), lte(holidayReopenings.day, last)))
        .orderBy(asc(holidayReopenings.day));
      return rows.map((row) => row.day);
    },

    /** Opens a date closed by a holiday (already open: nothing changes); the waiting list hears of it in the same transaction. */
    async reopen(day: string): Promise<void> {
      const inserted = await db.transaction(async (tx) => {
        const rows = await tx.insert(holidayReopenings).values({ day }).onConflictDoNothing().returning();
        if (rows.length) await recordFreedTime(tx, wholeDay(day));
        return rows;
      });
      if (inserted.length) await announce("insert", day);
    },

    /** Closes a reopened date again (already closed: nothing changes). */
    async closeAgain(day: string): Promise<void> {
      const deleted = await db.delete(holidayReopenings).where(eq(holidayReopenings.day, day)).returning();
      if (deleted.length) await announce("delete", day);
    },

    /** Every studio's patron saints, by studio, then by date in the year. */
    patrons(): Promise<PatronDay[]> {
      return db
        .select()
        .from(patronDays)
        .orderBy(asc(patronDays.studioKey), asc(patronDays.month), asc(patronDays.day));
    },

    /** Null when the studio already has a patron saint on that day. */
    async addPatron(data: PatronSaint): Promise<PatronDay | null> {
      const [row] = await db.insert(patronDays).values(data).onConflictDoNothing().returning();
      if (row) await announce("insert", row.id);
      return row ?? null;
    },

    /** False when it no longer exists. Its next day opens: the waiting list hears of it in the same transaction. */
    async removePatron(id: string, now = new Date()): Promise<boolean> {
      const deleted = await db.transaction(async (tx) => {
        const rows = await tx.delete(patronDays).where(eq(patronDays.id, id)).returning();
        if (rows[0]) await recordFreedTime(tx, wholeDay(nextPatronDate(rows[0], romeDate(now.getTime()))));
        return rows;
      });
      if (deleted.length) await announce("delete", id);
      return deleted.length > 0;
    },
  };
}

export type HolidayRepository = ReturnType<typeof createHolidayRepository>;
