import { eq, sum } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { statisticsPages } from "~/features/statistics/schema";

/** Every view of a page counted so far, all days together (the statistics' own table, decision 59). */
export async function pageViewsOf(db: Db, pagePath: string): Promise<number> {
  const [row] = await db
    .select({ views: sum(statisticsPages.views) })
    .from(statisticsPages)
    .where(eq(statisticsPages.path, pagePath));
  return Number(row?.views ?? 0);
}
