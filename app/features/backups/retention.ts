import { romeWallClock } from "~/core/format/rome-clock";

/** How many copies in the bucket are kept: the newest of each of the last N days, weeks and months. */
export interface RetentionPolicy {
  daily: number;
  weekly: number;
  monthly: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = { daily: 7, weekly: 4, monthly: 12 };

/** One copy, named and dated as its backup was made. */
export interface DatedCopy {
  name: string;
  at: Date;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The day, ISO week and month of `at` by Italy's clock (the site's, whatever the server's zone). */
function periods(at: Date): { daily: string; weekly: string; monthly: string } {
  const rome = romeWallClock(at.getTime());
  const y = rome.getUTCFullYear();
  const m = rome.getUTCMonth() + 1;
  const d = rome.getUTCDate();
  // ISO week: the week that holds the Thursday of this date's week.
  const thursday = new Date(Date.UTC(y, m - 1, d));
  thursday.setUTCDate(d - ((thursday.getUTCDay() + 6) % 7) + 3);
  // Week 1's Thursday falls on 1 to 7 January.
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(thursday.getUTCFullYear(), 0, 1)) / (7 * 86_400_000));
  return {
    daily: `${y}-${pad(m)}-${pad(d)}`,
    weekly: `${thursday.getUTCFullYear()}-W${pad(week)}`,
    monthly: `${y}-${pad(m)}`,
  };
}

/**
 * The copies to keep: walking from the newest, the first copy of each of the last `daily` days that
 * have one, of each of the last `weekly` weeks and of each of the last `monthly` months (the newest
 * of a period stands for it). The newest copy is always kept. Everything else may be deleted.
 */
export function copiesToKeep(copies: readonly DatedCopy[], policy: RetentionPolicy = DEFAULT_RETENTION): Set<string> {
  const newestFirst = [...copies].sort((a, b) => b.at.getTime() - a.at.getTime() || (a.name < b.name ? 1 : -1));
  const keep = new Set<string>();
  const seen = { daily: new Set<string>(), weekly: new Set<string>(), monthly: new Set<string>() };
  for (const copy of newestFirst) {
    const of = periods(copy.at);
    for (const kind of ["daily", "weekly", "monthly"] as const) {
      if (seen[kind].has(of[kind]) || seen[kind].size >= policy[kind]) continue;
      seen[kind].add(of[kind]);
      keep.add(copy.name);
    }
  }
  if (newestFirst[0]) keep.add(newestFirst[0].name);
  return keep;
}
