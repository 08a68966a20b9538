import type { Logger } from "pino";
import type { AppConfig } from "~/core/config/env.server";
import type { ActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import type { Mailer } from "~/core/mail/mailer.server";
import type { Executor } from "~/core/db/database.server";
import type { RateLimiter } from "~/core/server/rate-limit.server";
import type { AppointmentRecord, AppointmentRepository } from "./appointments.server";
import type { BookingPlace } from "./booking-page.server";
import { type BookingFormValues, bookingSchema, ONLINE_PLACE, typedBookingValues } from "./booking-schema";
import type { BookingSettingsRepository } from "./booking-settings.server";
import { patientBookedNotice, patientCancelledNotice, practitionerBookingNotice } from "./booking-notices";
import { patientEventFile } from "./calendar-files.server";
import { BOOKING_FORM_MESSAGES, BOOKING_MESSAGES } from "./messages";
import type { VisitTypeRepository } from "./visit-types.server";

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

/** What the route knows from the site content: the places and who she is. */
export interface BookingSite {
  places: readonly BookingPlace[];
  practitionerName: string;
  phone: string;
}

/** The booking action's answer: refused with the fields as typed, or booked with her link's token. */
export type BookingActionResult = ActionResult & {
  values?: BookingFormValues;
  /** The time was gone: the page shows the other free times of that day. */
  taken?: boolean;
  /** No appointment has this link (never had, or the retention purge deleted it): the link's 404 page. */
  linkGone?: boolean;
};

export type BookingSubmission = BookingActionResult & { status: number; manageToken?: string };

/** Her link to see, cancel or move the appointment. */
export const managePath = (token: string) => `/prenota/gestisci/${token}`;

function links(siteUrl: string, token: string) {
  return { manageUrl: `${siteUrl}${managePath(token)}`, changeUrl: `${siteUrl}${managePath(token)}?cambia=1` };
}

const placeOf = (site: BookingSite, appointment: Pick<AppointmentRecord, "studioKey">) =>
  site.places.find((place) => place.key === (appointment.studioKey ?? ONLINE_PLACE)) ?? {
    key: appointment.studioKey ?? ONLINE_PLACE,
    name: appointment.studioKey === null ? "Online" : "Studio",
    address: null,
    mapsUrl: null,
  };

/** What the e-mails need beyond the appointment, read before the transaction (no second connection inside it). */
async function mailContext(deps: BookingDeps, visitTypeId: string) {
  const [type, settings] = await Promise.all([deps.visitTypes.get(visitTypeId), deps.bookingSettings.get()]);
  return { visitTypeName: type?.name ?? "Visita", cancellationLimitHours: settings.cancellationLimitHours };
}

/** The patient's e-mail with the calendar file, and the practitioner's notice, in the booking's transaction. */
async function queueBookedMails(
  deps: BookingDeps,
  site: BookingSite,
  mail: Awaited<ReturnType<typeof mailContext>>,
  appointment: AppointmentRecord,
  token: string,
  tx: Executor,
  previous?: AppointmentRecord,
) {
  const place = placeOf(site, appointment);
  const ics = patientEventFile({
    appointment,
    visitTypeName: mail.visitTypeName,
    practitionerName: site.practitionerName,
    studio: place.address ? { name: place.name, address: place.address, mapsUrl: place.mapsUrl ?? "" } : null,
    siteHost: new URL(deps.config.siteUrl).hostname,
  });
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
      }),
      attachments: [
        { filename: "visita.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: ics },
      ],
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
    }),
    tx,
  );
}

/**
 * One booking from the page: the schema, rate limits (per client and per e-mail), then the
 * repository's booking, which checks the time again and lets the database settle a race; the
 * e-mails are queued in its transaction.
 */
export async function submitBooking(
  deps: BookingDeps,
  form: FormData,
  context: BookingSite & { clientIp: string; now?: Date },
): Promise<BookingSubmission> {
  const submission = parseSubmission(form, bookingSchema);
  const values = typedBookingValues(form);
  if (submission.status !== "success") {
    if (!(await deps.rateLimiter.countRefusal(context.clientIp)))
      return { ok: false, status: 429, message: BOOKING_FORM_MESSAGES.rateLimited, values };
    const first = Object.values(submission.error ?? {}).find((messages) => messages?.[0])?.[0];
    return {
      ok: false,
      status: 400,
      message: first ?? BOOKING_FORM_MESSAGES.failed,
      reply: submission.reply(),
      values,
    };
  }
  const input = submission.value;
  const place = context.places.find((p) => p.key === input.sede);
  if (!place) return { ok: false, status: 400, message: BOOKING_FORM_MESSAGES.timeMissing, values };

  const counted = await deps.rateLimiter.takeAll([
    { key: `booking:ip:${context.clientIp}`, rule: BOOKING_RATE_LIMITS.perClient },
    { key: `booking:email:${input.email.toLowerCase()}`, rule: BOOKING_RATE_LIMITS.perEmail },
  ]);
  if (!counted.allowed) {
    deps.logger.warn({ clientIp: context.clientIp }, "booking rate-limited");
    return { ok: false, status: 429, message: BOOKING_FORM_MESSAGES.rateLimited, values };
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
    (appointment, tx, token) => queueBookedMails(deps, context, mail, appointment, token, tx),
  );
  if (!result.ok) {
    return {
      ok: false,
      status: 409,
      message: result.message,
      values,
      taken: result.reason !== "visit_type_unavailable",
    };
  }
  deps.mailer.kick();
  return {
    ok: true,
    status: 200,
    message:
      result.appointment.status === "pending" ? BOOKING_FORM_MESSAGES.requested : BOOKING_FORM_MESSAGES.confirmed,
    manageToken: result.manageToken,
  };
}

/** The patient cancels by her link; both e-mails in its transaction. */
export async function cancelByLink(
  deps: BookingDeps,
  token: string,
  context: BookingSite & { now?: Date },
): Promise<BookingActionResult> {
  const found = await deps.appointments.findByManageToken(token);
  if (!found) return { ok: false, message: BOOKING_MESSAGES.linkInvalid, linkGone: true };
  const mail = await mailContext(deps, found.visitTypeId);
  const result = await deps.appointments.cancelByPatient(token, context.now, async (appointment, tx) => {
    const place = placeOf(context, appointment);
    await deps.mailer.queueTo(
      appointment.patientEmail,
      patientCancelledNotice({
        appointment,
        visitTypeName: mail.visitTypeName,
        place,
        bookingUrl: `${deps.config.siteUrl}/prenota`,
      }),
      tx,
    );
    await deps.mailer.queue(
      practitionerBookingNotice({ appointment, visitTypeName: mail.visitTypeName, place, kind: "cancelled" }),
      tx,
    );
  });
  if (!result.ok) return { ok: false, message: result.message };
  deps.mailer.kick();
  return { ok: true, message: BOOKING_FORM_MESSAGES.cancelled };
}

/** The patient moves her visit by her link to another free time; the e-mails (with a new calendar file) in its transaction. */
export async function moveByLink(
  deps: BookingDeps,
  token: string,
  startsAt: string,
  context: BookingSite & { now?: Date },
): Promise<BookingActionResult> {
  const found = await deps.appointments.findByManageToken(token);
  const instant = new Date(startsAt);
  if (!found) return { ok: false, message: BOOKING_MESSAGES.linkInvalid, linkGone: true };
  if (Number.isNaN(instant.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(startsAt)) {
    return { ok: false, message: BOOKING_FORM_MESSAGES.timeMissing };
  }
  const place = placeOf(context, found);
  const hours = "hours" in place ? place.hours : undefined;
  if (!hours) return { ok: false, message: BOOKING_MESSAGES.visitTypeUnavailable };
  const mail = await mailContext(deps, found.visitTypeId);
  const result = await deps.appointments.moveByPatient(
    token,
    instant,
    { hours, now: context.now },
    (appointment, tx, previous) => queueBookedMails(deps, context, mail, appointment, token, tx, previous),
  );
  if (!result.ok)
    return { ok: false, message: result.message, taken: result.reason === "taken" || result.reason === "unavailable" };
  deps.mailer.kick();
  return {
    ok: true,
    message: result.appointment.status === "pending" ? BOOKING_FORM_MESSAGES.movedRequest : BOOKING_FORM_MESSAGES.moved,
  };
}
