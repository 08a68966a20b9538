// Page views counted in memory and added to PostgreSQL in batches (issue 45, item 3; decision 59):
// one transaction per process every few seconds, adding to what the other processes and instances
// added. A batch is added once: its id is written in the same transaction, so one retried after an
// unknown outcome (the connection lost during the commit) is not added twice. A kill -9 loses the
// views of the seconds since the last write, never counts one twice.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db, Executor } from "~/core/db/database.server";
import { rowsOf } from "~/core/db/rows";
import { romeDate } from "~/core/format/rome-clock";
import type { DeviceClass, PageView } from "./counting";

/** How often a process writes its counts: one write per few seconds, whatever the traffic. */
export const FLUSH_EVERY_MS = 5_000;
/** Distinct visitors held per batch (a flood beyond this is still counted as views). */
const MAX_CLIENTS_PER_BATCH = 20_000;
/** Distinct sources per day in a batch: free text from the query string must not grow it without bound. */
const MAX_SOURCES_PER_BATCH = 500;
/** Batches kept for a retry while the database cannot be written (a minute of failed writes at most). */
const MAX_PENDING_BATCHES = 12;
/**
 * A day's salt is made only while its day is still today or ended less than this ago: a batch
 * holding the last seconds of yesterday still finds yesterday's salt, and a salt deleted is never made
 * again (its visitors would be counted twice).
 */
export const SALT_GRACE_MINUTES = 10;

type SourceDimension = "referrer" | "utm_source" | "utm_campaign";

interface DayCounts {
  views: number;
  /** Times chosen on the booking page (the funnel's step between its views and the bookings). */
  timesChosen: number;
  pages: Map<string, number>;
  /** `${dimension}\t${value}` → views. */
  sources: Map<string, number>;
  /** Each client (address and user agent, memory only) → the pages it viewed and its device. */
  clients: Map<string, { pages: Set<string>; device: DeviceClass }>;
}

interface Batch {
  id: string;
  days: Map<string, DayCounts>;
}

export interface PageCounter {
  /** Counts a view (memory only: no database wait on the request). */
  record(view: PageView, at?: number): void;
  /** Counts a time chosen on the booking page: a number of the day, nothing about who chose it. */
  recordTimeChosen(at?: number): void;
  /** Writes what is counted so far (tests, and the timer). */
  flush(): Promise<void>;
  /** Stops the timer and writes the last counts (SIGTERM, before the database closes). */
  close(): Promise<void>;
}

const newBatch = (): Batch => ({ id: randomUUID(), days: new Map() });

export function createPageCounter(
  db: Db,
  logger: Logger,
  options: { everyMs?: number; now?: () => number } = {},
): PageCounter {
  const now = options.now ?? Date.now;
  let current = newBatch();
  /** Batches whose write failed, retried first with their ids. */
  const pending: Batch[] = [];
  let writing: Promise<void> = Promise.resolve();
  let warnedFull = false;

  function dayCounts(at: number): DayCounts {
    const day = romeDate(at);
    let counts = current.days.get(day);
    if (!counts) {
      counts = { views: 0, timesChosen: 0, pages: new Map(), sources: new Map(), clients: new Map() };
      current.days.set(day, counts);
    }
    return counts;
  }

  function record(view: PageView, at = now()) {
    const counts = dayCounts(at);
    counts.views++;
    counts.pages.set(view.path, (counts.pages.get(view.path) ?? 0) + 1);
    const sources: [SourceDimension, string | null][] = [
      ["referrer", view.referrer],
      ["utm_source", view.utmSource],
      ["utm_campaign", view.utmCampaign],
    ];
    for (const [dimension, value] of sources) {
      if (!value) continue;
      const key = `${dimension}\t${value}`;
      if (counts.sources.has(key) || counts.sources.size < MAX_SOURCES_PER_BATCH)
        counts.sources.set(key, (counts.sources.get(key) ?? 0) + 1);
    }
    const client = counts.clients.get(view.client);
    if (client) client.pages.add(view.path);
    else if (counts.clients.size < MAX_CLIENTS_PER_BATCH)
      counts.clients.set(view.client, { pages: new Set([view.path]), device: view.device });
    else if (!warnedFull) {
      warnedFull = true;
      logger.warn("statistics: too many visitors in one batch; the rest counted as views only");
    }
  }

  async function writeAll() {
    if (current.days.size > 0) {
      pending.push(current);
      current = newBatch();
      warnedFull = false;
    }
    while (pending.length > 0) {
      const batch = pending[0]!;
      try {
        await db.transaction((tx) => addBatch(tx, batch, now()));
        pending.shift();
      } catch (error) {
        // Kept with its id for the next write; past a minute of failures the oldest is given up.
        if (pending.length > MAX_PENDING_BATCHES) pending.shift();
        logger.warn({ err: error }, "statistics: counts not written, kept for the next try");
        return;
      }
    }
  }

  const flush = () => {
    writing = writing.then(writeAll);
    return writing;
  };

  const timer = setInterval(() => void flush(), options.everyMs ?? FLUSH_EVERY_MS);
  timer.unref();

  return {
    record,
    recordTimeChosen(at = now()) {
      dayCounts(at).timesChosen++;
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
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

/** Adds one batch in its transaction: nothing if its id was added already. */
async function addBatch(tx: Executor, batch: Batch, at: number) {
  const fresh = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into statistics_batches (id) values (${batch.id}) on conflict do nothing returning id`),
  );
  if (fresh.length === 0) return;
  for (const [day, counts] of batch.days) await addDay(tx, day, counts, at);
}

async function addDay(tx: Executor, day: string, counts: DayCounts, at: number) {
  const salt = await daySalt(tx, day, at);
  let visitors = 0;
  const pageVisitors = new Map<string, number>();
  const devices = new Map<DeviceClass, number>();
  if (salt && counts.clients.size > 0) {
    // Every client's mark for the site and for each page it viewed; the ones new today are new visitors.
    const marks = new Map<string, { path: string | null; device: DeviceClass }>();
    for (const [client, { pages, device }] of counts.clients) {
      marks.set(mark(salt, client, ""), { path: null, device });
      for (const path of pages) marks.set(mark(salt, client, path), { path, device });
    }
    const inserted = rowsOf<{ mark: string }>(
      await tx.execute(sql`
      insert into statistics_volatile.marks (day, mark)
      select ${day}::date, unnest(${sql.param([...marks.keys()].sort())}::text[])
      on conflict do nothing returning mark`),
    );
    for (const { mark: added } of inserted) {
      const { path, device } = marks.get(added)!;
      if (path === null) {
        visitors++;
        devices.set(device, (devices.get(device) ?? 0) + 1);
      } else pageVisitors.set(path, (pageVisitors.get(path) ?? 0) + 1);
    }
  }
  await tx.execute(sql`
    insert into statistics_days (day, views, visitors, times_chosen)
    values (${day}, ${counts.views}, ${visitors}, ${counts.timesChosen})
    on conflict (day) do update set views = statistics_days.views + excluded.views,
      visitors = statistics_days.visitors + excluded.visitors,
      times_chosen = statistics_days.times_chosen + excluded.times_chosen`);
  // Rows in one order in every process: two batches adding to the same rows never deadlock.
  const paths = [...counts.pages.keys()].sort();
  await tx.execute(sql`
    insert into statistics_pages (day, path, views, visitors)
    select ${day}::date, path, views, visitors
      from unnest(${sql.param(paths)}::text[], ${sql.param(paths.map((p) => counts.pages.get(p)!))}::int[],
                  ${sql.param(paths.map((p) => pageVisitors.get(p) ?? 0))}::int[]) as t(path, views, visitors)
    on conflict (day, path) do update set views = statistics_pages.views + excluded.views,
      visitors = statistics_pages.visitors + excluded.visitors`);
  const sources = [
    ...[...counts.sources].map(([key, count]) => [...key.split("\t"), count] as [string, string, number]),
    ...[...devices].map(([device, count]) => ["device", device, count] as [string, string, number]),
  ].sort((a, b) => `${a[0]}\t${a[1]}`.localeCompare(`${b[0]}\t${b[1]}`));
  if (sources.length === 0) return;
  await tx.execute(sql`
    insert into statistics_sources (day, dimension, value, count)
    select ${day}::date, dimension, value, count
      from unnest(${sql.param(sources.map((s) => s[0]))}::text[], ${sql.param(sources.map((s) => s[1]))}::text[],
                  ${sql.param(sources.map((s) => s[2]))}::int[]) as t(dimension, value, count)
    on conflict (day, dimension, value) do update set count = statistics_sources.count + excluded.count`);
}

/**
 * The day's salt, made at its first use by any process (the first insert wins); null for a day
 * ended too long ago, whose salt is gone and must not come back.
 */
async function daySalt(tx: Executor, day: string, at: number): Promise<string | null> {
  const oldest = romeDate(at - SALT_GRACE_MINUTES * 60_000);
  if (day < oldest) {
    const kept = rowsOf<{ salt: string }>(
      await tx.execute(sql`select salt from statistics_volatile.salts where day = ${day}`),
    );
    return kept[0]?.salt ?? null;
  }
  await tx.execute(sql`
    insert into statistics_volatile.salts (day, salt) values (${day}, ${randomBytes(32).toString("base64")})
    on conflict do nothing`);
  const rows = rowsOf<{ salt: string }>(
    await tx.execute(sql`select salt from statistics_volatile.salts where day = ${day}`),
  );
  return rows[0]?.salt ?? null;
}

/**
 * Deletes the salts and marks of the days ended more than the grace ago: from then on nobody, the
 * operator included, can tell whether two days' visitors are the same person. Also the ids of batches
 * added more than a day ago (a retry comes within a minute).
 */
export async function forgetPastDays(db: Db, at: number): Promise<{ salts: number }> {
  const oldest = romeDate(at - SALT_GRACE_MINUTES * 60_000);
  return db.transaction(async (tx) => {
    const salts = rowsOf<{ day: string }>(
      await tx.execute(sql`delete from statistics_volatile.salts where day < ${oldest} returning day`),
    );
    await tx.execute(sql`delete from statistics_volatile.marks where day < ${oldest}`);
    await tx.execute(sql`delete from statistics_batches where created_at < now() - interval '1 day'`);
    return { salts: salts.length };
  });
}
