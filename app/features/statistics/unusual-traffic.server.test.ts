import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { addDays } from "~/core/format/rome-clock";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { unusualTraffic } from "./unusual-traffic.server";

// A morning in Italy (no holiday matters: nothing depends on the calendar); yesterday is 2099-03-10.
const AT = Date.parse("2099-03-11T09:00:00+01:00");
const YESTERDAY = "2099-03-10";

describe("a day with unusual traffic (on PostgreSQL)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.execute(sql`truncate statistics_days`);
  });

  /** The 28 days before yesterday with these visitors (repeated), and yesterday's. */
  async function days(before: number[], yesterday: number) {
    const rows = Array.from({ length: 28 }, (_, i) => ({
      day: addDays(YESTERDAY, -(i + 1)),
      visitors: before[i % before.length]!,
    }));
    rows.push({ day: YESTERDAY, visitors: yesterday });
    for (const row of rows.filter((r) => r.visitors > 0))
      await database.db.execute(
        sql`insert into statistics_days (day, views, visitors) values (${row.day}, ${row.visitors}, ${row.visitors})`,
      );
  }

  it("is yesterday with more than three times the median visitors of the 28 days before, and at least 30", async () => {
    await days([10, 20], 46);
    expect(await unusualTraffic(database.db, AT)).toEqual({ day: YESTERDAY, visitors: 46, median: 15 });
  });

  it("is not a day at three times the median or less, nor a small number on a quiet site", async () => {
    await days([10, 20], 45);
    expect(await unusualTraffic(database.db, AT)).toBeNull();
    await database.db.execute(sql`truncate statistics_days`);
    // 29 visitors after four weeks of almost nothing: too few to be news.
    await days([1, 0], 29);
    expect(await unusualTraffic(database.db, AT)).toBeNull();
  });

  it("counts the days without visits as none (a new site's first busy day is unusual)", async () => {
    await days([0, 0, 0, 5], 30);
    expect(await unusualTraffic(database.db, AT)).toEqual({ day: YESTERDAY, visitors: 30, median: 0 });
  });
});
