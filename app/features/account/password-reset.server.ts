import type { Logger } from "pino";
import type { z } from "zod";
import type { Mailer } from "~/core/mail/mailer.server";
import { type Result, refused, succeeded } from "~/core/result";
import type { RateLimitRule, RateLimiter } from "~/core/server/rate-limit.server";
import type { passwordForgotSchema, passwordResetSchema } from "./account-forms";
import { type AdminAccounts, normalizeEmail } from "./accounts.server";
import { HashingBusyError, hashPassword, passwordProblem } from "./password.server";
import { passwordResetMail } from "./password-reset-mail";
import { NEW_PASSWORD_PATH, type ResetLinkState } from "./password-reset-links";
import type { PasswordResetRepository } from "./password-resets.server";

/** Requests for a link from one client: a few mistyped addresses, not a mail cannon. */
const REQUESTS_PER_CLIENT: RateLimitRule = { max: 5, windowMs: 15 * 60 * 1000 };
/** Links to one address (known or not): her inbox is not flooded by a stranger. */
const REQUESTS_PER_ADDRESS: RateLimitRule = { max: 3, windowMs: 60 * 60 * 1000 };

type ResetDeps = {
  config: { siteUrl: string };
  adminAccounts: AdminAccounts;
  passwordResets: PasswordResetRepository;
  rateLimiter: RateLimiter;
  mailer: Pick<Mailer, "enabled" | "queueTo" | "kick">;
  logger: Logger;
};

/**
 * "Password dimenticata?": for the administrator's address, with e-mail configured, a link is queued to
 * that address. The page answers the same whether or not the address is an account's, and the
 * requests are limited per client and per address whether or not it is.
 */
export async function requestPasswordReset(
  s: ResetDeps,
  input: z.output<typeof passwordForgotSchema>,
  clientIp: string,
): Promise<Result<undefined, "mailOff" | "throttled">> {
  if (!s.mailer.enabled) return refused("mailOff");
  const email = normalizeEmail(input.email);
  const allowed = await s.rateLimiter.takeAll([
    { key: `password-reset:ip:${clientIp}`, rule: REQUESTS_PER_CLIENT },
    { key: `password-reset:email:${email}`, rule: REQUESTS_PER_ADDRESS },
  ]);
  if (!allowed.allowed) return refused("throttled");
  // Housekeeping for either answer, so a known address takes little longer to answer than another.
  await s.passwordResets.prune().catch((error: unknown) => s.logger.warn({ err: error }, "pruning reset links failed"));
  const user = await s.adminAccounts.findByEmail(email);
  if (user) {
    const { token } = await s.passwordResets.create(user.id);
    const link = `${s.config.siteUrl}${NEW_PASSWORD_PATH}?token=${token}`;
    await s.mailer.queueTo(user.email, passwordResetMail(link));
    s.mailer.kick();
    s.logger.info({ userId: user.id, ip: clientIp }, "password reset link sent");
  } else {
    s.logger.info({ ip: clientIp }, "password reset asked for an unknown address");
  }
  return succeeded();
}

/** The new-password page: whether its link can still be used. */
export async function newPasswordView(s: Pick<ResetDeps, "passwordResets">, token: string | null) {
  return { state: await s.passwordResets.state(token), token: token ?? "" };
}

/**
 * Why a new password was not set: it breaks the rules (detail: the rule's sentence), the hashing is
 * busy, or the link is used, expired or unknown (its state, as the page shows it).
 */
export type ResetRefusal = "passwordRule" | "busy" | Exclude<ResetLinkState, "valid">;

/**
 * A new password from a valid link (the same rules as "Cambia password"): the link is used up, the
 * password set, every session signed out; the route sends the browser to the sign-in page, which
 * still asks for the second factor when it is on.
 */
export async function resetPassword(
  s: Pick<ResetDeps, "adminAccounts" | "passwordResets" | "logger">,
  input: z.output<typeof passwordResetSchema>,
): Promise<Result<undefined, ResetRefusal, string>> {
  const { token, next } = input;
  // Checked before the link is used up, so a refused password leaves the link working.
  const problem = passwordProblem(next);
  if (problem) return refused("passwordRule", problem);
  // Hashed before the link is used up: a burst of logins holding the hashing leaves the link working.
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(next);
  } catch (error) {
    if (!(error instanceof HashingBusyError)) throw error;
    return refused("busy");
  }
  const consumed = await s.passwordResets.consume(token);
  if ("refused" in consumed) return refused(consumed.refused);
  const user = await s.adminAccounts.get(consumed.userId);
  if (!user) return refused("unknown");
  // Sets the password and signs out every session of the account, as the command line does.
  await s.adminAccounts.storePasswordHash(user.email, passwordHash);
  s.logger.info({ userId: user.id }, "admin password reset by e-mail link");
  return succeeded();
}
