import type { Db } from "~/core/db/database.server";
import type { EventBus } from "~/core/events/event-bus.server";
import { changeAnnouncer, type OnChangeError } from "~/core/events/publish-change.server";
import { appointmentBooking } from "./appointment-booking.server";
import { appointmentChanges } from "./appointment-changes.server";
import { appointmentMarks } from "./appointment-marks.server";
import { appointmentReads } from "./appointment-reads.server";
import type { Announce } from "./appointment-records.server";

export {
  type AgendaEntry,
  type AlsoWrite,
  type AppointmentRecord,
  type BookingRefusal,
  type BookingRequest,
  type BookingResult,
  type BookingWrite,
  hashManageToken,
  type PatientCancelResult,
  type PatientChangeRefusal,
  type PatientMoveResult,
} from "./appointment-records.server";

/**
 * The appointments: every query and transaction of the appointments table (reading the visit types,
 * settings and time off it depends on), each change announced on the bus once committed. No two
 * appointments holding their time overlap: the database refuses it (appointments_no_overlap).
 * Made of the booking feature's modules by concern: reads, new bookings, changes (hers and the
 * patient's by link, one way), and the jobs' marks.
 */
export function createAppointmentRepository(db: Db, bus: Pick<EventBus, "publish">, onError: OnChangeError = () => {}) {
  const announceChange = changeAnnouncer(bus, onError, "announcing an appointment change failed");
  const announce: Announce = (action, id) => announceChange({ table: "booking", action, id });
  const reads = appointmentReads(db);
  return {
    ...reads,
    ...appointmentBooking(db, announce),
    ...appointmentChanges(db, announce, reads.findByManageToken),
    ...appointmentMarks(db, announce),
  };
}

export type AppointmentRepository = ReturnType<typeof createAppointmentRepository>;
