import { and, asc, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import { type AppointmentStatus, timeHoldingStatuses } from "./booking-values";
import type { Db } from "~/core/db/database.server";
import { appointments, visitTypes } from "./schema";
import {
  type AgendaEntry,
  type AppointmentRecord,
  findType,
  hashManageToken,
  offeredAt,
  recordColumns,
} from "./appointment-records.server";
import type { AvailabilityInput, WeeklyHours } from "./availability";
import { availabilityInput } from "./held-times.server";

const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/** A request waiting for her answer: one condition, so her count and her list of requests always agree. */
const awaitingAnswer = (now: Date) => and(eq(appointments.status, "pending"), gt(appointments.startsAt, now));

/** The reads of the appointments: one, the one a link opens, the free times, and the agenda's. */
export function appointmentReads(db: Db) {
  return {
    async get(id: string): Promise<AppointmentRecord | undefined> {
      const [row] = await db.select(recordColumns).from(appointments).where(eq(appointments.id, id));
      return row;
    },

    /** The appointment a patient's link opens; undefined for a token of another shape or unknown. */
    async findByManageToken(token: string): Promise<AppointmentRecord | undefined> {
      if (!tokenShape.test(token)) return undefined;
      const [row] = await db
        .select(recordColumns)
        .from(appointments)
        .where(eq(appointments.manageTokenHash, hashManageToken(token)));
      return row;
    },

    /**
     * The input of the free times of a visit type at a place (a studio's key, or null for online),
     * whose opening hours the caller gives; undefined when the type is not offered there.
     */
    async availability(
      visitTypeId: string,
      studioKey: string | null,
      hours: WeeklyHours,
      now = new Date(),
    ): Promise<AvailabilityInput | undefined> {
      const type = await findType(db, visitTypeId);
      if (!type || !offeredAt(type, studioKey)) return undefined;
      return availabilityInput(db, type, studioKey, hours, now);
    },

    /** The requests waiting for her answer whose time has not passed: the panel's count. */
    async countPending(now = new Date()): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(appointments).where(awaitingAnswer(now));
      return row?.n ?? 0;
    },

    /** The same requests as `countPending` counts, whatever their day: the oldest request first. */
    listPending(now = new Date()): Promise<AgendaEntry[]> {
      return db
        .select({ ...recordColumns, visitTypeName: visitTypes.name })
        .from(appointments)
        .innerJoin(visitTypes, eq(visitTypes.id, appointments.visitTypeId))
        .where(awaitingAnswer(now))
        .orderBy(asc(appointments.createdAt), asc(appointments.startsAt));
    },

    /**
     * The agenda: appointments starting from `from` (and before `until`, when given), earliest first,
     * with their visit type's name; by default those that hold their time (requests and confirmed).
     */
    listUpcoming(
      from: Date,
      options: { until?: Date; statuses?: readonly AppointmentStatus[] } = {},
    ): Promise<AgendaEntry[]> {
      return db
        .select({ ...recordColumns, visitTypeName: visitTypes.name })
        .from(appointments)
        .innerJoin(visitTypes, eq(visitTypes.id, appointments.visitTypeId))
        .where(
          and(
            gte(appointments.startsAt, from),
            options.until ? lt(appointments.startsAt, options.until) : undefined,
            inArray(appointments.status, options.statuses ?? timeHoldingStatuses),
          ),
        )
        .orderBy(asc(appointments.startsAt));
    },
  };
}
