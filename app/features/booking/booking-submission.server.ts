import type { Logger } from "pino";
import { placeFor } from "./place-param";
import type { AppConfig } from "~/core/config/env.server";
import type { AppointmentStatus } from "./booking-values";
import type { Mailer } from "~/core/mail/mailer.server";
import type { Executor } from "~/core/db/database.server";
import type { RateLimiter } from "~/core/server/rate-limit.server";
import { type Result, refused, succeeded } from "~/core/result";
import type {
  AppointmentRecord,
  AppointmentRepository,
  BookingRefusal,
  PatientChangeRefusal,
} from "./appointments.server";
import { agendaPath } from "./agenda-schema";
import { type BookingInput, ONLINE_PLACE } from "./booking-schema";
import type { BookingSettingsRepository } from "./booking-settings.server";
import { patientBookedNotice, patientCancelledNotice, practitionerBookingNotice } from "./booking-notices";
import { type BookingSite, calendarAttachment, type MailContext, mailContext, placeOf } from "./booking-mails.server";
import type { VisitTypeRepository } from "./visit-types.server";
import { closeWaitingEntries } from "./waiting-list-writes.server";

/** Bookings that reach the database: per client address an hour, per e-mail address a day. */
export const BOOKING_RATE_LIMITS = {
  perClient: { max: 20, windowMs: 60 * 60 * 1000 },
  perEmail: { max: 5, windowMs: 24 * 60 * 60 * 1000 },
} as const;

export interface BookingDeps {
  appointments: AppointmentRepository;
  visitTypes: VisitTypeRepository;
  bookingSettings: BookingSettingsRepository;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  logger: Logger;
  config: Pick<AppConfig, "siteUrl">;
}

export type { BookingSite } from "./booking-mails.server";

/** Booked: her link's token, and whether the visit is confirmed or a request. */
export type BookingSubmission = Result<
  { manageToken: string; status: AppointmentStatus },
  BookingRefusal | "placeUnknown" | "rateLimited"
>;

/** Her link to see, cancel or move the appointment. */
export const managePath = (token: string) => `/prenota/gestisci/${token}`;

function links(siteUrl: string, token: string) {
  return { manageUrl: `${siteUrl}${managePath(token)}`, changeUrl: `${siteUrl}${managePath(token)}?cambia=1` };
}

/** The patient's e-mail with the calendar file, and the practitioner's notice, in the booking's transaction. */
async function queueBookedMails(
  deps: BookingDeps,
  site: BookingSite & { now?: Date },
  mail: MailContext,
  appointment: AppointmentRecord,
  token: string,
  tx: Executor,
  previous?: AppointmentRecord,
) {
  const place = placeOf(site, appointment);
  const kind = previous ? "moved" : "booked";
  await deps.mailer.queueTo(
    appointment.patientEmail,
    {
      ...patientBookedNotice({
        appointment,
        visitTypeName: mail.visitTypeName,
        practitionerName: site.practitionerName,
        place,
        ...links(deps.config.siteUrl, token),
        cancellationLimitHours: mail.cancellationLimitHours,
        phone: site.phone,
        kind,
        price: mail.price,
      }),
      attachments: calendarAttachment(deps.config.siteUrl, site, appointment, mail.visitTypeName),
    },
    tx,
  );
  await deps.mailer.queue(
    practitionerBookingNotice({
      appointment,
      visitTypeName: mail.visitTypeName,
      place,
      kind,
      previousStartsAt: previous?.startsAt,
      agendaUrl: `${deps.config.siteUrl}${agendaPath(appointment, site.now ?? new Date())}`,
    }),
    tx,
  );
}

/**
 * One booking from the page, the form already parsed: rate limits (per client and per e-mail), then
 * the repository's booking, which checks the time again and lets the database settle a race; the
 * e-mails are queued in its transaction.
 */
export async function submitBooking(
  deps: BookingDeps,
  input: BookingInput,
  context: BookingSite & { clientIp: string; now?: Date },
): Promise<BookingSubmission> {
  const place = placeFor(context.places, input.sede);
  if (!place) return refused("placeUnknown");

  const counted = await deps.rateLimiter.takeAll([
    { key: `booking:ip:${context.clientIp}`, rule: BOOKING_RATE_LIMITS.perClient },
    { key: `booking:email:${input.email.toLowerCase()}`, rule: BOOKING_RATE_LIMITS.perEmail },
  ]);
  if (!counted.allowed) {
    deps.logger.warn({ clientIp: context.clientIp }, "booking rate-limited");
    return refused("rateLimited");
  }

  const mail = await mailContext(deps, input.visita);
  const result = await deps.appointments.book(
    {
      visitTypeId: input.visita,
      studioKey: place.key === ONLINE_PLACE ? null : place.key,
      startsAt: new Date(input.ora),
      patient: { name: input.name, email: input.email, phone: input.phone },
      note: input.note ?? null,
    },
    { hours: place.hours, now: context.now },
    async (appointment, tx, token) => {
      await queueBookedMails(deps, context, mail, appointment, token, tx);
      // Booked: her waiting for this visit type is over.
      await closeWaitingEntries(tx, appointment.patientEmail, appointment.visitTypeId);
    },
  );
  if (!result.ok) return result;
  deps.mailer.kick();
  return succeeded({ manageToken: result.value.manageToken, status: result.value.appointment.status });
}

/** The patient cancels by her link; both e-mails in its transaction. "unknown": no appointment has this link. */
export async function cancelByLink(
  deps: BookingDeps,
  token: string,
  context: BookingSite & { now?: Date },
): Promise<Result<undefined, PatientChangeRefusal>> {
  const found = await deps.appointments.findByManageToken(token);
  if (!found) return refused("unknown");
  const mail = await mailContext(deps, found.visitTypeId);
  const result = await deps.appointments.cancelByPatient(token, context.now, async (appointment, tx) => {
    const place = placeOf(context, appointment);
    await deps.mailer.queueTo(
      appointment.patientEmail,
      {
        ...patientCancelledNotice({
          appointment,
          visitTypeName: mail.visitTypeName,
          place,
          bookingUrl: `${deps.config.siteUrl}/prenota`,
        }),
        // METHOD:CANCEL: the event leaves her calendar.
        attachments: calendarAttachment(deps.config.siteUrl, context, appointment, mail.visitTypeName),
      },
      tx,
    );
    await deps.mailer.queue(
      practitionerBookingNotice({ appointment, visitTypeName: mail.visitTypeName, place, kind: "cancelled" }),
      tx,
    );
  });
  if (!result.ok) return result;
  deps.mailer.kick();
  return succeeded();
}

/**
 * The patient moves her visit by her link to another free time; the e-mails (with a new calendar
 * file) in its transaction. Moved: the visit's status now (a request again, or confirmed).
 */
export async function moveByLink(
  deps: BookingDeps,
  token: string,
  startsAt: string,
  context: BookingSite & { now?: Date },
): Promise<Result<AppointmentStatus, PatientChangeRefusal | BookingRefusal | "timeMissing">> {
  const found = await deps.appointments.findByManageToken(token);
  const instant = new Date(startsAt);
  if (!found) return refused("unknown");
  if (Number.isNaN(instant.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(startsAt)) return refused("timeMissing");
  const place = placeOf(context, found);
  const hours = "hours" in place ? place.hours : undefined;
  if (!hours) return refused("visitTypeUnavailable");
  const mail = await mailContext(deps, found.visitTypeId);
  const result = await deps.appointments.moveByPatient(
    token,
    instant,
    { hours, now: context.now },
    (appointment, tx, previous) => queueBookedMails(deps, context, mail, appointment, token, tx, previous),
  );
  if (!result.ok) return result;
  deps.mailer.kick();
  return succeeded(result.value.appointment.status);
}
