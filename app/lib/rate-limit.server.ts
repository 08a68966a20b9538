import { and, count, eq, gt, lt } from "drizzle-orm";
import type { Db } from "~/db/database.server";
import { rateLimitHits } from "~/db/schema";

export interface RateLimitRule {
  /** How many attempts the window allows. */
  max: number;
  windowMs: number;
}

/**
 * Attempt counters kept in the database, so every app instance sees the same
 * counts. Keys name what is limited, e.g. "review:ip:203.0.113.5" or "login:email:a@b.it".
 */
export function createRateLimiter(db: Db) {
  const since = (rule: RateLimitRule) => new Date(Date.now() - rule.windowMs);

  return {
    /** Attempts recorded for the key within the rule's window. */
    async attempts(key: string, rule: RateLimitRule): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, since(rule))));
      return row?.n ?? 0;
    },

    /** True when the window is already full; a new attempt should be refused. */
    async isLimited(key: string, rule: RateLimitRule): Promise<boolean> {
      return (await this.attempts(key, rule)) >= rule.max;
    },

    async record(key: string): Promise<void> {
      await db.insert(rateLimitHits).values({ key });
    },

    /** Forgets a key's attempts (e.g. after a successful login). */
    async reset(key: string): Promise<void> {
      await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
    },

    /** Drops attempts older than `maxAgeMs`; run now and then so the table stays small. */
    async prune(maxAgeMs: number): Promise<void> {
      await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, new Date(Date.now() - maxAgeMs)));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
