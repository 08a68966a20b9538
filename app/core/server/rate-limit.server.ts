import { and, count, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { rateLimitHits } from "~/core/db/schema";

export interface RateLimitRule {
  /** How many attempts the window allows. */
  max: number;
  windowMs: number;
}

/** One counter to check: a key naming what is limited, and its rule. */
export interface RateLimitCheck {
  key: string;
  rule: RateLimitRule;
}

type RateLimitOutcome =
  /** Counted: `attemptIds` name the recorded attempts, for forgive(). */
  | { allowed: true; attemptIds: number[] }
  /** Over a limit: nothing was recorded; a new attempt may succeed after `retryAfterMs`. */
  | { allowed: false; retryAfterMs: number };

/**
 * Refused posts of the public forms (refused by the form's schema, or too large), counted per address
 * apart from each form's own limit, which counts only the attempts that pass the form. A patient
 * correcting a field a few times stays far below it; a script sending refusal after refusal (each one
 * read, parsed and answered, and free until now) is answered 429 after it.
 */
export const REFUSED_POST_RULE: RateLimitRule = { max: 30, windowMs: 10 * 60 * 1000 };

const windowStart = (rule: RateLimitRule) => sql`now() - make_interval(secs => ${rule.windowMs / 1000})`;

/**
 * Attempt counters kept in the database, so every app instance sees the same
 * counts. Keys name what is limited, e.g. "review:ip:203.0.113.5" or "login:ip:203.0.113.5".
 *
 * take() checks and records in one transaction under a lock per key, so a burst
 * of parallel attempts cannot all pass the check before any of them is recorded.
 */
export function createRateLimiter(db: Db) {
  return {
    /** Attempts recorded for the key within the rule's window. */
    async attempts(key: string, rule: RateLimitRule): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, windowStart(rule))));
      return row?.n ?? 0;
    },

    /** True when the window is already full. A look only: to act on it, use take(). */
    async isLimited(key: string, rule: RateLimitRule): Promise<boolean> {
      return (await this.attempts(key, rule)) >= rule.max;
    },

    /** Records one attempt when the key's window has room; refuses (recording nothing) when it is full. */
    take(key: string, rule: RateLimitRule): Promise<RateLimitOutcome> {
      return this.takeAll([{ key, rule }]);
    },

    /**
     * Records one attempt on every key when all of them have room, or nothing at all.
     * Keys are locked in a fixed order, so two callers sharing keys cannot deadlock.
     */
    takeAll(checks: RateLimitCheck[]): Promise<RateLimitOutcome> {
      const byKey = new Map(checks.map((check) => [check.key, check]));
      const ordered = [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      return db.transaction(async (tx) => {
        for (const { key } of ordered) {
          // Held until commit: the next caller for this key counts after our insert is visible.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        }
        let retryAfterMs = 0;
        for (const { key, rule } of ordered) {
          const recent = await tx
            .select({
              untilFreeMs: sql<number>`ceil(extract(epoch from ${rateLimitHits.createdAt} + make_interval(secs => ${rule.windowMs / 1000}) - now()) * 1000)::int`,
            })
            .from(rateLimitHits)
            .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, windowStart(rule))))
            .orderBy(desc(rateLimitHits.createdAt))
            .limit(rule.max);
          // The window frees a place when the oldest of the newest `max` attempts leaves it.
          if (recent.length >= rule.max) retryAfterMs = Math.max(retryAfterMs, 1, recent.at(-1)!.untilFreeMs);
        }
        if (retryAfterMs > 0) return { allowed: false, retryAfterMs };
        const rows = await tx
          .insert(rateLimitHits)
          .values(ordered.map(({ key }) => ({ key })))
          .returning({ id: rateLimitHits.id });
        return { allowed: true, attemptIds: rows.map((r) => r.id) };
      });
    },

    /** Counts one refused post from the address (REFUSED_POST_RULE); false once its budget is spent. */
    async countRefusal(clientIp: string): Promise<boolean> {
      return (await this.take(`refused:ip:${clientIp}`, REFUSED_POST_RULE)).allowed;
    },

    /** Takes back attempts recorded by take() (e.g. a login that turned out right need not count). */
    async forgive(outcome: RateLimitOutcome): Promise<void> {
      if (!outcome.allowed || outcome.attemptIds.length === 0) return;
      await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, outcome.attemptIds));
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
