// Every background job of the site, registered with the one scheduler (app/core/jobs/scheduler.server.ts,
// decision 49): the core's housekeeping and the features' jobs, each run under its advisory lock by one
// process at a time. The outbox worker is not one of them: every process drains the outbox at once,
// rows claimed with SKIP LOCKED, woken as soon as a mail is queued (app/core/mail/mailer.server.ts).
import { bookingSite } from "~/booking-site";
import { scheduledArticlesJob } from "~/features/articles/article-jobs.server";
import type { ScheduledJob } from "~/core/jobs/scheduler.server";
import { ORPHAN_SWEEP_INTERVAL_MS, sweepOrphanMedia } from "~/core/media/orphan-sweep.server";
import { nightlyBackupJob, weeklyDrillJob } from "~/features/backups/scheduler.server";
import { bookingJobs } from "~/features/booking/booking-jobs.server";
import { followUpJobs } from "~/features/booking/follow-up-jobs.server";
import { calendarSourceJobs } from "~/features/booking/calendar-refresh.server";
import { waitingListJob } from "~/features/booking/waiting-list-job.server";
import { newsletterJobs } from "~/features/newsletter/newsletter-jobs.server";
import { statisticsJobs } from "~/features/statistics/statistics-jobs.server";
import type { AppServices } from "~/services.server";

const HOUR_MS = 60 * 60_000;

export function siteJobs(services: AppServices): ScheduledJob[] {
  const { logger } = services;
  const backup = nightlyBackupJob(services);
  const drill = weeklyDrillJob(services);
  const loadSite = async () => bookingSite((await services.siteContent.current()).content);
  return [
    {
      // Attempts older than any rate-limit window are of no use.
      name: "rate-limit-prune",
      schedule: { everyMs: HOUR_MS },
      atStart: true,
      timeoutMs: 60_000,
      async run() {
        await services.rateLimiter.prune(24 * HOUR_MS);
      },
    },
    {
      // E-mail copies kept long enough (sent ones after 30 days, undelivered ones after 90): privacy page.
      name: "outbox-purge",
      schedule: { everyMs: HOUR_MS },
      atStart: true,
      timeoutMs: 60_000,
      async run() {
        const deleted = await services.mailer.purgeOld();
        if (deleted > 0) logger.info({ deleted }, "old e-mail copies deleted from the outbox");
      },
    },
    {
      // Media an interrupted upload left behind (a crash between its files and its row).
      name: "orphan-media-sweep",
      schedule: { everyMs: ORPHAN_SWEEP_INTERVAL_MS },
      atStart: true,
      timeoutMs: 10 * 60_000,
      async run() {
        const { removed, temporaryRemoved } = await sweepOrphanMedia(services.database.db, services.media);
        if (removed.length + temporaryRemoved.length > 0)
          logger.info({ removed, temporaryRemoved }, "orphan media removed");
      },
    },
    ...(backup ? [backup] : []),
    // Decision 76: the newest backup restored into a scratch copy every week, then thrown away.
    ...(drill ? [drill] : []),
    // The day-before reminders, the review invitations and the retention purge; the e-mails take the
    // places from the content.
    ...bookingJobs({ ...services, loadSite }),
    // Her other calendars read for their busy times (decision 53).
    ...calendarSourceJobs({ ...services, allowPrivate: services.config.calendarFetchAllowPrivate }),
    // The follow-up e-mails due.
    ...followUpJobs({ ...services, loadSite }),
    // The waiting list: freed times mailed to the people waiting, expired entries deleted.
    waitingListJob({ ...services, withJobLock: services.appointments.withJobLock, loadSite }),
    // Scheduled articles announced at their time (the pages and their cache follow).
    scheduledArticlesJob(services),
    // Past days' salts forgotten, aggregates older than two years deleted unless she keeps them.
    ...statisticsJobs(services.database.db),
    // A newsletter's copies queued a batch at a time; unconfirmed addresses deleted.
    ...newsletterJobs(services),
  ];
}
