// Page views counted in memory and added to PostgreSQL in batches (decision 59):
// one statement per process every few seconds, adding to what the other processes and instances
// added. A batch is added once: its id is written by the same statement, so one retried after an
// unknown outcome (the connection lost during the commit) is not added twice. A kill -9 loses the
// views of the seconds since the last write, never counts one twice.
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db, Executor } from "~/core/db/database.server";
import { rowsOf } from "~/core/db/rows";
import { romeDate } from "~/core/format/rome-clock";
import { addBatch, type Batch, type DayCounts, OTHER_SOURCES, type SourceDimension } from "./batch-statement.server";
import type { PageView } from "./counting";

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
  /** The salts of the days not yet over, once read (memory only, gone with their day or the process). */
  const kept = new Map<string, string>();
  let warnedFull = false;

  // The day of the minute last counted in: Italy's days begin on a whole minute, and working it out
  // on every view cost a kept page's answer as much as the rest of its counting (decision 68).
  let dayOf = { minute: Number.NaN, day: "" };
  function dayCounts(at: number): DayCounts {
    const minute = Math.floor(at / 60_000);
    if (minute !== dayOf.minute) dayOf = { minute, day: romeDate(at) };
    const day = dayOf.day;
    let counts = current.days.get(day);
    if (!counts) {
      counts = { views: 0, timesChosen: 0, pages: new Map(), sources: new Map(), clients: new Map(), clientCount: 0 };
      current.days.set(day, counts);
    }
    return counts;
  }

  function record(view: PageView, at = now()) {
    const counts = dayCounts(at);
    counts.views++;
    counts.pages.set(view.path, (counts.pages.get(view.path) ?? 0) + 1);
    countSource(counts, "referrer", view.referrer);
    countSource(counts, "utm_source", view.utmSource);
    countSource(counts, "utm_campaign", view.utmCampaign);
    const { address, userAgent } = view.client;
    let agents = counts.clients.get(address);
    const client = agents?.get(userAgent);
    if (client) client.pages.add(view.path);
    else if (counts.clientCount < MAX_CLIENTS_PER_BATCH) {
      if (!agents) counts.clients.set(address, (agents = new Map()));
      agents.set(userAgent, { pages: new Set([view.path]), device: view.device });
      counts.clientCount++;
    } else if (!warnedFull) {
      warnedFull = true;
      logger.warn("statistics: too many visitors in one batch; the rest counted as views only");
    }
  }

  function countSource(counts: DayCounts, dimension: SourceDimension, value: string | null) {
    if (!value) return;
    let key = `${dimension}\t${value}`;
    // Past the batch's cap a new source is counted with the day's others (OTHER_SOURCES), not lost.
    if (!counts.sources.has(key) && counts.sources.size >= MAX_SOURCES_PER_BATCH)
      key = `${dimension}\t${OTHER_SOURCES}`;
    counts.sources.set(key, (counts.sources.get(key) ?? 0) + 1);
  }

  async function writeAll() {
    forgetEndedSalts();
    if (current.days.size > 0) {
      pending.push(current);
      current = newBatch();
      warnedFull = false;
    }
    while (pending.length > 0) {
      const batch = pending[0]!;
      try {
        await addBatch(db, batch, await saltsOf(batch));
        pending.shift();
      } catch (error) {
        // Kept with its id for the next write; past a minute of failures the oldest is given up.
        if (pending.length > MAX_PENDING_BATCHES) pending.shift();
        logger.warn({ err: error }, "statistics: counts not written, kept for the next try");
        return;
      }
    }
  }

  /** Forgets the salts of the days ended more than the grace ago, at every tick of the timer, visits or none. */
  function forgetEndedSalts() {
    const oldest = romeDate(now() - SALT_GRACE_MINUTES * 60_000);
    for (const day of kept.keys()) if (day < oldest) kept.delete(day);
  }

  /**
   * The salts of a batch's days. Today's (and yesterday's, in the minutes of grace) is read once and
   * kept in memory until its day is over: every later write is then one statement. A day ended
   * longer ago is read each time, and never made again.
   */
  async function saltsOf(batch: Batch): Promise<Map<string, string | null>> {
    const at = now();
    const oldest = romeDate(at - SALT_GRACE_MINUTES * 60_000);
    const salts = new Map<string, string | null>();
    for (const day of batch.days.keys()) {
      let salt = kept.get(day) ?? null;
      if (!salt) {
        salt = await daySalt(db, day, at);
        if (salt && day >= oldest) kept.set(day, salt);
      }
      salts.set(day, salt);
    }
    return salts;
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

/**
 * The day's salt, made at its first use by any process (the first insert wins); null for a day
 * ended too long ago, whose salt is gone and must not come back.
 */
async function daySalt(db: Executor, day: string, at: number): Promise<string | null> {
  const oldest = romeDate(at - SALT_GRACE_MINUTES * 60_000);
  if (day < oldest) {
    const kept = rowsOf<{ salt: string }>(
      await db.execute(sql`select salt from statistics_volatile.salts where day = ${day}`),
    );
    return kept[0]?.salt ?? null;
  }
  await db.execute(sql`
    insert into statistics_volatile.salts (day, salt) values (${day}, ${randomBytes(32).toString("base64")})
    on conflict do nothing`);
  // Its own statement: it sees the salt another process made meanwhile, which the insert's did not.
  const rows = rowsOf<{ salt: string }>(
    await db.execute(sql`select salt from statistics_volatile.salts where day = ${day}`),
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
