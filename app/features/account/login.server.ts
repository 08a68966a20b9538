import type { RateLimitCheck, RateLimitRule, RateLimiter } from "~/core/server/rate-limit.server";
import { normalizeEmail } from "./accounts.server";

/** Five attempts for one IP within 15 minutes, then refused for a while (the spec's rule). */
export const LOGIN_FAILURE_RULE: RateLimitRule = { max: 5, windowMs: 15 * 60 * 1000 };

/**
 * One account from every address together: much slower, so that a stranger's five wrong
 * passwords lock out only the stranger's address, not the administrator, while a guesser
 * with many addresses still gets only a hundred tries an hour.
 */
export const ACCOUNT_FAILURE_RULE: RateLimitRule = { max: 100, windowMs: 60 * 60 * 1000 };

export const emailKey = (email: string): RateLimitCheck => ({
  key: `login:email:${normalizeEmail(email)}`,
  rule: ACCOUNT_FAILURE_RULE,
});
/** A browser the account signed in from (decision 45): its own failures, not the account's limit. */
export const deviceKey = (device: string): RateLimitCheck => ({
  key: `login:device:${device}`,
  rule: LOGIN_FAILURE_RULE,
});
export const secondFactorKey = (userId: string): RateLimitCheck => ({
  key: `login:2fa:${userId}`,
  rule: LOGIN_FAILURE_RULE,
});

/** An attempt that was counted; if it proves right, it is taken back. */
interface LoginAttempt {
  succeeded(): Promise<void>;
  /** Nothing was checked after all (the server was too busy): the attempt does not count. */
  withdraw(): Promise<void>;
}

type LoginStart =
  | { counted: LoginAttempt }
  /** The client's own limit is full: nothing counted, nothing checked. */
  | { refused: "client" }
  /**
   * The account's limit (or a known browser's own) is full: the attempt was counted on the client
   * alone, and only the password with a right second factor may go on (decision 45).
   */
  | { refused: "account"; counted: LoginAttempt };

/**
 * Failed-login counters per client IP and per account (its password from unknown browsers, a known
 * browser's own, or its second factor).
 * Each attempt is counted before the password or code is checked, in one step with the limit
 * check, so a burst of parallel guesses gets no more tries than a sequence would.
 */
export function loginThrottle(limiter: RateLimiter, clientIp: string) {
  const ip: RateLimitCheck = { key: `login:ip:${clientIp}`, rule: LOGIN_FAILURE_RULE };
  const attempt = (
    outcome: Awaited<ReturnType<RateLimiter["take"]>>,
    account: RateLimitCheck | null,
  ): LoginAttempt => ({
    // The account's counter starts over; the IP's earlier failures stay (one client, many guesses).
    async succeeded() {
      await limiter.forgive(outcome);
      if (account) await limiter.reset(account.key);
    },
    withdraw: () => limiter.forgive(outcome),
  });
  return {
    /** Counts one attempt on the client and on `account`, or says which limit is full. */
    async begin(account: RateLimitCheck): Promise<LoginStart> {
      const outcome = await limiter.takeAll([ip, account]);
      if (outcome.allowed) return { counted: attempt(outcome, account) };
      // Which limit is full? Counted on the client alone when it has room: the account's.
      const own = await limiter.take(ip.key, ip.rule);
      return own.allowed ? { refused: "account", counted: attempt(own, null) } : { refused: "client" };
    },
  };
}
