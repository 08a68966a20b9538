import type { AppConfig } from "~/core/config/env.server";
import type { ScheduledJob } from "~/core/jobs/scheduler.server";
import type { Mailer } from "~/core/mail/mailer.server";
import type { BookingSite } from "./booking-mails.server";
import { patientFollowUpNotice } from "./booking-notices";
import { shownPrice } from "./booking-page.server";
import { ONLINE_PLACE } from "./booking-schema";
import { placeParamOfKey } from "./place-param";
import { type DetailsLinks, FOLLOW_UP_VALID_DAYS } from "./details-link.server";
import type { FollowUpRepository } from "./follow-ups.server";

export interface FollowUpJobDeps {
  followUps: FollowUpRepository;
  mailer: Mailer;
  detailsLinks: DetailsLinks;
  config: Pick<AppConfig, "siteUrl">;
}

/**
 * /prenota on the follow-up's type at the visit's place, her details filled from that appointment
 * through a signed reference (no personal data in the address). The place by its name's slug today:
 * a studio renamed since the visit is not named the old way in a new e-mail.
 */
export function followUpBookingUrl(
  deps: Pick<FollowUpJobDeps, "detailsLinks" | "config">,
  due: { appointmentId: string; visitTypeId: string; studioKey: string | null },
  places: BookingSite["places"],
  now: Date,
): string {
  const search = new URLSearchParams({
    sede: placeParamOfKey(places, due.studioKey ?? ONLINE_PLACE),
    visita: due.visitTypeId,
    da: deps.detailsLinks.ref(due.appointmentId, FOLLOW_UP_VALID_DAYS, now),
  });
  return `${deps.config.siteUrl}/prenota?${search}`;
}

/**
 * The follow-ups due today in Italy, each e-mailed to its patient through the outbox in the
 * transaction that marks it sent (claimDue): two runs at once send it once. Returns how many.
 */
export async function sendDueFollowUps(
  deps: FollowUpJobDeps,
  site: Pick<BookingSite, "practitionerName" | "phone" | "places">,
  now = new Date(),
): Promise<number> {
  const sent = await deps.followUps.claimDue(now, async (due, tx) => {
    const notice = patientFollowUpNotice({
      patientName: due.patientName,
      visitTypeName: due.visitTypeName,
      practitionerName: site.practitionerName,
      phone: site.phone,
      url: followUpBookingUrl(deps, due, site.places, now),
      validDays: FOLLOW_UP_VALID_DAYS,
      price: shownPrice(due),
    });
    await deps.mailer.queueTo(due.patientEmail, notice, tx);
  });
  if (sent.length) deps.mailer.kick();
  return sent.length;
}

/** Every quarter of an hour and at start (a server down on the day catches up as it is back). */
export const FOLLOW_UP_SCHEDULE = "*/15 * * * *";

/** The follow-up e-mails' job, for the one scheduler (server/jobs.ts, decision 49). */
export function followUpJobs(
  services: FollowUpJobDeps & { loadSite: () => Promise<Pick<BookingSite, "practitionerName" | "phone" | "places">> },
): ScheduledJob[] {
  return [
    {
      name: "booking-follow-ups",
      schedule: { cron: FOLLOW_UP_SCHEDULE },
      atStart: true,
      timeoutMs: 5 * 60_000,
      async run({ logger }) {
        const sent = await sendDueFollowUps(services, await services.loadSite());
        if (sent) logger.info({ sent }, "follow-up e-mails queued");
      },
    },
  ];
}
