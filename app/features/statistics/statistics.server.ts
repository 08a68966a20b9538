// What the "Statistiche" screen reads, her setting to keep the aggregates, and
// their deletion after two years (item 3). Aggregates only: nothing here can name a visitor.
import { sql } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { rowsOf } from "~/core/db/rows";
import { statisticsSettings } from "./schema";
import { addDays, romeDate } from "~/core/format/rome-clock";
import { type Result, succeeded } from "~/core/result";
import { RETENTION_YEARS } from "./retention";
import { PERIODS, type PeriodDays } from "./statistics-schema";

/** The booking's counts of a day, read by the composition from the appointments (a port: no feature import). */
export interface BookingDay {
  day: string;
  /** Visits booked or asked for that day (any outcome since). */
  made: number;
  /** Of those, requests she had to confirm. */
  requests: number;
}
export type BookingCounts = (from: string, to: string) => Promise<BookingDay[]>;

export interface Totals {
  views: number;
  visitors: number;
}

export interface StatisticsReport {
  days: PeriodDays;
  from: string;
  to: string;
  /** The same totals for 7, 30 and 365 days, with the period before each. */
  periods: { days: PeriodDays; current: Totals; before: Totals }[];
  /** Every day of the chosen period, oldest first, days without visits included. */
  daily: { day: string; views: number; visitors: number }[];
  topPages: { path: string; views: number; visitors: number }[];
  topRecipes: { path: string; views: number; visitors: number }[];
  topArticles: { path: string; views: number; visitors: number }[];
  sources: { dimension: "referrer" | "utm_source" | "utm_campaign" | "device"; value: string; count: number }[];
  /** Per day: views of /prenota, times chosen there, visits booked and requests made. */
  funnel: { day: string; bookingViews: number; timesChosen: number; made: number; requests: number }[];
  keepAll: boolean;
}

const TOP = 10;
const BOOKING_PATH = "/prenota";

export async function loadStatistics(
  db: Db,
  bookings: BookingCounts,
  days: PeriodDays,
  at: number = Date.now(),
): Promise<StatisticsReport> {
  const to = romeDate(at);
  const from = addDays(to, -(days - 1));
  const totals = async (first: string, last: string): Promise<Totals> => {
    const rows = rowsOf<{ views: number; visitors: number }>(
      await db.execute(sql`
      select coalesce(sum(views), 0)::int as views, coalesce(sum(visitors), 0)::int as visitors
        from statistics_days where day between ${first} and ${last}`),
    );
    return rows[0] ?? { views: 0, visitors: 0 };
  };
  const periods = [];
  for (const period of PERIODS) {
    const start = addDays(to, -(period - 1));
    periods.push({
      days: period,
      current: await totals(start, to),
      before: await totals(addDays(start, -period), addDays(start, -1)),
    });
  }
  const dayRows = rowsOf<{ day: string; views: number; visitors: number; timesChosen: number }>(
    await db.execute(sql`
    select day::text, views, visitors, times_chosen as "timesChosen" from statistics_days
     where day between ${from} and ${to}`),
  );
  const byDay = new Map(dayRows.map((row) => [row.day, row]));
  const daily = everyDay(from, to).map((day) => ({
    day,
    views: byDay.get(day)?.views ?? 0,
    visitors: byDay.get(day)?.visitors ?? 0,
  }));
  const top = async (pattern: string) =>
    rowsOf<{ path: string; views: number; visitors: number }>(
      await db.execute(sql`
        select path, sum(views)::int as views, sum(visitors)::int as visitors from statistics_pages
         where day between ${from} and ${to} and path like ${pattern}
         group by path order by views desc, path limit ${TOP}`),
    );
  const sources = rowsOf<StatisticsReport["sources"][number]>(
    await db.execute(sql`
    select dimension, value, count from (
      select dimension, value, sum(count)::int as count,
             row_number() over (partition by dimension order by sum(count) desc, value) as rank
        from statistics_sources where day between ${from} and ${to} group by dimension, value) ranked
     where rank <= ${TOP} order by dimension, count desc, value`),
  );
  const bookingViews = rowsOf<{ day: string; views: number }>(
    await db.execute(sql`
    select day::text, views from statistics_pages where path = ${BOOKING_PATH} and day between ${from} and ${to}`),
  );
  const viewsByDay = new Map(bookingViews.map((row) => [row.day, row.views]));
  const made = new Map((await bookings(from, to)).map((row) => [row.day, row]));
  const funnel = everyDay(from, to).map((day) => ({
    day,
    bookingViews: viewsByDay.get(day) ?? 0,
    timesChosen: byDay.get(day)?.timesChosen ?? 0,
    made: made.get(day)?.made ?? 0,
    requests: made.get(day)?.requests ?? 0,
  }));
  return {
    days,
    from,
    to,
    periods,
    daily,
    topPages: await top("/%"),
    topRecipes: await top("/ricette/%"),
    topArticles: await top("/articoli/%"),
    sources,
    funnel,
    keepAll: await keepsAll(db),
  };
}

function everyDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Whether she keeps every day's aggregates (the privacy page says so). */
export async function keepsAll(db: Db): Promise<boolean> {
  const [row] = await db.select({ keepAll: statisticsSettings.keepAll }).from(statisticsSettings);
  return row?.keepAll ?? false;
}

/** Her choice: keep every day's aggregates, or delete them after two years. */
export async function saveRetention(db: Db, keepAll: boolean): Promise<Result<undefined, never>> {
  await db
    .insert(statisticsSettings)
    .values({ id: true, keepAll })
    .onConflictDoUpdate({ target: statisticsSettings.id, set: { keepAll } });
  return succeeded();
}

/** Deletes the aggregates of days more than two years old, unless she keeps them all. */
export async function deleteOldStatistics(db: Db, at: number = Date.now()): Promise<number> {
  if (await keepsAll(db)) return 0;
  const today = romeDate(at);
  const oldest = `${Number(today.slice(0, 4)) - RETENTION_YEARS}${today.slice(4)}`;
  return db.transaction(async (tx) => {
    let deleted = 0;
    for (const table of [sql`statistics_days`, sql`statistics_pages`, sql`statistics_sources`]) {
      const [result] = rowsOf<{ deleted: number }>(
        await tx.execute(sql`with gone as (delete from ${table} where day < ${oldest}::date returning 1)
          select count(*)::int as deleted from gone`),
      );
      deleted += result?.deleted ?? 0;
    }
    return deleted;
  });
}

export const CSV_HEADER = "tipo;giorno;pagina o provenienza;visualizzazioni;visitatori";

/**
 * The report's rows as CSV (semicolon-separated, as Italian spreadsheets open it), one line per day
 * and page or source: the header, then one chunk per day, read a day at a time so a long period never
 * holds more than a day's capped rows (DAY_CAPS) in memory or in one statement.
 */
export async function* statisticsCsv(db: Db, from: string, to: string): AsyncGenerator<string> {
  yield `${CSV_HEADER}\r\n`;
  for (const day of everyDay(from, to)) {
    const rows = rowsOf<{ kind: string; label: string; count: number; visitors: number | null }>(
      await db.execute(sql`
      select * from (
        select 0 as part, 'pagina' as kind, path as label, views as count, visitors from statistics_pages
         where day = ${day}
        union all
        select 1, dimension, value, count, null from statistics_sources where day = ${day}
        union all
        select 2, 'orari scelti', ${BOOKING_PATH}, times_chosen, null from statistics_days
         where day = ${day} and times_chosen > 0
      ) rows order by part, kind, label`),
    );
    if (rows.length === 0) continue;
    const lines = rows.map((row) =>
      [SOURCE_KIND[row.kind as keyof typeof SOURCE_KIND] ?? row.kind, day, row.label, row.count, row.visitors ?? ""]
        .map(csvCell)
        .join(";"),
    );
    yield `${lines.join("\r\n")}\r\n`;
  }
}

const SOURCE_KIND = {
  referrer: "provenienza",
  utm_source: "utm_source",
  utm_campaign: "utm_campaign",
  device: "dispositivo",
} as const;

/** A cell quoted when it must be, and never read as a formula by a spreadsheet. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
