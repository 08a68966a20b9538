import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, Db } from "~/core/db/database.server";
import { rowsOf } from "~/core/db/rows";
import { pageViewData } from "../../../tests/support/factory";
import { COMPUTER_USER_AGENT, PHONE_USER_AGENT } from "../../../tests/support/user-agents";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { createPageCounter, forgetPastDays, type PageCounter } from "./page-counter.server";
import { DAY_CAPS, OTHER_PAGES, OTHER_SOURCES } from "./batch-statement.server";
import { CSV_HEADER, deleteOldStatistics, loadStatistics, saveRetention, statisticsCsv } from "./statistics.server";

async function csvText(chunks: AsyncGenerator<string>): Promise<string> {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text;
}

// Noon in Italy on two days in a row (no holiday matters here: nothing depends on the calendar).
const DAY_ONE = Date.parse("2099-03-10T12:00:00+01:00");
const DAY_TWO = Date.parse("2099-03-11T12:00:00+01:00");
const silent = pino({ level: "silent" });
const ADDRESS = "203.0.113.7";
const sqlText = (query: Parameters<Db["execute"]>[0]) => new PgDialect().sqlToQuery(query as SQL).sql;

describe("the page view counter (on PostgreSQL)", () => {
  let database: Database;
  let db: Db;
  const counters: PageCounter[] = [];
  const counter = (clock: () => number = () => DAY_ONE, target: Db = db) => {
    // A timer that never fires within a test: each write is the test's own flush.
    const made = createPageCounter(target, silent, { everyMs: 3_600_000, now: clock });
    counters.push(made);
    return made;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await Promise.all(counters.map((c) => c.close()));
    await database.close();
  });
  beforeEach(async () => {
    await db.execute(sql`truncate statistics_days, statistics_pages, statistics_sources, statistics_batches,
      statistics_volatile.salts, statistics_volatile.marks`);
  });

  /** The test database, `after` called with each statement's text once it has run (a throw there loses its answer). */
  const afterEachStatement = (after: (text: string) => void): Db => {
    const watched = Object.create(db) as Db;
    watched.execute = (async (query: Parameters<Db["execute"]>[0]) => {
      const result = await db.execute(query);
      after(sqlText(query));
      return result;
    }) as Db["execute"];
    return watched;
  };

  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));
  const day = async (date: string) =>
    (
      await rows<{ views: number; visitors: number }>(
        sql`select views, visitors from statistics_days where day = ${date}`,
      )
    )[0];
  const pages = (date: string) =>
    rows<{ path: string; views: number; visitors: number }>(
      sql`select path, views, visitors from statistics_pages where day = ${date} order by path`,
    );

  it("counts a view once, and the same client as one visitor of the day and of each page", async () => {
    const views = counter();
    views.record(pageViewData({ path: "/home" }));
    views.record(pageViewData({ path: "/home" }));
    views.record(pageViewData({ path: "/ricette" }));
    views.record(
      pageViewData({
        path: "/home",
        client: { address: "198.51.100.4", userAgent: COMPUTER_USER_AGENT },
        device: "computer",
      }),
    );
    await views.flush();
    // Written once: a second write with nothing new adds nothing.
    await views.flush();
    expect(await day("2099-03-10")).toEqual({ views: 4, visitors: 2 });
    expect(await pages("2099-03-10")).toEqual([
      { path: "/home", views: 3, visitors: 2 },
      { path: "/ricette", views: 1, visitors: 1 },
    ]);
    // The same client in a later batch of the same day is no new visitor.
    views.record(pageViewData({ path: "/home" }));
    await views.flush();
    expect(await day("2099-03-10")).toEqual({ views: 5, visitors: 2 });
    const devices = await rows<{ value: string; count: number }>(
      sql`select value, count from statistics_sources where dimension = 'device' order by value`,
    );
    expect(devices).toEqual([
      { value: "computer", count: 1 },
      { value: "phone", count: 1 },
    ]);
  });

  it("aggregates referrers and UTM parameters by day", async () => {
    const views = counter();
    views.record(pageViewData({ referrer: "Google" }));
    views.record(
      pageViewData({ referrer: "Google", client: { address: "198.51.100.4", userAgent: PHONE_USER_AGENT } }),
    );
    views.record(pageViewData({ referrer: "Instagram", utmSource: "instagram", utmCampaign: "bio" }));
    await views.flush();
    views.record(pageViewData({ referrer: "Instagram", utmSource: "instagram", utmCampaign: "bio" }));
    await views.flush();
    const sources = await rows<{ dimension: string; value: string; count: number }>(
      sql`select dimension, value, count from statistics_sources where dimension <> 'device' order by 1, 2`,
    );
    expect(sources).toEqual([
      { dimension: "referrer", value: "Google", count: 2 },
      { dimension: "referrer", value: "Instagram", count: 2 },
      { dimension: "utm_campaign", value: "bio", count: 2 },
      { dimension: "utm_source", value: "instagram", count: 2 },
    ]);
  });

  it("counts the same client again the next day, and once the salt is gone nothing links the two days", async () => {
    let now = DAY_ONE;
    const views = counter(() => now);
    views.record(pageViewData());
    await views.flush();
    now = DAY_TWO;
    views.record(pageViewData());
    await views.flush();
    expect(await day("2099-03-10")).toEqual({ views: 1, visitors: 1 });
    expect(await day("2099-03-11")).toEqual({ views: 1, visitors: 1 });
    const marks = await rows<{ day: string; mark: string }>(sql`select day::text, mark from statistics_volatile.marks`);
    const first = marks.filter((m) => m.day === "2099-03-10").map((m) => m.mark);
    const second = marks.filter((m) => m.day === "2099-03-11").map((m) => m.mark);
    // Each day's marks come from that day's salt: the same client's marks differ.
    expect(first.length).toBe(2);
    expect(second.length).toBe(2);
    expect(first.filter((m) => second.includes(m))).toEqual([]);

    // The first day's salt and marks deleted once it is over: no one can compute its marks again.
    expect(await forgetPastDays(db, DAY_TWO)).toEqual({ salts: 1 });
    const salts = await rows<{ day: string }>(sql`select day::text from statistics_volatile.salts`);
    expect(salts).toEqual([{ day: "2099-03-11" }]);
    expect(await rows(sql`select 1 from statistics_volatile.marks where day = '2099-03-10'`)).toEqual([]);
    // A late batch of the first day finds no salt and does not make one again: its views count, its
    // visitor is not told apart from anyone.
    views.record(pageViewData(), DAY_ONE);
    await views.flush();
    expect(await day("2099-03-10")).toEqual({ views: 2, visitors: 1 });
    expect(await rows(sql`select day from statistics_volatile.salts`)).toHaveLength(1);
  });

  it("stores no address, no user agent and no stable identifier in any statistics table", async () => {
    let now = DAY_ONE;
    const views = counter(() => now);
    views.record(pageViewData({ referrer: "Google", utmSource: "newsletter" }));
    await views.flush();
    now = DAY_TWO;
    views.record(pageViewData());
    await views.flush();
    const tables = await rows<{ schema: string; name: string }>(sql`
      select table_schema as schema, table_name as name from information_schema.tables
       where table_name like 'statistics%' or table_schema = 'statistics_volatile'`);
    expect(tables.length).toBe(7);
    const everything: string[] = [];
    for (const table of tables) {
      const found = await rows<{ row: string }>(
        sql`select t::text as row from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} t`,
      );
      everything.push(...found.map((r) => r.row));
    }
    const text = everything.join("\n");
    expect(text).not.toContain(ADDRESS);
    expect(text).not.toContain("iPhone");
    expect(text).not.toContain("Mozilla");
    // The only per-visitor values are the day's marks; none is on two days (checked above), and the
    // aggregates hold none: every other column is a day, a page, a source, a device or a count.
    const columns = await rows<{ name: string }>(sql`
      select distinct column_name as name from information_schema.columns
       where table_name like 'statistics%' or table_schema = 'statistics_volatile' order by 1`);
    expect(columns.map((c) => c.name)).toEqual([
      "count",
      "created_at",
      "day",
      "dimension",
      "id",
      "keep_all",
      "mark",
      "path",
      "salt",
      "times_chosen",
      "value",
      "views",
      "visitors",
    ]);
    // The salt and marks are in no backup and no WAL: an unlogged schema of their own.
    const unlogged = await rows<{ name: string }>(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'statistics_volatile' and c.relkind = 'r' and c.relpersistence = 'u' order by 1`);
    expect(unlogged.map((r) => r.name)).toEqual(["marks", "salts"]);
  });

  it("adds a batch retried after an unknown outcome only once", async () => {
    // The batch's statement reaches PostgreSQL and commits, the answer is lost (a connection dropped
    // at that moment).
    let loseAnswer = true;
    const flaky = afterEachStatement((text) => {
      if (loseAnswer && text.includes("insert into statistics_batches")) {
        loseAnswer = false;
        throw new Error("Connection terminated unexpectedly");
      }
    });
    const views = counter(() => DAY_ONE, flaky);
    views.record(pageViewData());
    views.record(pageViewData({ path: "/ricette" }));
    await views.flush();
    expect(loseAnswer).toBe(false);
    // Retried with the next write, with a new view.
    views.record(pageViewData({ path: "/services" }));
    await views.flush();
    expect(await day("2099-03-10")).toEqual({ views: 3, visitors: 1 });
    expect(await pages("2099-03-10")).toEqual([
      { path: "/home", views: 1, visitors: 1 },
      { path: "/ricette", views: 1, visitors: 1 },
      { path: "/services", views: 1, visitors: 1 },
    ]);
  });

  it("writes a batch in one statement once the day's salt is read, and forgets that salt once the day is over", async () => {
    let now = DAY_ONE;
    const statements: string[] = [];
    const counted = afterEachStatement((text) => statements.push(text));
    const views = counter(() => now, counted);
    const writes = async (at?: number) => {
      statements.length = 0;
      views.record(pageViewData(), at);
      await views.flush();
      return statements.map((text) => (text.includes("statistics_batches") ? "batch" : "salt"));
    };
    // Made (or found) and read once, then kept.
    expect(await writes()).toEqual(["salt", "salt", "batch"]);
    expect(await writes()).toEqual(["batch"]);
    expect(await writes()).toEqual(["batch"]);
    // The next day: a tick with nothing to write forgets the first day's salt from memory; a late
    // view of that day reads it from the database (where the job deletes it), never makes it again.
    now = DAY_TWO;
    statements.length = 0;
    await views.flush();
    expect(statements).toEqual([]);
    expect(await writes(DAY_ONE)).toEqual(["salt", "batch"]);
    expect(await writes()).toEqual(["salt", "salt", "batch"]);
    expect(await day("2099-03-10")).toEqual({ views: 4, visitors: 1 });
    expect(await day("2099-03-11")).toEqual({ views: 1, visitors: 1 });
  });

  it("adds up the counts of two processes, the same client one visitor", async () => {
    const first = counter();
    const second = counter();
    for (let i = 0; i < 3; i++) first.record(pageViewData());
    for (let i = 0; i < 2; i++) second.record(pageViewData());
    second.record(pageViewData({ client: { address: "198.51.100.4", userAgent: PHONE_USER_AGENT } }));
    await Promise.all([first.flush(), second.flush()]);
    expect(await day("2099-03-10")).toEqual({ views: 6, visitors: 2 });
    expect(await pages("2099-03-10")).toEqual([{ path: "/home", views: 6, visitors: 2 }]);
  });

  it("counts the times chosen on the booking page per day, in the batches, adding up across processes", async () => {
    let now = DAY_ONE;
    const first = counter(() => now);
    const second = counter(() => now);
    first.recordTimeChosen();
    first.recordTimeChosen();
    second.recordTimeChosen();
    second.record(pageViewData({ path: "/prenota" }));
    now = DAY_TWO;
    first.recordTimeChosen();
    // Nothing written until a batch is: one write per few seconds, not one per choice.
    expect(await rows(sql`select * from statistics_days`)).toEqual([]);
    await Promise.all([first.flush(), second.flush()]);
    const chosen = await rows<{ day: string; times_chosen: number; views: number }>(
      sql`select day::text, times_chosen, views from statistics_days order by day`,
    );
    expect(chosen).toEqual([
      { day: "2099-03-10", times_chosen: 3, views: 1 },
      { day: "2099-03-11", times_chosen: 1, views: 0 },
    ]);
  });

  it("reports the funnel's times chosen per day and the top articles, and the CSV holds the times chosen", async () => {
    let now = DAY_ONE;
    const views = counter(() => now);
    views.record(pageViewData({ path: "/prenota" }));
    views.record(pageViewData({ path: "/articoli/colazione" }));
    views.record(
      pageViewData({ path: "/articoli/colazione", client: { address: "198.51.100.4", userAgent: PHONE_USER_AGENT } }),
    );
    views.record(pageViewData({ path: "/articoli/merenda" }));
    views.record(pageViewData({ path: "/ricette/torta" }));
    views.recordTimeChosen();
    await views.flush();
    now = DAY_TWO;
    views.recordTimeChosen();
    views.recordTimeChosen();
    await views.flush();
    const booked = async () => [{ day: "2099-03-11", made: 1, requests: 0 }];
    const report = await loadStatistics(db, booked, 7, DAY_TWO);
    expect(report.topArticles).toEqual([
      { path: "/articoli/colazione", views: 2, visitors: 2 },
      { path: "/articoli/merenda", views: 1, visitors: 1 },
    ]);
    expect(report.funnel.filter((d) => d.day >= "2099-03-10")).toEqual([
      { day: "2099-03-10", bookingViews: 1, timesChosen: 1, made: 0, requests: 0 },
      { day: "2099-03-11", bookingViews: 0, timesChosen: 2, made: 1, requests: 0 },
    ]);
    const csv = (await csvText(statisticsCsv(db, "2099-03-05", "2099-03-11"))).trim().split("\r\n");
    expect(csv.filter((line) => line.startsWith("orari scelti;"))).toEqual([
      "orari scelti;2099-03-10;/prenota;1;",
      "orari scelti;2099-03-11;/prenota;2;",
    ]);
  });

  it("keeps a day's sources and pages within their caps, the rest summed as others, whatever visitors send", async () => {
    const views = counter();
    // 100,000 views, each with a referrer and a campaign of its own, in twenty writes.
    for (let i = 0; i < 100_000; i++) {
      views.record(pageViewData({ referrer: `r${i}.example`, utmCampaign: `c${i}` }));
      if (i % 5_000 === 4_999) await views.flush();
    }
    // And more pages than a day keeps apart.
    for (let i = 0; i < DAY_CAPS.pages + 50; i++) views.record(pageViewData({ path: `/ricette/r${i}` }));
    await views.flush();
    const perDimension = await rows<{ dimension: string; distinct: number; others: number; total: number }>(sql`
      select dimension, count(*)::int as distinct,
             coalesce(sum(count) filter (where value = ${OTHER_SOURCES}), 0)::int as others, sum(count)::int as total
        from statistics_sources where day = '2099-03-10' and dimension <> 'device' group by dimension order by dimension`);
    expect(perDimension).toEqual([
      { dimension: "referrer", distinct: DAY_CAPS.sources + 1, others: 100_000 - DAY_CAPS.sources, total: 100_000 },
      { dimension: "utm_campaign", distinct: DAY_CAPS.sources + 1, others: 100_000 - DAY_CAPS.sources, total: 100_000 },
    ]);
    const dayPages = await pages("2099-03-10");
    expect(dayPages).toHaveLength(DAY_CAPS.pages + 1);
    expect(dayPages.reduce((sum, page) => sum + page.views, 0)).toBe(100_000 + DAY_CAPS.pages + 50);
    expect(dayPages.find((page) => page.path === OTHER_PAGES)?.views).toBe(51);

    // The screen and the CSV read what the caps left.
    const report = await loadStatistics(db, async () => [], 7, DAY_ONE);
    expect(report.sources.filter((s) => s.dimension === "referrer")[0]).toEqual({
      dimension: "referrer",
      value: OTHER_SOURCES,
      count: 100_000 - DAY_CAPS.sources,
    });
    const csv = (await csvText(statisticsCsv(db, "2099-03-04", "2099-03-10"))).trim().split("\r\n");
    expect(csv[0]).toBe(CSV_HEADER);
    // Pages, then the two capped dimensions and the device: one line each.
    expect(csv).toHaveLength(1 + DAY_CAPS.pages + 1 + 2 * (DAY_CAPS.sources + 1) + 1);
  });

  it("deletes the aggregates older than two years, unless she keeps them", async () => {
    const views = counter(() => DAY_ONE);
    views.record(pageViewData());
    await views.flush();
    const later = (days: number) => DAY_ONE + days * 86_400_000;
    // Two years less a day later: kept.
    expect(await deleteOldStatistics(db, later(730))).toBe(0);
    await saveRetention(db, true);
    expect(await deleteOldStatistics(db, later(800))).toBe(0);
    expect(await day("2099-03-10")).toEqual({ views: 1, visitors: 1 });
    await saveRetention(db, false);
    // The day's row, its page and its device.
    expect(await deleteOldStatistics(db, later(800))).toBe(3);
    expect(await day("2099-03-10")).toBeUndefined();
  });
});
