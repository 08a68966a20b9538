import type { AppConfig } from "~/core/config/env.server";
import type { AppointmentStatus } from "~/core/db/booking-values";
import type { ActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { refusal } from "~/core/forms/respond.server";
import { formatItalianDate, formatItalianDay } from "~/core/format/italian-format";
import { addDays, romeDate, romeInstant, romeTime } from "~/core/format/rome-clock";
import type { Mailer } from "~/core/mail/mailer.server";
import type { Executor } from "~/core/db/database.server";
import {
  AGENDA_DAYS,
  RECENT_DAYS,
  agendaMoveSchema,
  agendaStatusSchema,
  minuteOfDay,
  phoneBookingSchema,
} from "./agenda-schema";
import type { AgendaEntry, AppointmentRecord, AppointmentRepository } from "./appointments.server";
import { type AgendaNoticeKind, patientAgendaNotice, patientBookedNotice } from "./booking-notices";
import { ONLINE_PLACE } from "./booking-schema";
import type { BookingSettingsRepository } from "./booking-settings.server";
import type { BookingSite } from "./booking-submission.server";
import { managePath } from "./booking-submission.server";
import { patientEventFile } from "./calendar-files.server";
import { AGENDA_MESSAGES } from "./messages";
import { type CreateReviewInvitation, inviteWrite } from "./review-invite.server";
import type { VisitTypeRepository } from "./visit-types.server";

export interface AgendaDeps {
  appointments: AppointmentRepository;
  visitTypes: VisitTypeRepository;
  bookingSettings: BookingSettingsRepository;
  mailer: Mailer;
  config: Pick<AppConfig, "siteUrl">;
  createReviewInvitation: CreateReviewInvitation;
}

const STATUS_LABELS: Record<AppointmentStatus, string> = {
  pending: "Da confermare",
  confirmed: "Confermata",
  declined: "Rifiutata",
  cancelled: "Annullata",
  no_show: "Non si è presentato",
};

/** One appointment as the agenda shows it. */
export interface AgendaItem {
  id: string;
  /** "09:30–10:30", Italy's clock. */
  time: string;
  day: string;
  place: string;
  visitTypeName: string;
  status: AppointmentStatus;
  statusLabel: string;
  patientName: string;
  patientEmail: string;
  patientPhone: string;
  note: string | null;
  /** Begun: it can be marked missed. */
  started: boolean;
  /**
   * The review invitation: "invite" once a confirmed visit has ended, then the day it was sent
   * ("26 novembre 2026"); null before the visit's end or for any other status.
   */
  reviewInvite: { sentOn: string | null } | null;
}

export interface AgendaDay {
  date: string;
  label: string;
  items: AgendaItem[];
}

const placeName = (site: BookingSite, entry: Pick<AppointmentRecord, "studioKey">) =>
  site.places.find((place) => place.key === (entry.studioKey ?? ONLINE_PLACE))?.name ??
  (entry.studioKey === null ? "Online" : "Studio");

export function agendaItem(entry: AgendaEntry, site: BookingSite, now: Date): AgendaItem {
  return {
    id: entry.id,
    time: `${romeTime(entry.startsAt.getTime())}–${romeTime(entry.endsAt.getTime())}`,
    day: romeDate(entry.startsAt.getTime()),
    place: placeName(site, entry),
    visitTypeName: entry.visitTypeName,
    status: entry.status,
    statusLabel: STATUS_LABELS[entry.status],
    patientName: entry.patientName,
    patientEmail: entry.patientEmail,
    patientPhone: entry.patientPhone,
    note: entry.note,
    started: entry.startsAt.getTime() <= now.getTime(),
    reviewInvite: entry.reviewInvitedAt
      ? { sentOn: formatItalianDate(entry.reviewInvitedAt.toISOString()) }
      : entry.status === "confirmed" && entry.endsAt.getTime() <= now.getTime()
        ? { sentOn: null }
        : null,
  };
}

/** Today and the coming days in Italy, with every request, visit and visit marked missed, by day. */
export async function loadAgenda(
  deps: Pick<AgendaDeps, "appointments">,
  site: BookingSite,
  now = new Date(),
): Promise<AgendaDay[]> {
  const today = romeDate(now.getTime());
  const entries = await deps.appointments.listUpcoming(new Date(romeInstant(today, 0)), {
    until: new Date(romeInstant(addDays(today, AGENDA_DAYS), 0)),
    statuses: ["pending", "confirmed", "no_show"],
  });
  return byDay(entries, site, now);
}

/** The visits that took place in the last days before today, the latest day first: to invite a review. */
export async function loadRecentVisits(
  deps: Pick<AgendaDeps, "appointments">,
  site: BookingSite,
  now = new Date(),
): Promise<AgendaDay[]> {
  const today = romeDate(now.getTime());
  const entries = await deps.appointments.listUpcoming(new Date(romeInstant(addDays(today, -RECENT_DAYS), 0)), {
    until: new Date(romeInstant(today, 0)),
    statuses: ["confirmed"],
  });
  return byDay(entries, site, now).reverse();
}

function byDay(entries: AgendaEntry[], site: BookingSite, now: Date): AgendaDay[] {
  const days: AgendaDay[] = [];
  for (const entry of entries) {
    const item = agendaItem(entry, site, now);
    let day = days.at(-1);
    if (day?.date !== item.day) {
      day = { date: item.day, label: formatItalianDay(item.day), items: [] };
      days.push(day);
    }
    day.items.push(item);
  }
  return days;
}

/** An agenda action's answer; `target` names the appointment whose form it belongs to. */
export type AgendaActionResult = ActionResult & { status: number; target?: string };

const placeOf = (site: BookingSite, appointment: Pick<AppointmentRecord, "studioKey">) => {
  const place = site.places.find((p) => p.key === (appointment.studioKey ?? ONLINE_PLACE));
  return place ?? { name: placeName(site, appointment), address: null, mapsUrl: null };
};

async function mailContext(deps: AgendaDeps, visitTypeId: string) {
  const [type, settings] = await Promise.all([deps.visitTypes.get(visitTypeId), deps.bookingSettings.get()]);
  return { visitTypeName: type?.name ?? "Visita", cancellationLimitHours: settings.cancellationLimitHours };
}

function calendarFile(deps: AgendaDeps, site: BookingSite, appointment: AppointmentRecord, visitTypeName: string) {
  const place = placeOf(site, appointment);
  const ics = patientEventFile({
    appointment,
    visitTypeName,
    practitionerName: site.practitionerName,
    studio: place.address ? { name: place.name, address: place.address, mapsUrl: place.mapsUrl ?? "" } : null,
    siteHost: new URL(deps.config.siteUrl).hostname,
  });
  return [{ filename: "visita.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: ics }];
}

/** The patient's e-mail for what she did, with the calendar file (also for a cancellation: it removes the event). */
function tellPatient(deps: AgendaDeps, site: BookingSite, visitTypeName: string, kind: AgendaNoticeKind) {
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
    });
    await deps.mailer.queueTo(
      appointment.patientEmail,
      { ...notice, attachments: calendarFile(deps, site, appointment, visitTypeName) },
      tx,
    );
  };
}

const done = (message: string): AgendaActionResult => ({ ok: true, status: 200, message });
const refused = (message: string, status = 409, target?: string): AgendaActionResult => ({
  ok: false,
  status,
  message,
  target,
});

/** One of her actions from the agenda, by the form's `intent`; the patient's e-mail in the same transaction. */
export async function agendaAction(
  deps: AgendaDeps,
  form: FormData,
  site: BookingSite,
  now = new Date(),
): Promise<AgendaActionResult> {
  const intent = form.get("intent");
  if (intent === "move") return moveAppointment(deps, form, site);
  if (intent === "book") return bookByPhone(deps, form, site);
  const parsed = parseSubmission(form, agendaStatusSchema);
  if (parsed.status !== "success") return refused(AGENDA_MESSAGES.invalid, 400);
  const { id } = parsed.value;
  if (parsed.value.intent === "review_invite") {
    const invited = await deps.appointments.inviteToReview(id, now, inviteWrite(deps, site.practitionerName));
    if (!invited) return refused(AGENDA_MESSAGES.reviewInviteRefused);
    deps.mailer.kick();
    return done(AGENDA_MESSAGES.reviewInvited);
  }
  if (parsed.value.intent === "no_show") {
    return (await deps.appointments.markNoShow(id, now))
      ? done(AGENDA_MESSAGES.noShow)
      : refused(AGENDA_MESSAGES.noShowRefused);
  }
  const found = await deps.appointments.get(id);
  if (!found) return refused(AGENDA_MESSAGES.notFound, 404);
  const { visitTypeName } = await mailContext(deps, found.visitTypeId);
  const changed =
    parsed.value.intent === "confirm"
      ? await deps.appointments.confirm(id, tellPatient(deps, site, visitTypeName, "confirmed"))
      : parsed.value.intent === "decline"
        ? await deps.appointments.decline(id, tellPatient(deps, site, visitTypeName, "declined"))
        : await deps.appointments.cancel(id, tellPatient(deps, site, visitTypeName, "cancelled"));
  if (!changed)
    return refused(parsed.value.intent === "cancel" ? AGENDA_MESSAGES.notActive : AGENDA_MESSAGES.notPending);
  deps.mailer.kick();
  const messages = {
    confirm: AGENDA_MESSAGES.confirmed,
    decline: AGENDA_MESSAGES.declined,
    cancel: AGENDA_MESSAGES.cancelled,
  };
  return done(messages[parsed.value.intent]);
}

async function moveAppointment(deps: AgendaDeps, form: FormData, site: BookingSite): Promise<AgendaActionResult> {
  const parsed = parseSubmission(form, agendaMoveSchema);
  const target = typeof form.get("id") === "string" ? String(form.get("id")) : undefined;
  if (parsed.status !== "success") return { ...refusal(parsed, AGENDA_MESSAGES.invalid), status: 400, target };
  const { id, day, time } = parsed.value;
  const found = await deps.appointments.get(id);
  if (!found) return refused(AGENDA_MESSAGES.notFound, 404, id);
  const { visitTypeName } = await mailContext(deps, found.visitTypeId);
  const result = await deps.appointments.moveByPractitioner(
    id,
    new Date(romeInstant(day, minuteOfDay(time))),
    tellPatient(deps, site, visitTypeName, "moved"),
  );
  if (!result.ok) {
    if (result.reason !== "taken") return refused(AGENDA_MESSAGES.notActive, 409, id);
    // Next to the time, with the values as typed: she picks another.
    return {
      ...refused(AGENDA_MESSAGES.taken, 409, id),
      reply: parsed.reply({ fieldErrors: { time: [AGENDA_MESSAGES.taken] } }),
    };
  }
  deps.mailer.kick();
  return done(AGENDA_MESSAGES.moved);
}

/** A visit she books herself: confirmed; the patient gets the booking's e-mail with her two links. */
async function bookByPhone(deps: AgendaDeps, form: FormData, site: BookingSite): Promise<AgendaActionResult> {
  const parsed = parseSubmission(form, phoneBookingSchema);
  if (parsed.status !== "success") return { ...refusal(parsed, AGENDA_MESSAGES.invalid), status: 400, target: "book" };
  const input = parsed.value;
  const place = site.places.find((p) => p.key === input.place);
  if (!place)
    return {
      ...refused(AGENDA_MESSAGES.placeRequired, 400, "book"),
      reply: parsed.reply({ fieldErrors: { place: [AGENDA_MESSAGES.placeRequired] } }),
    };
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
      });
      await deps.mailer.queueTo(
        appointment.patientEmail,
        { ...notice, attachments: calendarFile(deps, site, appointment, mail.visitTypeName) },
        tx,
      );
    },
  );
  if (!result.ok) {
    const [field, message] =
      result.reason === "taken" ? ["time", AGENDA_MESSAGES.taken] : ["visitTypeId", AGENDA_MESSAGES.visitTypeRequired];
    return { ...refused(message, 409, "book"), reply: parsed.reply({ fieldErrors: { [field]: [message] } }) };
  }
  deps.mailer.kick();
  return done(AGENDA_MESSAGES.booked);
}
