import { randomBytes } from "node:crypto";
import type { AppointmentStatus } from "./booking-values";
import type { Db } from "~/core/db/database.server";
import { appointments, type VisitType } from "./schema";
import type { Executor } from "~/core/db/database.server";
import {
  type Announce,
  type AppointmentRecord,
  type BookingRefusal,
  type BookingRequest,
  type BookingResult,
  type BookingWrite,
  findType,
  hashManageToken,
  MINUTE,
  offeredAt,
  Refused,
  recordColumns,
} from "./appointment-records.server";
import type { WeeklyHours } from "./availability";
import { readBookingSettings } from "./booking-settings.server";
import { checkedTimes, refusalOf, timesFrom, writingHeldTimes } from "./held-times.server";
import { newAppointmentRoom } from "./online-rooms.server";
import { succeeded } from "~/core/result";

/** 32 random bytes, base64url: 256 bits, 43 characters (as the review invitations' tokens). */
const TOKEN_BYTES = 32;

type Booked = { appointment: AppointmentRecord; manageToken: string };

/** New bookings: the patient's from the free times, and the ones she adds herself. */
export function appointmentBooking(db: Db, announce: Announce) {
  /** Inserts a booking with a new link token; throws PostgreSQL's 23P01 if its time overlaps one held. */
  async function insertBooking(
    tx: Executor,
    type: VisitType,
    request: BookingRequest,
    times: { startsAt: Date; endsAt: Date; blockedUntil: Date },
    status: AppointmentStatus,
    alsoWrite?: BookingWrite,
  ): Promise<Booked> {
    const manageToken = randomBytes(TOKEN_BYTES).toString("base64url");
    const online = request.studioKey === null;
    const [row] = await tx
      .insert(appointments)
      .values({
        visitTypeId: type.id,
        studioKey: request.studioKey,
        online,
        onlineRoomUrl: online ? await newAppointmentRoom(tx, type.id) : null,
        ...times,
        status,
        patientName: request.patient.name,
        patientEmail: request.patient.email,
        patientPhone: request.patient.phone,
        note: request.note,
        manageTokenHash: hashManageToken(manageToken),
      })
      .returning(recordColumns);
    await alsoWrite?.(row!, tx, manageToken);
    return { appointment: row!, manageToken };
  }

  /**
   * A new booking written by `write` among the held times, then announced: a refusal it throws, or a
   * time another booking committed first (the exclusion constraint), comes back as the refusal.
   */
  async function insertingBooking(write: (tx: Executor) => Promise<Booked>): Promise<BookingResult> {
    let booked: Booked;
    try {
      booked = await writingHeldTimes(db, write);
    } catch (error) {
      return refusalOf<BookingRefusal>(error);
    }
    await announce("insert", booked.appointment.id);
    return succeeded(booked);
  }

  return {
    /**
     * Books a time for a patient, in one transaction with whatever `alsoWrite` adds: the time is
     * checked against the free times again, whatever the page offered, and the exclusion constraint
     * refuses it if another booking of an overlapping time committed first. Confirmed at once or
     * pending, as the visit type says. The link token is returned once; only its hash is stored.
     */
    async book(
      request: BookingRequest,
      context: { hours: WeeklyHours; now?: Date },
      alsoWrite?: BookingWrite,
    ): Promise<BookingResult> {
      const now = context.now ?? new Date();
      return insertingBooking(async (tx) => {
        const type = await findType(tx, request.visitTypeId);
        if (!type || !offeredAt(type, request.studioKey)) throw new Refused("visitTypeUnavailable");
        const times = await checkedTimes(tx, type, request.studioKey, request.startsAt, context.hours, now);
        const status = type.confirmation === "immediate" ? "confirmed" : "pending";
        return insertBooking(tx, type, request, times, status, alsoWrite);
      });
    },

    /**
     * She adds a visit herself (a booking by phone): confirmed, at any time she chooses, in or out of
     * the opening hours; only a time already held is refused (the exclusion constraint). Any visit
     * type, offered online or at any studio or not: she knows what she agreed.
     */
    async bookByPractitioner(request: BookingRequest, alsoWrite?: BookingWrite): Promise<BookingResult> {
      return insertingBooking(async (tx) => {
        const type = await findType(tx, request.visitTypeId);
        if (!type) throw new Refused("visitTypeUnavailable");
        const { bufferMinutes } = await readBookingSettings(tx);
        const times = timesFrom(request.startsAt, type.durationMinutes * MINUTE, bufferMinutes);
        return insertBooking(tx, type, request, times, "confirmed", alsoWrite);
      });
    },
  };
}
