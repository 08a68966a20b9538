import type { RateLimitRule, RateLimiter } from "~/lib/rate-limit.server";
import { normalizeEmail } from "./accounts.server";

export { LOGIN_MESSAGES } from "./messages";

/** After 5 failed attempts for one email or one IP within 15 minutes, sign-in is refused for a while. */
export const LOGIN_FAILURE_RULE: RateLimitRule = { max: 5, windowMs: 15 * 60 * 1000 };


/** Failed-login counters per email, per IP and per account's second factor. */
export function loginThrottle(limiter: RateLimiter, clientIp: string) {
  const ipKey = `login:ip:${clientIp}`;
  return {
    async isLimited(extraKey: string): Promise<boolean> {
      const [byKey, byIp] = await Promise.all([
        limiter.isLimited(extraKey, LOGIN_FAILURE_RULE),
        limiter.isLimited(ipKey, LOGIN_FAILURE_RULE),
      ]);
      return byKey || byIp;
    },
    async recordFailure(extraKey: string): Promise<void> {
      await Promise.all([limiter.record(extraKey), limiter.record(ipKey)]);
    },
    /** After a success, the account's counter starts over (the IP's does not: one client, many guesses). */
    async reset(extraKey: string): Promise<void> {
      await limiter.reset(extraKey);
    },
  };
}

export const emailKey = (email: string) => `login:email:${normalizeEmail(email)}`;
export const secondFactorKey = (userId: string) => `login:2fa:${userId}`;
