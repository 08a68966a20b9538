import type { AppConfig } from "~/core/config/env.server";
import { romeInstant } from "~/core/format/rome-clock";
import type { Mailer } from "~/core/mail/mailer.server";
import type { Executor } from "~/core/db/database.server";
import { type Result, refused, succeeded } from "~/core/result";
import { type AgendaInput, minuteOfDay, type PhoneBookingInput } from "./agenda-schema";
import type { AppointmentRecord, AppointmentRepository } from "./appointments.server";
import { type AgendaNoticeKind, patientAgendaNotice, patientBookedNotice } from "./booking-notices";
import { type BookingSite, calendarAttachment, type MailContext, mailContext, placeOf } from "./booking-mails.server";
import { ONLINE_PLACE } from "./booking-schema";
import type { BookingSettingsRepository } from "./booking-settings.server";
import { managePath } from "./booking-submission.server";
import type { FollowUpRepository } from "./follow-ups.server";
import { type CreateReviewInvitation, inviteWrite } from "./review-invite.server";
import type { VisitTypeRepository } from "./visit-types.server";

export interface AgendaDeps {
  appointments: AppointmentRepository;
  visitTypes: VisitTypeRepository;
  bookingSettings: BookingSettingsRepository;
  mailer: Mailer;
  config: Pick<AppConfig, "siteUrl">;
  createReviewInvitation: CreateReviewInvitation;
  followUps: FollowUpRepository;
}

/** Why one of her actions changed nothing; the route says it (messages.ts, AGENDA_REFUSALS). */
export type AgendaRefusal =
  | "notFound"
  | "notPending"
  | "notActive"
  | "noShowRefused"
  | "reviewInviteRefused"
  | "reviewsHidden"
  | "taken"
  | "placeRequired"
  | "visitTypeRequired"
  | "followUpRefused"
  | "followUpMissing";

export type AgendaOutcome = Result<undefined, AgendaRefusal>;

/** The patient's e-mail for what she did, with the calendar file (also for a cancellation: it removes the event). */
function tellPatient(
  deps: AgendaDeps,
  site: BookingSite,
  { visitTypeName, price }: Pick<MailContext, "visitTypeName" | "price">,
  kind: AgendaNoticeKind,
) {
  return async (appointment: AppointmentRecord, tx: Executor, previous?: AppointmentRecord) => {
    const notice = patientAgendaNotice({
      appointment,
      visitTypeName,
      practitionerName: site.practitionerName,
      place: placeOf(site, appointment),
      kind,
      phone: site.phone,
      bookingUrl: `${deps.config.siteUrl}/prenota`,
      previousStartsAt: previous?.startsAt,
      price,
    });
    await deps.mailer.queueTo(
      appointment.patientEmail,
      { ...notice, attachments: calendarAttachment(deps.config.siteUrl, site, appointment, visitTypeName) },
      tx,
    );
  };
}

/** What was written left an e-mail in the outbox: send it now. */
const sent = (deps: AgendaDeps): AgendaOutcome => {
  deps.mailer.kick();
  return succeeded();
};

/** One of her actions from the agenda, by its `intent`; the patient's e-mail in the same transaction. */
export async function agendaAction(
  deps: AgendaDeps,
  input: AgendaInput,
  site: BookingSite,
  now = new Date(),
): Promise<AgendaOutcome> {
  switch (input.intent) {
    case "move":
      return moveAppointment(deps, input, site);
    case "book":
      return bookByPhone(deps, input, site);
    case "review_invite":
      if (!site.reviewsShown) return refused("reviewsHidden");
      return (await deps.appointments.inviteToReview(input.id, now, inviteWrite(deps, site.practitionerName)))
        ? sent(deps)
        : refused("reviewInviteRefused");
    case "follow_up":
      return (await deps.followUps.plan(
        { appointmentId: input.id, visitTypeId: input.visitTypeId, weeks: input.weeks },
        now,
      ))
        ? succeeded()
        : refused("followUpRefused");
    case "follow_up_cancel":
      return (await deps.followUps.cancel(input.id)) ? succeeded() : refused("followUpMissing");
    case "no_show":
      return (await deps.appointments.markNoShow(input.id, now)) ? succeeded() : refused("noShowRefused");
    default:
      return changeStatus(deps, { intent: input.intent, id: input.id }, site);
  }
}

/** She confirms or declines a request, or cancels a visit: the patient told in the change's transaction. */
async function changeStatus(
  deps: AgendaDeps,
  { intent, id }: { intent: "confirm" | "decline" | "cancel"; id: string },
  site: BookingSite,
): Promise<AgendaOutcome> {
  const found = await deps.appointments.get(id);
  if (!found) return refused("notFound");
  const mail = await mailContext(deps, found.visitTypeId);
  const changed =
    intent === "confirm"
      ? await deps.appointments.confirm(id, tellPatient(deps, site, mail, "confirmed"))
      : intent === "decline"
        ? await deps.appointments.decline(id, tellPatient(deps, site, mail, "declined"))
        : await deps.appointments.cancel(id, tellPatient(deps, site, mail, "cancelled"));
  if (!changed) return refused(intent === "cancel" ? "notActive" : "notPending");
  return sent(deps);
}

/** A new time she agreed with the patient, on Italy's clock; only a time another appointment holds is refused. */
async function moveAppointment(
  deps: AgendaDeps,
  { id, day, time }: { id: string; day: string; time: string },
  site: BookingSite,
): Promise<AgendaOutcome> {
  const found = await deps.appointments.get(id);
  if (!found) return refused("notFound");
  const result = await deps.appointments.moveByPractitioner(
    id,
    new Date(romeInstant(day, minuteOfDay(time))),
    tellPatient(deps, site, await mailContext(deps, found.visitTypeId), "moved"),
  );
  if (!result.ok) return refused(result.reason === "taken" ? "taken" : "notActive");
  return sent(deps);
}

/** A visit she books herself (by phone): confirmed; the patient gets the booking's e-mail with her two links. */
async function bookByPhone(deps: AgendaDeps, input: PhoneBookingInput, site: BookingSite): Promise<AgendaOutcome> {
  const place = site.places.find((p) => p.key === input.place);
  if (!place) return refused("placeRequired");
  const mail = await mailContext(deps, input.visitTypeId);
  const result = await deps.appointments.bookByPractitioner(
    {
      visitTypeId: input.visitTypeId,
      studioKey: place.key === ONLINE_PLACE ? null : place.key,
      startsAt: new Date(romeInstant(input.day, minuteOfDay(input.time))),
      patient: { name: input.name, email: input.email, phone: input.phone },
      note: input.note ?? null,
    },
    async (appointment, tx, token) => {
      const url = `${deps.config.siteUrl}${managePath(token)}`;
      const notice = patientBookedNotice({
        appointment,
        visitTypeName: mail.visitTypeName,
        practitionerName: site.practitionerName,
        place,
        manageUrl: url,
        changeUrl: `${url}?cambia=1`,
        cancellationLimitHours: mail.cancellationLimitHours,
        phone: site.phone,
        price: mail.price,
      });
      await deps.mailer.queueTo(
        appointment.patientEmail,
        { ...notice, attachments: calendarAttachment(deps.config.siteUrl, site, appointment, mail.visitTypeName) },
        tx,
      );
    },
  );
  if (!result.ok) return refused(result.reason === "taken" ? "taken" : "visitTypeRequired");
  return sent(deps);
}
