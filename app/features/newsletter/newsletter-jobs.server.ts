import type { ScheduledJob } from "~/core/jobs/scheduler.server";
import type { Mailer } from "~/core/mail/mailer.server";
import { queueNewsletterCopies, type SiteAddress } from "./newsletter-actions.server";
import type { NewsletterRepository } from "./newsletter.server";

/** How often the sending job queues a batch: with NEWSLETTER_BATCH, the bound on the rate. */
export const NEWSLETTER_SEND_EVERY_MS = 10_000;

/**
 * The newsletter's jobs: the copies of a newsletter being sent queued a batch at a time (at start
 * too: a send a crash interrupted resumes), and pending addresses whose link expired deleted.
 */
export function newsletterJobs(deps: {
  newsletter: NewsletterRepository;
  mailer: Mailer;
  config: SiteAddress;
}): ScheduledJob[] {
  return [
    {
      name: "newsletter-send",
      schedule: { everyMs: NEWSLETTER_SEND_EVERY_MS },
      atStart: true,
      timeoutMs: 30_000,
      async run({ logger }) {
        const queued = await queueNewsletterCopies(deps);
        if (queued > 0) logger.info({ queued }, "newsletter copies queued");
      },
    },
    {
      name: "newsletter-pending-purge",
      schedule: { everyMs: 60 * 60_000 },
      atStart: true,
      timeoutMs: 60_000,
      async run({ logger }) {
        const deleted = await deps.newsletter.deleteExpiredPending();
        if (deleted > 0) logger.info({ deleted }, "unconfirmed newsletter addresses deleted");
      },
    },
  ];
}
