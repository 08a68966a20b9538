// The to-do list may mention a day with unusual traffic. "Unusual", simply: yesterday (in
// Italy) had more than three times the median visitors of the 28 days before it, and at least 30
// (a quiet site going from 2 to 7 visitors is no news). Read from the daily aggregates only.
import { sql } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { rowsOf } from "~/core/db/rows";
import { addDays, romeDate } from "~/core/format/rome-clock";

export const UNUSUAL_TIMES_MEDIAN = 3;
export const UNUSUAL_MIN_VISITORS = 30;
const BEFORE_DAYS = 28;

export interface UnusualDay {
  day: string;
  visitors: number;
  /** The median visitors per day of the 28 days before (days without visits count as 0). */
  median: number;
}

/** Yesterday, when its visitors were unusual; otherwise null. */
export async function unusualTraffic(db: Db, at: number = Date.now()): Promise<UnusualDay | null> {
  const yesterday = addDays(romeDate(at), -1);
  const first = addDays(yesterday, -BEFORE_DAYS);
  const rows = rowsOf<{ day: string; visitors: number }>(
    await db.execute(sql`
    select day::text, visitors from statistics_days where day between ${first} and ${yesterday}`),
  );
  const byDay = new Map(rows.map((row) => [row.day, row.visitors]));
  const visitors = byDay.get(yesterday) ?? 0;
  if (visitors < UNUSUAL_MIN_VISITORS) return null;
  const before: number[] = [];
  for (let day = first; day < yesterday; day = addDays(day, 1)) before.push(byDay.get(day) ?? 0);
  before.sort((a, b) => a - b);
  const middle = before.length / 2;
  const median = (before[middle - 1]! + before[middle]!) / 2;
  return visitors > UNUSUAL_TIMES_MEDIAN * median ? { day: yesterday, visitors, median } : null;
}
