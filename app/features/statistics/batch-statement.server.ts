// A batch of counts as one statement adds it to PostgreSQL (decisions 59 and 68):
// the day's marks hashed, every row sorted, the visitors counted from the marks new to the table.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "~/core/db/database.server";
import type { DeviceClass } from "./counting";

export type SourceDimension = "referrer" | "utm_source" | "utm_campaign";

export interface DayCounts {
  views: number;
  /** Times chosen on the booking page (the funnel's step between its views and the bookings). */
  timesChosen: number;
  pages: Map<string, number>;
  /** `${dimension}\t${value}` → views. */
  sources: Map<string, number>;
  /** Each client (address, then user agent; memory only) → the pages it viewed and its device. */
  clients: Map<string, Map<string, { pages: Set<string>; device: DeviceClass }>>;
  /** How many clients `clients` holds. */
  clientCount: number;
}

export interface Batch {
  id: string;
  days: Map<string, DayCounts>;
}

/** A visitor's mark for the day: the salt, the client and (for a page's visitors) the page, hashed. */
function mark(salt: string, client: string, path: string): string {
  return createHash("sha256")
    .update(salt)
    .update("\0")
    .update(client)
    .update("\0")
    .update(path)
    .digest("hex")
    .slice(0, 32);
}

/** A batch as the statement that adds it takes it: one array per column, each in one order. */
interface BatchRows {
  marks: { day: string[]; mark: string[]; path: (string | null)[]; device: DeviceClass[] };
  days: { day: string[]; views: number[]; timesChosen: number[] };
  pages: { day: string[]; path: string[]; views: number[] };
  sources: { day: string[]; dimension: string[]; value: string[]; count: number[] };
}

/**
 * The batch's rows, sorted: two batches adding to the same rows take them in one order in every
 * process and never deadlock. A day without a salt (ended long ago, its salt deleted) has no marks:
 * its views count, its visitors are not told apart.
 */
function batchRows(batch: Batch, salts: ReadonlyMap<string, string | null>): BatchRows {
  const rows: BatchRows = {
    marks: { day: [], mark: [], path: [], device: [] },
    days: { day: [], views: [], timesChosen: [] },
    pages: { day: [], path: [], views: [] },
    sources: { day: [], dimension: [], value: [], count: [] },
  };
  for (const day of [...batch.days.keys()].sort()) {
    const counts = batch.days.get(day)!;
    rows.days.day.push(day);
    rows.days.views.push(counts.views);
    rows.days.timesChosen.push(counts.timesChosen);
    for (const path of [...counts.pages.keys()].sort()) {
      rows.pages.day.push(day);
      rows.pages.path.push(path);
      rows.pages.views.push(counts.pages.get(path)!);
    }
    for (const key of [...counts.sources.keys()].sort()) {
      const [dimension, value] = key.split("\t") as [string, string];
      rows.sources.day.push(day);
      rows.sources.dimension.push(dimension);
      rows.sources.value.push(value);
      rows.sources.count.push(counts.sources.get(key)!);
    }
    const salt = salts.get(day);
    if (!salt) continue;
    // Every client's mark for the site and for each page it viewed; the ones new today are new visitors.
    const marks = new Map<string, { path: string | null; device: DeviceClass }>();
    for (const [address, agents] of counts.clients)
      for (const [userAgent, { pages, device }] of agents) {
        const client = `${address}\n${userAgent}`;
        marks.set(mark(salt, client, ""), { path: null, device });
        for (const path of pages) marks.set(mark(salt, client, path), { path, device });
      }
    for (const key of [...marks.keys()].sort()) {
      const { path, device } = marks.get(key)!;
      rows.marks.day.push(day);
      rows.marks.mark.push(key);
      rows.marks.path.push(path);
      rows.marks.device.push(device);
    }
  }
  return rows;
}

/**
 * Distinct sources (per dimension) and pages kept apart per day; the rest of the day's are summed in
 * one row, OTHERS. A referrer or a campaign is the visitor's to choose: without this, a stream of
 * unique ones adds rows for two years until her screen cannot read them.
 */
export const DAY_CAPS = { sources: 200, pages: 300 } as const;
export const OTHER_SOURCES = "Altri";
export const OTHER_PAGES = "/(altre pagine)";

/**
 * Adds one batch in one statement (atomic by itself): nothing if its id was added already. The marks
 * new today make the visitors of the day, of each page and of each device. It was a transaction of
 * seven statements, which is what counting added to the p99 of the pages it counts (decision 68).
 * The day's caps are exact for one writer; processes writing at the same instant each see the rows
 * before theirs, so a day holds at most the caps times the writers: bounded, whatever visitors send.
 */
export async function addBatch(db: Executor, batch: Batch, salts: ReadonlyMap<string, string | null>): Promise<void> {
  const { marks, days, pages, sources } = batchRows(batch, salts);
  await db.execute(sql`
    with batch as (
      insert into statistics_batches (id) values (${batch.id}) on conflict do nothing returning id
    ), input_marks as (
      select * from unnest(${sql.param(marks.day)}::date[], ${sql.param(marks.mark)}::text[],
                           ${sql.param(marks.path)}::text[], ${sql.param(marks.device)}::text[])
        as t(day, mark, path, device)
    ), new_marks as (
      insert into statistics_volatile.marks (day, mark)
      select day, mark from input_marks where exists (select from batch) order by day, mark
      on conflict do nothing returning day, mark
    ), fresh as (
      select i.day, i.path, i.device from new_marks n join input_marks i on i.day = n.day and i.mark = n.mark
    ), added_days as (
      insert into statistics_days (day, views, visitors, times_chosen)
      select d.day, d.views, (select count(*) from fresh f where f.day = d.day and f.path is null), d.times_chosen
        from unnest(${sql.param(days.day)}::date[], ${sql.param(days.views)}::int[],
                    ${sql.param(days.timesChosen)}::int[]) as d(day, views, times_chosen)
       where exists (select from batch)
      on conflict (day) do update set views = statistics_days.views + excluded.views,
        visitors = statistics_days.visitors + excluded.visitors,
        times_chosen = statistics_days.times_chosen + excluded.times_chosen
    ), incoming_pages as (
      select p.day, p.path, p.views, (select count(*) from fresh f where f.day = p.day and f.path = p.path) as visitors,
             exists (select from statistics_pages e where e.day = p.day and e.path = p.path) as known
        from unnest(${sql.param(pages.day)}::date[], ${sql.param(pages.path)}::text[],
                    ${sql.param(pages.views)}::int[]) as p(day, path, views)
    ), ranked_pages as (
      select *, row_number() over (partition by day, known order by views desc, path) as rank from incoming_pages
    ), added_pages as (
      insert into statistics_pages (day, path, views, visitors)
      select day, path, sum(views), sum(visitors) from (
          select r.day, r.views, r.visitors,
                 case when r.known or r.rank <= ${DAY_CAPS.pages} -
                        (select count(*) from statistics_pages e where e.day = r.day and e.path <> ${OTHER_PAGES})
                      then r.path else ${OTHER_PAGES} end as path
            from ranked_pages r) kept
       where exists (select from batch)
       group by day, path
       order by day, path
      on conflict (day, path) do update set views = statistics_pages.views + excluded.views,
        visitors = statistics_pages.visitors + excluded.visitors
    ), incoming_sources as (
      select day, dimension, value, sum(count)::int as count from (
          select * from unnest(${sql.param(sources.day)}::date[], ${sql.param(sources.dimension)}::text[],
                               ${sql.param(sources.value)}::text[], ${sql.param(sources.count)}::int[])
            as s(day, dimension, value, count)
          union all
          select day, 'device', device, count(*) from fresh where path is null group by day, device
        ) s
       group by day, dimension, value
    ), ranked_sources as (
      select i.*, exists (select from statistics_sources e
                           where e.day = i.day and e.dimension = i.dimension and e.value = i.value) as known
        from incoming_sources i
    ), added_sources as (
      insert into statistics_sources (day, dimension, value, count)
      select day, dimension, value, sum(count) from (
          select r.day, r.dimension, r.count,
                 case when r.known or r.dimension = 'device' or
                        row_number() over (partition by r.day, r.dimension, r.known order by r.count desc, r.value) <=
                        ${DAY_CAPS.sources} - (select count(*) from statistics_sources e
                                     where e.day = r.day and e.dimension = r.dimension and e.value <> ${OTHER_SOURCES})
                      then r.value else ${OTHER_SOURCES} end as value
            from ranked_sources r) kept
       where exists (select from batch)
       group by day, dimension, value
       order by day, dimension, value
      on conflict (day, dimension, value) do update set count = statistics_sources.count + excluded.count
    )
    select count(*) as added from batch`);
}
