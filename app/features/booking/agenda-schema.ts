/**
 * The agenda's forms (her actions on an appointment, a new time, a phone booking): zod schemas the
 * server parses with and the browser checks with. The patient's fields are the booking form's.
 */
import { z } from "zod";
import { romeDate } from "~/core/format/rome-clock";
import { bookingSchema } from "./booking-schema";
import { AGENDA_MESSAGES as M } from "./messages";

const DAY = 86_400_000;

/** Her agenda's address. */
export const AGENDA_PAGE = "/admin/agenda";

/** How many days a page of the agenda shows (two weeks); its links move it a week at a time. */
export const AGENDA_DAYS = 14;

/**
 * Where her agenda shows an appointment, for her e-mail: a request in the list of requests on the
 * first page; a visit on the page (whole weeks from today's) that holds its day in Italy.
 */
export function agendaPath(appointment: { id: string; status: string; startsAt: Date }, now: Date): string {
  const anchor = `#appuntamento-${appointment.id}`;
  const days = (Date.parse(romeDate(appointment.startsAt.getTime())) - Date.parse(romeDate(now.getTime()))) / DAY;
  const week = Math.floor(Math.round(days) / 7);
  return appointment.status === "pending" || week <= 0
    ? `${AGENDA_PAGE}${anchor}`
    : `${AGENDA_PAGE}?settimana=${week}${anchor}`;
}

const isRealDate = (value: string) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

/** A day in Italy, as a date input sends it ("YYYY-MM-DD"). */
const day = z
  .string({ error: M.dayInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.dayInvalid })
  .refine(isRealDate, { error: M.dayInvalid });
/** A time on Italy's clock, as a time input sends it ("HH:MM"). */
const time = z.string({ error: M.timeInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: M.timeInvalid });

/** How many days before today the agenda lists the visits that took place (to invite a review). */
export const RECENT_DAYS = 7;

/** One press on an appointment: confirm, decline, cancel, mark missed, invite to review. */
export const agendaStatusSchema = z.object({
  intent: z.enum(["confirm", "decline", "cancel", "no_show", "review_invite"], { error: M.invalid }),
  id: z.uuid({ error: M.notFound }),
});

/** A new time she agreed with the patient. */
export const agendaMoveSchema = z.object({
  intent: z.literal("move", { error: M.invalid }),
  id: z.uuid({ error: M.notFound }),
  day,
  time,
});

/** A visit she books herself (by phone): where, what, when, and the patient's details. */
export const phoneBookingSchema = z.object({
  intent: z.literal("book", { error: M.invalid }),
  place: z.string({ error: M.placeRequired }).min(1, { error: M.placeRequired }).max(80, { error: M.placeRequired }),
  visitTypeId: z.uuid({ error: M.visitTypeRequired }),
  day,
  time,
  name: bookingSchema.shape.name,
  email: bookingSchema.shape.email,
  phone: bookingSchema.shape.phone,
  note: bookingSchema.shape.note,
});

/** From how many weeks after the visit to how many she can ask the follow-up for. */
export const FOLLOW_UP_WEEKS = { min: 2, max: 26 } as const;

/** "Ricorda il controllo tra N settimane", with the type to book then; or its cancel. */
export const followUpSchema = z.object({
  intent: z.literal("follow_up", { error: M.invalid }),
  id: z.uuid({ error: M.notFound }),
  weeks: z
    .number({ error: M.followUpWeeks })
    .int({ error: M.followUpWeeks })
    .min(FOLLOW_UP_WEEKS.min, { error: M.followUpWeeks })
    .max(FOLLOW_UP_WEEKS.max, { error: M.followUpWeeks }),
  visitTypeId: z.uuid({ error: M.visitTypeRequired }),
});
export const followUpCancelSchema = z.object({
  intent: z.literal("follow_up_cancel", { error: M.invalid }),
  id: z.uuid({ error: M.notFound }),
});

/** Every form of the agenda, told apart by its `intent` (the server parses with this one). */
export const agendaActionSchema = z.discriminatedUnion(
  "intent",
  [agendaStatusSchema, agendaMoveSchema, phoneBookingSchema, followUpSchema, followUpCancelSchema],
  {
    error: M.invalid,
  },
);
export type AgendaInput = z.infer<typeof agendaActionSchema>;
export type PhoneBookingInput = z.infer<typeof phoneBookingSchema>;

/** Minutes after midnight of "HH:MM". */
export const minuteOfDay = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
