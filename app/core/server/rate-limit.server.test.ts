import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "~/core/db/database.server";
import { rateLimitHits } from "~/core/db/schema";
import { openTestDatabase } from "../../../tests/support/test-databases";
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

  it("allows up to the limit within the window, per key, and says when a place frees up", async () => {
    for (let i = 0; i < 3; i++) {
      expect(await limiter.isLimited("k:a", rule)).toBe(false);
      expect((await limiter.take("k:a", rule)).allowed).toBe(true);
    }
    expect(await limiter.isLimited("k:a", rule)).toBe(true);
    const refused = await limiter.take("k:a", rule);
    expect(refused).toMatchObject({ allowed: false });
    if (!refused.allowed) expect(refused.retryAfterMs).toBeGreaterThan(55_000);
    expect(await limiter.attempts("k:a", rule)).toBe(3);
    expect(await limiter.isLimited("k:b", rule)).toBe(false);
    await limiter.reset("k:a");
    expect(await limiter.isLimited("k:a", rule)).toBe(false);
  });

  it("counts on every key or on none, and takes back a forgiven attempt", async () => {
    const wide = { key: "k:wide", rule: { max: 10, windowMs: 60_000 } };
    const narrow = { key: "k:narrow", rule: { max: 1, windowMs: 60_000 } };
    const first = await limiter.takeAll([wide, narrow]);
    expect(first.allowed).toBe(true);
    expect((await limiter.takeAll([wide, narrow])).allowed).toBe(false);
    // The refused attempt was not counted on the key that still had room.
    expect(await limiter.attempts("k:wide", wide.rule)).toBe(1);
    await limiter.forgive(first);
    expect(await limiter.attempts("k:wide", wide.rule)).toBe(0);
    expect((await limiter.takeAll([wide, narrow])).allowed).toBe(true);
  });

  it("lets exactly `max` of a parallel burst through", async () => {
    const burst = await Promise.all(
      Array.from({ length: 50 }, () => limiter.take("k:burst", { max: 5, windowMs: 60_000 })),
    );
    expect(burst.filter((o) => o.allowed)).toHaveLength(5);
    expect(await limiter.attempts("k:burst", rule)).toBe(5);
  });

  it("keeps parallel bursts on overlapping keys exact and free of deadlocks", async () => {
    const a = { key: "k:overlap:a", rule: { max: 7, windowMs: 60_000 } };
    const b = { key: "k:overlap:b", rule: { max: 100, windowMs: 60_000 } };
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => limiter.takeAll(i % 2 ? [a, b] : [b, a])));
    expect(burst.filter((o) => o.allowed)).toHaveLength(7);
    expect(await limiter.attempts(b.key, b.rule)).toBe(7);
  });

  it("forgets attempts older than the window", async () => {
    await database.db
      .insert(rateLimitHits)
      .values([1, 2, 3].map(() => ({ key: "k:old", createdAt: sql`now() - interval '2 minutes'` as never })));
    expect(await limiter.attempts("k:old", rule)).toBe(0);
    expect((await limiter.take("k:old", rule)).allowed).toBe(true);
    await limiter.prune(60_000);
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rateLimitHits)
      .where(sql`key = 'k:old'`);
    expect(row?.n).toBe(1);
  });
});
