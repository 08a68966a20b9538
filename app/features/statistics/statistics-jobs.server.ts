// The statistics' background jobs (decision 59): the salts and visitor marks of past days deleted
// (every ten minutes: a day's salt outlives its day by minutes, not hours), and the aggregates older
// than two years deleted each night unless she keeps them.
import type { Db } from "~/core/db/database.server";
import type { ScheduledJob } from "~/core/jobs/scheduler.server";
import { forgetPastDays } from "./page-counter.server";
import { deleteOldStatistics } from "./statistics.server";

export function statisticsJobs(db: Db): ScheduledJob[] {
  return [
    {
      name: "statistics-forget-past-days",
      schedule: { everyMs: 10 * 60_000 },
      atStart: true,
      timeoutMs: 60_000,
      async run({ logger }) {
        const { salts } = await forgetPastDays(db, Date.now());
        if (salts > 0) logger.info({ salts }, "statistics: past days' salts and visitor marks deleted");
      },
    },
    {
      name: "statistics-retention",
      schedule: { cron: "50 3 * * *" },
      atStart: true,
      timeoutMs: 5 * 60_000,
      async run({ logger }) {
        const deleted = await deleteOldStatistics(db);
        if (deleted > 0) logger.info({ deleted }, "statistics older than two years deleted");
      },
    },
  ];
}
