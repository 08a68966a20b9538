import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { createRateLimiter, type RateLimiter } from "~/core/server/rate-limit.server";
import { openTestDatabase } from "../../../tests/support/test-databases";
import {
  ACCOUNT_FAILURE_RULE,
  deviceKey,
  emailKey,
  LOGIN_FAILURE_RULE,
  loginThrottle,
  secondFactorKey,
} from "./login.server";

describe("login lockout (PostgreSQL)", () => {
  let database: Database;
  let limiter: RateLimiter;
  beforeAll(async () => {
    database = await openTestDatabase();
    limiter = createRateLimiter(database.db);
  });
  afterAll(() => database.close());

  it("five wrong passwords lock the address that sent them, not the account's owner elsewhere", async () => {
    const stranger = loginThrottle(limiter, "203.0.113.7");
    for (let i = 0; i < LOGIN_FAILURE_RULE.max; i++)
      expect(await stranger.begin(emailKey("admin@studio.it"))).toHaveProperty("counted");
    expect(await stranger.begin(emailKey("admin@studio.it"))).toEqual({ refused: "client" });
    expect(await stranger.begin(emailKey("altro@studio.it"))).toEqual({ refused: "client" });
    expect(await loginThrottle(limiter, "198.51.100.1").begin(emailKey("Admin@Studio.it"))).not.toHaveProperty(
      "refused",
    );
  });

  it("a slower limit per account holds against guesses from many addresses", async () => {
    const account = emailKey("bersaglio@studio.it");
    for (let i = 0; i < ACCOUNT_FAILURE_RULE.max; i++) {
      expect(await loginThrottle(limiter, `10.1.${i >> 8}.${i & 255}`).begin(account)).not.toHaveProperty("refused");
    }
    // A new address is counted on its own limit and told the account's is full; a known browser is
    // counted on its own device instead, which strangers cannot fill.
    expect(await loginThrottle(limiter, "10.9.9.9").begin(account)).toMatchObject({ refused: "account" });
    expect(await loginThrottle(limiter, "10.9.9.10").begin(deviceKey("browser-di-lei"))).not.toHaveProperty("refused");
  });

  it("a right answer is not counted, and starts the account's count over", async () => {
    const throttle = loginThrottle(limiter, "192.0.2.44");
    const key = secondFactorKey("00000000-0000-0000-0000-000000000001");
    for (let i = 0; i < 4; i++) await throttle.begin(key);
    const right = await throttle.begin(key);
    if (!("counted" in right)) throw new Error("the fifth attempt should be counted");
    await right.counted.succeeded();
    expect(await limiter.attempts(key.key, key.rule)).toBe(0);
    // The address keeps its four failures: one more attempt, then refused.
    expect(await throttle.begin(key)).not.toHaveProperty("refused");
    expect(await throttle.begin(key)).toEqual({ refused: "client" });
  });
});
