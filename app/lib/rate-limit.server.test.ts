import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { rateLimitHits } from "~/db/schema";
import { openTestDatabase } from "../../tests/support/test-databases";
import { createRateLimiter, type RateLimiter } from "./rate-limit.server";

describe("rate limiter", () => {
  let database: Database;
  let limiter: RateLimiter;
  const rule = { max: 3, windowMs: 60_000 };

  beforeAll(async () => {
    database = await openTestDatabase();
    limiter = createRateLimiter(database.db);
  });
  afterAll(() => database.close());

  it("allows up to the limit within the window, per key", async () => {
    for (let i = 0; i < 3; i++) {
      expect(await limiter.isLimited("k:a", rule)).toBe(false);
      await limiter.record("k:a");
    }
    expect(await limiter.isLimited("k:a", rule)).toBe(true);
    expect(await limiter.isLimited("k:b", rule)).toBe(false);
    await limiter.reset("k:a");
    expect(await limiter.isLimited("k:a", rule)).toBe(false);
  });

  it("forgets attempts older than the window", async () => {
    await database.db
      .insert(rateLimitHits)
      .values([1, 2, 3].map(() => ({ key: "k:old", createdAt: sql`now() - interval '2 minutes'` as never })));
    expect(await limiter.attempts("k:old", rule)).toBe(0);
    await limiter.prune(60_000);
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(rateLimitHits).where(sql`key = 'k:old'`);
    expect(row?.n).toBe(0);
  });
});
