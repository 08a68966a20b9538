import { eq, sql } from "drizzle-orm";
import { type AppointmentStatus, timeHoldingStatuses } from "./booking-values";
import type { Db } from "~/core/db/database.server";
import { appointments } from "./schema";
import type { Executor } from "~/core/db/database.server";
import {
  type AlsoWrite,
  type Announce,
  type AppointmentRecord,
  type BookingRefusal,
  type Changed,
  findType,
  holdsTime,
  MINUTE,
  type MoveWrite,
  offeredAt,
  type PatientCancelResult,
  type PatientChangeRefusal,
  type PatientMoveResult,
  Refused,
  recordColumns,
} from "./appointment-records.server";
import type { WeeklyHours } from "./availability";
import { readBookingSettings } from "./booking-settings.server";
import { refused, type Result, succeeded } from "~/core/result";
import { checkedTimes, refusalOf, timesFrom, writingHeldTimes } from "./held-times.server";
import { recordFreedTime } from "./waiting-list-writes.server";

type Change = Partial<typeof appointments.$inferInsert>;

/**
 * The changes of an appointment, hers by its id and the patient's by the link's token, each made the
 * one way `changeAppointment` makes them.
 */
export function appointmentChanges(
  db: Db,
  announce: Announce,
  findByManageToken: (token: string) => Promise<AppointmentRecord | undefined>,
) {
  /**
   * The one way to change an appointment: among the held times, it is locked, checked to be in one
   * of the statuses `from` ("inactive" otherwise), changed as `change` says (which may throw a
   * Refused) with its calendar SEQUENCE raised, written with what `alsoWrite` adds in the same transaction, and announced once
   * committed. A time another appointment holds comes back as "taken".
   */
  async function changeAppointment<R extends BookingRefusal | PatientChangeRefusal>(
    id: string,
    from: readonly AppointmentStatus[],
    change: (current: AppointmentRecord, tx: Executor) => Promise<Change>,
    alsoWrite?: MoveWrite,
  ): Promise<Result<Changed, R>> {
    let changed: Changed;
    try {
      changed = await writingHeldTimes(db, async (tx) => {
        const [previous] = await tx
          .select(recordColumns)
          .from(appointments)
          .where(eq(appointments.id, id))
          .for("update");
        if (!previous || !from.includes(previous.status)) throw new Refused("inactive");
        // Every change is a new revision of the patient's calendar event (its SEQUENCE), raised here
        // in the change's own transaction so no file about the new state carries the old number.
        const [row] = await tx
          .update(appointments)
          .set({ ...(await change(previous, tx)), sequence: sql`${appointments.sequence} + 1` })
          .where(eq(appointments.id, id))
          .returning(recordColumns);
        // A time it held and holds no more (cancelled, declined, moved): the waiting list hears of it.
        if (holdsTime(previous.status) && (!holdsTime(row!.status) || +row!.startsAt !== +previous.startsAt))
          await recordFreedTime(tx, { startsAt: previous.startsAt, endsAt: previous.blockedUntil });
        await alsoWrite?.(row!, tx, previous);
        return { appointment: row!, previous };
      });
    } catch (error) {
      return refusalOf<R>(error);
    }
    await announce("update", id);
    return succeeded(changed);
  }

  /** Her change of status from one of `from` to `to`; undefined when it is in none of them (or does not exist). */
  async function changeStatus(
    id: string,
    from: readonly AppointmentStatus[],
    to: AppointmentStatus,
    alsoWrite?: AlsoWrite,
  ): Promise<AppointmentRecord | undefined> {
    const result = await changeAppointment(
      id,
      from,
      async () => ({ status: to }),
      alsoWrite && ((row, tx) => alsoWrite(row, tx)),
    );
    return result.ok ? result.value.appointment : undefined;
  }

  /**
   * The patient's change by link: the same one way, up to the cancellation limit before the visit
   * (the settings' hours; "tooLate" after it, and the visit stays); "unknown" for a link that opens none.
   */
  async function changeByPatient<R extends BookingRefusal | PatientChangeRefusal>(
    token: string,
    now: Date,
    change: (current: AppointmentRecord, tx: Executor) => Promise<Change>,
    alsoWrite?: MoveWrite,
  ) {
    const found = await findByManageToken(token);
    if (!found) return refused("unknown");
    return changeAppointment<R>(
      found.id,
      timeHoldingStatuses,
      async (current, tx) => {
        const { cancellationLimitHours } = await readBookingSettings(tx);
        if (current.startsAt.getTime() <= now.getTime() + cancellationLimitHours * 60 * MINUTE) {
          throw new Refused("tooLate");
        }
        return change(current, tx);
      },
      alsoWrite,
    );
  }

  return {
    /** She confirms a request. */
    confirm: (id: string, alsoWrite?: AlsoWrite) => changeStatus(id, ["pending"], "confirmed", alsoWrite),
    /** She declines a request: its time is free again. */
    decline: (id: string, alsoWrite?: AlsoWrite) => changeStatus(id, ["pending"], "declined", alsoWrite),
    /** She cancels a request or a confirmed visit: its time is free again. */
    cancel: (id: string, alsoWrite?: AlsoWrite) => changeStatus(id, timeHoldingStatuses, "cancelled", alsoWrite),

    /**
     * She moves a visit to the time she chooses (agreed with the patient), in or out of the opening
     * hours; only a time held by another appointment is refused. Status kept, the buffer now in
     * force, the reminder due again. `alsoWrite` gets the time it had before.
     */
    moveByPractitioner(id: string, startsAt: Date, alsoWrite?: MoveWrite) {
      return changeAppointment<"taken" | "inactive">(
        id,
        timeHoldingStatuses,
        async (previous, tx) => {
          const { bufferMinutes } = await readBookingSettings(tx);
          const duration = previous.endsAt.getTime() - previous.startsAt.getTime();
          return { ...timesFrom(startsAt, duration, bufferMinutes), reminderSentAt: null };
        },
        alsoWrite,
      );
    },

    /** The patient cancels by link; after the limit the answer says to call the studio. */
    async cancelByPatient(token: string, now = new Date(), alsoWrite?: AlsoWrite): Promise<PatientCancelResult> {
      const result = await changeByPatient<PatientChangeRefusal>(
        token,
        now,
        async () => ({ status: "cancelled" }),
        alsoWrite && ((row, tx) => alsoWrite(row, tx)),
      );
      return result.ok ? succeeded({ appointment: result.value.appointment }) : result;
    },

    /**
     * The patient moves her visit by link to another free time, up to the cancellation limit: the
     * same checks as a booking (its own old time not counting as taken), the same row and link, the
     * buffer now in force, confirmed or a request again as the visit type says, the reminder to be
     * sent again. `alsoWrite` gets the time it had before, for the e-mails.
     */
    moveByPatient(
      token: string,
      startsAt: Date,
      context: { hours: WeeklyHours; now?: Date },
      alsoWrite?: MoveWrite,
    ): Promise<PatientMoveResult> {
      const now = context.now ?? new Date();
      return changeByPatient(
        token,
        now,
        async (previous, tx) => {
          const type = await findType(tx, previous.visitTypeId);
          if (!type || !offeredAt(type, previous.studioKey)) throw new Refused("visitTypeUnavailable");
          return {
            ...(await checkedTimes(tx, type, previous.studioKey, startsAt, context.hours, now, previous.id)),
            status: type.confirmation === "immediate" ? "confirmed" : "pending",
            reminderSentAt: null,
          };
        },
        alsoWrite,
      );
    },
  };
}
