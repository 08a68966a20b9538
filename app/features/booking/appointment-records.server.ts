import { createHash } from "node:crypto";
import { eq, getTableColumns } from "drizzle-orm";
import { type AppointmentStatus, timeHoldingStatuses } from "./booking-values";
import { type Appointment, appointments, type VisitType, visitTypes } from "./schema";
import type { Executor } from "~/core/db/database.server";
import type { Result } from "~/core/result";

export const MINUTE = 60_000;

/** Only the SHA-256 of a patient's link token is stored: the table alone opens no booking. */
export function hashManageToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** An appointment as the code passes it around: never its token's hash. */
export type AppointmentRecord = Omit<Appointment, "manageTokenHash">;

/** With its visit type's name, for the agenda. */
export interface AgendaEntry extends AppointmentRecord {
  visitTypeName: string;
}

export interface BookingRequest {
  visitTypeId: string;
  /** The studio's key, or null for an online visit. */
  studioKey: string | null;
  startsAt: Date;
  patient: { name: string; email: string; phone: string };
  note: string | null;
}

/**
 * Why a booking was refused: the time was taken meanwhile, is not one offered, or the visit type is
 * not offered there. A code: the route says it (messages.ts, BOOKING_REFUSALS).
 */
export type BookingRefusal = "taken" | "unavailable" | "visitTypeUnavailable";

/** The booking, with its link's token (given once: only its hash is stored). */
export type BookingResult = Result<{ appointment: AppointmentRecord; manageToken: string }, BookingRefusal>;

/** Why a patient's link cannot change the booking: unknown link, no longer active, or past the cancellation limit. */
export type PatientChangeRefusal = "unknown" | "inactive" | "tooLate";

export type PatientCancelResult = Result<{ appointment: AppointmentRecord }, PatientChangeRefusal>;

/** An appointment changed, with the row as it was before. */
export interface Changed {
  appointment: AppointmentRecord;
  previous: AppointmentRecord;
}

export type PatientMoveResult = Result<Changed, PatientChangeRefusal | BookingRefusal>;

/** Writes that belong with a change, in its transaction (e.g. the e-mail in the outbox). */
export type AlsoWrite = (appointment: AppointmentRecord, tx: Executor) => Promise<void>;

/** For a move: also gets the appointment as it was before (its e-mails name the old time). */
export type MoveWrite = (appointment: AppointmentRecord, tx: Executor, previous: AppointmentRecord) => Promise<void>;

/** For a new booking: also gets the link's token (its e-mail carries it; only the hash is stored). */
export type BookingWrite = (appointment: AppointmentRecord, tx: Executor, manageToken: string) => Promise<void>;

/** Announces a committed change of the appointment `id` on the bus. */
export type Announce = (action: "insert" | "update" | "delete", id: string) => Promise<void>;

const { manageTokenHash: _hash, ...columns } = getTableColumns(appointments);
/** The columns every query returns: all but the token's hash. */
export const recordColumns = columns;

export function offeredAt(type: VisitType, studioKey: string | null): boolean {
  return type.active && (studioKey === null ? type.online : type.studioKeys.includes(studioKey));
}

export const holdsTime = (status: AppointmentStatus) => (timeHoldingStatuses as readonly string[]).includes(status);

export async function findType(executor: Pick<Executor, "select">, id: string): Promise<VisitType | undefined> {
  const [type] = await executor.select().from(visitTypes).where(eq(visitTypes.id, id));
  return type;
}

/**
 * Thrown inside a transaction to roll it back with the reason of the refusal; it never leaves the
 * repository: `refusalOf` turns it into the refusal returned.
 */
export class Refused extends Error {
  // A plain field, not a parameter property: scripts load this module with Node's type stripping.
  readonly reason: BookingRefusal | PatientChangeRefusal;
  constructor(reason: BookingRefusal | PatientChangeRefusal) {
    super(reason);
    this.reason = reason;
  }
}
