import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db, Executor } from "~/core/db/database.server";
import { appointments, followUps, visitTypes } from "./schema";
import type { EventBus } from "~/core/events/event-bus.server";
import { changeAnnouncer, type OnChangeError } from "~/core/events/publish-change.server";
import { romeDate } from "~/core/format/rome-clock";

/** A follow-up as her agenda shows it. */
export interface PlannedFollowUp {
  appointmentId: string;
  visitTypeId: string;
  visitTypeName: string;
  /** The day in Italy the e-mail goes, "YYYY-MM-DD". */
  dueOn: string;
  sentAt: Date | null;
}

/** What the follow-up e-mail needs: the patient's name and address, the place, the type to book. */
export interface DueFollowUp {
  id: string;
  appointmentId: string;
  visitTypeId: string;
  visitTypeName: string;
  priceCents: number | null;
  showPrice: boolean;
  studioKey: string | null;
  patientName: string;
  patientEmail: string;
}

/** How many due follow-ups one claim takes at most; the next run takes the rest. */
const CLAIM_BATCH = 100;

/**
 * The follow-ups: planned from a confirmed visit in her agenda, e-mailed when due,
 * once. Each change is announced as a booking change (her agenda shows them).
 */
export function createFollowUpRepository(db: Db, bus: Pick<EventBus, "publish">, onError: OnChangeError = () => {}) {
  const announceChange = changeAnnouncer(bus, onError, "announcing a follow-up change failed");
  const announce = (id: string) => announceChange({ table: "booking", action: "update", id });
  return {
    /**
     * Plans the e-mail for `weeks` weeks after the day of a confirmed visit, for an active type;
     * false when the visit is not confirmed, the type not active, the day not after `now`'s, or one
     * is planned already (the unique appointment decides).
     */
    async plan(
      input: { appointmentId: string; visitTypeId: string; weeks: number },
      now = new Date(),
    ): Promise<boolean> {
      const dueOn = sql`((${appointments.startsAt} at time zone 'Europe/Rome')::date + ${input.weeks * 7}::int)`;
      const result = await db.execute(sql`
        insert into ${followUps} (appointment_id, visit_type_id, due_on)
        select ${appointments.id}, ${visitTypes.id}, ${dueOn}
        from ${appointments}, ${visitTypes}
        where ${appointments.id} = ${input.appointmentId} and ${appointments.status} = 'confirmed'
          and ${visitTypes.id} = ${input.visitTypeId} and ${visitTypes.active}
          and ${dueOn} > ${romeDate(now.getTime())}::date
        on conflict (appointment_id) do nothing
        returning id`);
      const planned = (result as unknown as { rows: unknown[] }).rows.length === 1;
      if (planned) await announce(input.appointmentId);
      return planned;
    },

    /** Cancels a follow-up not sent yet; false when there is none to cancel. */
    async cancel(appointmentId: string): Promise<boolean> {
      const deleted = await db
        .delete(followUps)
        .where(and(eq(followUps.appointmentId, appointmentId), isNull(followUps.sentAt)))
        .returning({ id: followUps.id });
      if (deleted.length) await announce(appointmentId);
      return deleted.length === 1;
    },

    /** The follow-ups of these appointments, by appointment. */
    async ofAppointments(ids: readonly string[]): Promise<Map<string, PlannedFollowUp>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({
          appointmentId: followUps.appointmentId,
          visitTypeId: followUps.visitTypeId,
          visitTypeName: visitTypes.name,
          dueOn: followUps.dueOn,
          sentAt: followUps.sentAt,
        })
        .from(followUps)
        .innerJoin(visitTypes, eq(visitTypes.id, followUps.visitTypeId))
        .where(inArray(followUps.appointmentId, [...ids]));
      return new Map(rows.map((row) => [row.appointmentId, row]));
    },

    /**
     * The follow-ups due by `now`'s day in Italy, marked sent in one transaction with what `write`
     * adds for each (the e-mail in the outbox): rows claimed FOR UPDATE SKIP LOCKED and marked in
     * the same transaction, so two runs at once send each once, and a run missed catches up.
     */
    async claimDue(now: Date, write: (due: DueFollowUp, tx: Executor) => Promise<void>): Promise<DueFollowUp[]> {
      const claimed = await db.transaction(async (tx) => {
        const due = await tx
          .select({
            id: followUps.id,
            appointmentId: followUps.appointmentId,
            visitTypeId: followUps.visitTypeId,
            visitTypeName: visitTypes.name,
            priceCents: visitTypes.priceCents,
            showPrice: visitTypes.showPrice,
            studioKey: appointments.studioKey,
            patientName: appointments.patientName,
            patientEmail: appointments.patientEmail,
          })
          .from(followUps)
          .innerJoin(appointments, eq(appointments.id, followUps.appointmentId))
          .innerJoin(visitTypes, eq(visitTypes.id, followUps.visitTypeId))
          .where(and(isNull(followUps.sentAt), lte(followUps.dueOn, romeDate(now.getTime()))))
          .orderBy(followUps.dueOn)
          .limit(CLAIM_BATCH)
          .for("update", { of: followUps, skipLocked: true });
        if (!due.length) return due;
        await tx
          .update(followUps)
          .set({ sentAt: now })
          .where(
            inArray(
              followUps.id,
              due.map((row) => row.id),
            ),
          );
        for (const row of due) await write(row, tx);
        return due;
      });
      for (const row of claimed) await announce(row.appointmentId);
      return claimed;
    },
  };
}

export type FollowUpRepository = ReturnType<typeof createFollowUpRepository>;
