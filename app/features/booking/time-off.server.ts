import { asc, eq, gte } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { type TimeOff, timeOff } from "./schema";
import type { EventBus } from "~/core/events/event-bus.server";
import { changeAnnouncer, type OnChangeError } from "~/core/events/publish-change.server";
import { addDays, romeInstant } from "~/core/format/rome-clock";
import { recordFreedTime } from "./waiting-list-writes.server";

/** Whole days in Italy, "YYYY-MM-DD", first and last included. */
export interface TimeOffData {
  startsOn: string;
  endsOn: string;
  label: string | null;
}

/** Her time off: every query of the time_off table, each change announced under "booking". */
export function createTimeOffRepository(db: Db, bus: Pick<EventBus, "publish">, onError: OnChangeError = () => {}) {
  const announceChange = changeAnnouncer(bus, onError, "announcing a time off change failed");
  const announce = (action: "insert" | "delete", id: string) => announceChange({ table: "booking", action, id });

  return {
    /** The time off not over by `today` ("YYYY-MM-DD" in Italy), earliest first. */
    listFrom(today: string): Promise<TimeOff[]> {
      return db.select().from(timeOff).where(gte(timeOff.endsOn, today)).orderBy(asc(timeOff.startsOn));
    },

    async add(data: TimeOffData): Promise<TimeOff> {
      const [row] = await db.insert(timeOff).values(data).returning();
      await announce("insert", row!.id);
      return row!;
    },

    /** False when it no longer exists. Its days free again, the waiting list hears of it in the same transaction. */
    async delete(id: string): Promise<boolean> {
      const deleted = await db.transaction(async (tx) => {
        const rows = await tx
          .delete(timeOff)
          .where(eq(timeOff.id, id))
          .returning({ id: timeOff.id, startsOn: timeOff.startsOn, endsOn: timeOff.endsOn });
        for (const row of rows)
          await recordFreedTime(tx, {
            startsAt: new Date(romeInstant(row.startsOn, 0)),
            endsAt: new Date(romeInstant(addDays(row.endsOn, 1), 0)),
          });
        return rows;
      });
      if (deleted.length) await announce("delete", id);
      return deleted.length > 0;
    },
  };
}

export type TimeOffRepository = ReturnType<typeof createTimeOffRepository>;
