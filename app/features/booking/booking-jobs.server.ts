import type { Logger } from "pino";
import type { AppConfig } from "~/core/config/env.server";
import type { Mailer } from "~/core/mail/mailer.server";
import type { Executor } from "~/core/db/database.server";
import { type ScheduledJob, startScheduler } from "~/core/jobs/scheduler.server";
import type { AppointmentRecord, AppointmentRepository } from "./appointments.server";
import { patientReminderNotice } from "./booking-notices";
import { shownPrice } from "./booking-page.server";
import { ONLINE_PLACE } from "./booking-schema";
import type { BookingSite } from "./booking-submission.server";
import { type CreateReviewInvitation, inviteWrite } from "./review-invite.server";
import type { VisitTypeRepository } from "./visit-types.server";

export interface BookingJobDeps {
  appointments: AppointmentRepository;
  visitTypes: VisitTypeRepository;
  mailer: Mailer;
}

const placeOf = (site: BookingSite, appointment: Pick<AppointmentRecord, "studioKey">) =>
  site.places.find((place) => place.key === (appointment.studioKey ?? ONLINE_PLACE)) ?? {
    name: appointment.studioKey === null ? "Online" : "Studio",
    address: null,
    mapsUrl: null,
  };

/**
 * The day-before reminders now due, each queued in the outbox in the transaction that marks it sent
 * (claimDueReminders): a crash sends none twice, and a run missed catches up. Returns how many. In
 * the caller's transaction when `executor` is one (the job's lock), which then sends once committed.
 */
export async function sendDueReminders(
  deps: BookingJobDeps,
  site: BookingSite,
  now = new Date(),
  executor?: Executor,
): Promise<number> {
  // Read before the claim's transaction, or through the caller's: never a second pool connection.
  const types = new Map((await deps.visitTypes.listAll(executor)).map((type) => [type.id, type]));
  const claimed = await deps.appointments.claimDueReminders(
    now,
    async (appointment, tx) => {
      const type = types.get(appointment.visitTypeId);
      const notice = patientReminderNotice({
        appointment,
        visitTypeName: type?.name ?? "Visita",
        practitionerName: site.practitionerName,
        place: placeOf(site, appointment),
        phone: site.phone,
        sentAt: now,
        price: type ? shownPrice(type) : null,
      });
      await deps.mailer.queueTo(appointment.patientEmail, notice, tx);
    },
    executor,
  );
  if (claimed.length && !executor) deps.mailer.kick();
  return claimed.length;
}

/**
 * With the setting on, the review invitations due the day after each visit that took place, each
 * made and queued in the transaction that marks the visit invited (claimDueReviewInvites): two runs
 * at once invite once, and a run missed catches up. Returns how many.
 */
export async function sendDueReviewInvites(
  deps: { appointments: AppointmentRepository; mailer: Mailer; createReviewInvitation: CreateReviewInvitation },
  site: Pick<BookingSite, "practitionerName" | "reviewsShown">,
  now = new Date(),
  executor?: Executor,
): Promise<number> {
  // Reviews hidden: the invitation's page would not be there. Visits stay uninvited, within the
  // catch-up window, for when she shows them again.
  if (!site.reviewsShown) return 0;
  const claimed = await deps.appointments.claimDueReviewInvites(
    now,
    inviteWrite(deps, site.practitionerName),
    executor,
  );
  if (claimed.length && !executor) deps.mailer.kick();
  return claimed.length;
}

/** Every five minutes: the reminders due, then the review invitations due. */
export const REMINDER_SCHEDULE = "*/5 * * * *";
/** Every night at 03:40: appointments past the retention period deleted. */
export const RETENTION_SCHEDULE = "40 3 * * *";

/** A run past this is given up (the scheduler logs it): each claims a few rows, in seconds. */
const JOB_TIMEOUT_MS = 5 * 60_000;

export interface BookingJobServices {
  appointments: AppointmentRepository;
  visitTypes: VisitTypeRepository;
  mailer: Mailer;
  createReviewInvitation: CreateReviewInvitation;
  logger: Logger;
  config: Pick<AppConfig, "siteUrl">;
  /** What the e-mails take from the site content (places, her name and phone). */
  loadSite: () => Promise<BookingSite>;
}

/**
 * The booking's jobs, for the scheduler (server/jobs.ts, decision 49): the reminders then the review
 * invitations due, every five minutes and once at start (a server down when one fell due sends it as
 * soon as it is back); the retention purge nightly. Besides the scheduler's lock, each works in the
 * transaction of its own advisory lock (withJobLock: the reminders' claim is safe anyway; the lock
 * saves the work). Each logs its own outcome and never throws.
 */
export function bookingJobs(services: BookingJobServices): ScheduledJob[] {
  const { appointments, logger } = services;
  return [
    {
      name: "booking-reminders",
      schedule: { cron: REMINDER_SCHEDULE },
      atStart: true,
      timeoutMs: JOB_TIMEOUT_MS,
      async run() {
        // The site read once, before the locks' transactions: inside them, only through them.
        let site: Awaited<ReturnType<typeof services.loadSite>>;
        try {
          site = await services.loadSite();
        } catch (error) {
          logger.error({ err: error }, "booking reminders failed");
          return;
        }
        try {
          const sent = await appointments.withJobLock("reminders", (tx) =>
            sendDueReminders(services, site, new Date(), tx),
          );
          if (sent) services.mailer.kick();
          if (sent) logger.info({ sent }, "booking reminders queued");
        } catch (error) {
          logger.error({ err: error }, "booking reminders failed");
        }
        try {
          const invited = await appointments.withJobLock("review-invites", (tx) =>
            sendDueReviewInvites(services, site, new Date(), tx),
          );
          if (invited) services.mailer.kick();
          if (invited) logger.info({ invited }, "review invitations queued");
        } catch (error) {
          logger.error({ err: error }, "review invitations failed");
        }
      },
    },
    {
      name: "booking-retention",
      schedule: { cron: RETENTION_SCHEDULE },
      timeoutMs: JOB_TIMEOUT_MS,
      async run() {
        try {
          const deleted = await appointments.withJobLock("retention", (tx) =>
            appointments.deleteExpired(new Date(), tx),
          );
          if (deleted !== undefined) logger.info({ deleted }, "old appointments deleted");
        } catch (error) {
          logger.error({ err: error }, "deleting old appointments failed");
        }
      },
    },
  ];
}

/**
 * The booking's jobs alone, without the scheduler's lock (a test of them; the site runs them with
 * every other job, server/jobs.ts).
 */
export function startBookingJobs(services: BookingJobServices): { stop(): Promise<void> } {
  return startScheduler(bookingJobs(services), { logger: services.logger });
}
