import type { Logger } from "pino";
import type { ActionResult } from "~/core/forms/action-result";
import type { FlashStore } from "~/core/forms/flash.server";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, redirectWithToast, refusal, respond } from "~/core/forms/respond.server";
import type { Mailer } from "~/core/mail/mailer.server";
import type { RateLimitRule, RateLimiter } from "~/core/server/rate-limit.server";
import { assertSameOrigin } from "~/core/server/origin.server";
import { ACCOUNT_MESSAGES, passwordForgotSchema, passwordResetSchema } from "./account-forms";
import { type AdminAccounts, normalizeEmail } from "./accounts.server";
import { LOGIN_MESSAGES, PASSWORD_RESET_MESSAGES as MESSAGES, RESET_LINK_MESSAGES } from "./messages";
import { HashingBusyError, hashPassword, passwordProblem } from "./password.server";
import { passwordResetMail } from "./password-reset-mail";
import { NEW_PASSWORD_PATH, type ResetLinkState } from "./password-reset-links";
import type { PasswordResetRepository } from "./password-resets.server";
import { clearSessionCookie } from "./sessions.server";

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
  flash: FlashStore;
  logger: Logger;
};

/** What the new-password page shows about its link (and about a link refused on submission). */
export type NewPasswordResult = ActionResult & { state?: Exclude<ResetLinkState, "valid"> };

/**
 * "Password dimenticata?": for the administrator's address, with e-mail configured, a link is queued to
 * that address. The page answers the same whether or not the address is an account's, and the
 * requests are limited per client and per address whether or not it is.
 */
export async function requestPasswordReset(s: ResetDeps, request: Request, clientIp: string) {
  assertSameOrigin(request, s.config.siteUrl);
  const submission = parseSubmission(await readForm(request), passwordForgotSchema);
  if (!s.mailer.enabled) return respond(request, s.flash, { ok: false, message: MESSAGES.mailOff }, { status: 503 });
  if (submission.status !== "success") {
    return respond(request, s.flash, refusal(submission, MESSAGES.emailInvalid));
  }
  const email = normalizeEmail(submission.value.email);
  const allowed = await s.rateLimiter.takeAll([
    { key: `password-reset:ip:${clientIp}`, rule: REQUESTS_PER_CLIENT },
    { key: `password-reset:email:${email}`, rule: REQUESTS_PER_ADDRESS },
  ]);
  if (!allowed.allowed) return respond(request, s.flash, { ok: false, message: MESSAGES.throttled }, { status: 429 });
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
  return respond(request, s.flash, { ok: true, message: MESSAGES.requested });
}

/** The new-password page: whether its link can still be used. */
export async function newPasswordView(s: Pick<ResetDeps, "passwordResets">, token: string | null) {
  return { state: await s.passwordResets.state(token), token: token ?? "" };
}

/**
 * A new password from a valid link (the same rules as "Cambia password"): the link is used up, the
 * password set, every session signed out, and the browser sent to the sign-in page, which still asks
 * for the second factor when it is on.
 */
export async function resetPassword(s: ResetDeps, request: Request) {
  assertSameOrigin(request, s.config.siteUrl);
  const submission = parseSubmission(await readForm(request), passwordResetSchema);
  const hidden = ["next", "confirm"];
  if (submission.status !== "success") {
    return respond<NewPasswordResult>(request, s.flash, refusal(submission, ACCOUNT_MESSAGES.generic, hidden));
  }
  const { token, next } = submission.value;
  // Checked before the link is used up, so a refused password leaves the link working.
  const problem = passwordProblem(next);
  if (problem) {
    const reply = submission.reply({ fieldErrors: { next: [problem] }, hideFields: hidden });
    return respond<NewPasswordResult>(request, s.flash, { ok: false, message: problem, reply });
  }
  // Hashed before the link is used up: a burst of logins holding the hashing leaves the link working.
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(next);
  } catch (error) {
    if (!(error instanceof HashingBusyError)) throw error;
    return respond<NewPasswordResult>(request, s.flash, { ok: false, message: LOGIN_MESSAGES.busy }, { status: 429 });
  }
  const consumed = await s.passwordResets.consume(token);
  if ("refused" in consumed) {
    const result = { ok: false, message: RESET_LINK_MESSAGES[consumed.refused], state: consumed.refused };
    return respond<NewPasswordResult>(request, s.flash, result, { status: 410 });
  }
  const user = await s.adminAccounts.get(consumed.userId);
  if (!user) {
    return respond<NewPasswordResult>(request, s.flash, { ok: false, message: MESSAGES.linkUnknown, state: "unknown" });
  }
  // Sets the password and signs out every session of the account, as the command line does.
  await s.adminAccounts.storePasswordHash(user.email, passwordHash);
  s.logger.info({ userId: user.id }, "admin password reset by e-mail link");
  return redirectWithToast(
    request,
    s.flash,
    "/admin-login",
    { kind: "success", message: MESSAGES.changed },
    {
      status: 303,
      headers: [
        ["Cache-Control", "no-store"],
        ["Set-Cookie", clearSessionCookie(request)],
      ],
    },
  );
}
