import type { ScheduledJob } from "~/core/jobs/scheduler.server";
import type { ArticleRepository } from "./articles.server";

/** How often scheduled articles are looked for: an article appears at most this long after its time. */
export const SCHEDULED_ARTICLES_EVERY_MS = 15_000;

/**
 * The scheduled-publication job: an article whose time has come is announced, so every page cache
 * empties and the list, the feed and the sitemap show it.
 */
export function scheduledArticlesJob(deps: { articles: ArticleRepository }): ScheduledJob {
  return {
    name: "articles-scheduled",
    schedule: { everyMs: SCHEDULED_ARTICLES_EVERY_MS },
    atStart: true,
    timeoutMs: 10_000,
    async run({ logger }) {
      const announced = await deps.articles.announceDue();
      if (announced > 0) logger.info({ announced }, "scheduled articles published");
    },
  };
}
