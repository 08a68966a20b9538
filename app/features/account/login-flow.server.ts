import { redirect } from "react-router";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, redirectWithToast, respond } from "~/core/forms/respond.server";
import type { Logger } from "pino";
import type { FlashStore } from "~/core/forms/flash.server";
import type { RateLimiter } from "~/core/server/rate-limit.server";
import { assertSameOrigin } from "~/core/server/origin.server";
import type { AdminUser } from "~/core/db/schema";
import type { AdminAccounts } from "./accounts.server";
import type { KnownDevices } from "./known-device.server";
import { deviceKey, emailKey, loginThrottle, secondFactorKey } from "./login.server";
import { codeStepSchema, type LoginResult, type LoginStep, passwordStepSchema } from "./login-schema";
import { LOGIN_MESSAGES } from "./messages";
import { HASHING_RETRY_AFTER_S, HashingBusyError } from "./password.server";
import {
  clearSessionCookie,
  PENDING_SECOND_FACTOR_MS,
  readSessionToken,
  type SessionStore,
  sessionCookie,
} from "./sessions.server";

/** What signing in needs of the services. */
type LoginDeps = {
  config: { siteUrl: string };
  adminAccounts: AdminAccounts;
  sessions: SessionStore;
  rateLimiter: RateLimiter;
  knownDevices: KnownDevices;
  flash: FlashStore;
  logger: Logger;
};

/** Which step a browser is at: a pending (password-only) session means the code comes next. */
export async function currentLoginStep(
  s: Pick<LoginDeps, "sessions">,
  request: Request,
): Promise<LoginStep | "signed-in"> {
  const active = await s.sessions.find(readSessionToken(request));
  if (active?.session.verified) return "signed-in";
  return active ? "code" : "password";
}

/**
 * The two-step sign-in as one state machine: password (then, with
 * two-factor sign-in on, a pending session waiting for its code), code
 * (then a verified session), or cancel. Every attempt is counted per
 * IP and per account (a right one is then taken back); past the limit, attempts are refused for a while.
 */
export async function loginAction(s: LoginDeps, request: Request, clientIp: string) {
  assertSameOrigin(request, s.config.siteUrl);
  const { adminAccounts: accounts, sessions } = s;
  const throttle = loginThrottle(s.rateLimiter, clientIp);
  const form = await readForm(request);
  const refuse = (step: LoginStep, message: string, status: number, email = "", withCode?: boolean) =>
    respond<LoginResult>(request, s.flash, { ok: false, message, step, email, withCode }, { status });
  // Signed in: to the panel, whoever asked (a script too), with the session, the toast, and this
  // browser known from now on (decision 45).
  const signedIn = async (token: string, user: AdminUser) =>
    redirectWithToast(
      request,
      s.flash,
      "/admin",
      { kind: "success", message: LOGIN_MESSAGES.success },
      {
        headers: [
          ["Cache-Control", "no-store"],
          ["Set-Cookie", sessionCookie(request, token)],
          ["Set-Cookie", await s.knownDevices.issue(request, user)],
        ],
      },
    );

  if (form.get("intent") === "cancel" || form.get("intent") === "code") {
    const step = parseSubmission(form, codeStepSchema);
    if (step.status !== "success") return refuse("code", LOGIN_MESSAGES.missingCode, 400);
    if (step.value.intent === "cancel") {
      const token = readSessionToken(request);
      if (token) await sessions.deleteByToken(token);
      return redirect("/admin-login", { headers: { "Set-Cookie": clearSessionCookie(request) } });
    }
    const active = await sessions.find(readSessionToken(request));
    if (!active) return refuse("password", LOGIN_MESSAGES.codeExpired, 401);
    if (active.session.verified) throw redirect("/admin");
    // Counted before the code is checked, in one step with the limit: a burst gets no more tries than a sequence.
    const started = await throttle.begin(secondFactorKey(active.user.id));
    if ("refused" in started) {
      if (started.refused === "account") await started.counted.withdraw();
      return refuse("code", LOGIN_MESSAGES.throttled, 429);
    }
    const attempt = started.counted;
    const factor = await accounts.checkSecondFactor(active.user, step.value.code);
    // A parallel request completing the same pending login with another code loses the race here.
    const verified = factor ? await sessions.promote(active.session) : null;
    if (!verified) {
      s.logger.warn({ userId: active.user.id, ip: clientIp }, "second factor refused");
      return refuse("code", LOGIN_MESSAGES.invalidCode, 401);
    }
    await attempt.succeeded();
    s.logger.info({ userId: active.user.id, factor }, "admin signed in");
    return signedIn(verified.token, active.user);
  }

  const step = parseSubmission(form, passwordStepSchema);
  const typedEmail = String(form.get("email") ?? "").trim();
  if (step.status !== "success") {
    const message = step.error?.email?.[0] ?? step.error?.password?.[0] ?? LOGIN_MESSAGES.missingFields;
    return refuse("password", message, 400, typedEmail);
  }
  const { email, password } = step.value;
  const code = step.value.code || undefined;
  // A browser this account signed in from before is never slowed by the account's limit, only by its
  // own failures (decision 45).
  const device = await s.knownDevices.recognizes(request, await accounts.findByEmail(email));
  const started = await throttle.begin(device ? deviceKey(device) : emailKey(email));
  if ("refused" in started && started.refused === "client") {
    return refuse("password", LOGIN_MESSAGES.throttled, 429, email);
  }
  const attempt = started.counted;
  // The account's limit (or this known browser's) is full: only the password with a right second factor
  // goes on, and every other answer is the same, so a guesser learns nothing about the password from it.
  const lockedOut = "refused" in started;
  let user: AdminUser | null;
  try {
    user = lockedOut
      ? await passwordWithSecondFactor(accounts, email, password, code)
      : await accounts.checkCredentials(email, password);
  } catch (error) {
    if (!(error instanceof HashingBusyError)) throw error;
    await attempt.withdraw();
    s.logger.warn({ ip: clientIp }, "admin login refused: password hashing busy");
    return respond<LoginResult>(
      request,
      s.flash,
      { ok: false, message: LOGIN_MESSAGES.busy, step: "password", email },
      { status: 429, headers: { "Retry-After": String(HASHING_RETRY_AFTER_S) } },
    );
  }
  if (lockedOut) {
    if (!user) {
      s.logger.warn({ ip: clientIp }, "admin login refused: account limit reached");
      return refuse("password", LOGIN_MESSAGES.accountThrottled, 429, email, true);
    }
    await attempt.succeeded();
    const session = await sessions.create({
      userId: user.id,
      verified: true,
      userAgent: request.headers.get("user-agent"),
      ip: clientIp,
    });
    s.logger.info({ userId: user.id }, "admin signed in past the account limit, with the second factor");
    return signedIn(session.token, user);
  }
  if (!user) {
    s.logger.warn({ ip: clientIp }, "admin login refused");
    return refuse("password", LOGIN_MESSAGES.invalidCredentials, 401, email);
  }
  await attempt.succeeded();
  // Housekeeping at a rare, cheap moment: expired sessions and old attempt counters go.
  await Promise.all([sessions.pruneExpired(), s.rateLimiter.prune(24 * 60 * 60 * 1000)]).catch((error: unknown) =>
    s.logger.warn({ err: error }, "pruning old sessions failed"),
  );
  const userAgent = request.headers.get("user-agent");
  if (user.totpEnabledAt) {
    const pending = await sessions.create({ userId: user.id, verified: false, userAgent, ip: clientIp });
    return redirect("/admin-login", {
      headers: {
        "Set-Cookie": sessionCookie(request, pending.token, PENDING_SECOND_FACTOR_MS),
        "Cache-Control": "no-store",
      },
    });
  }
  const session = await sessions.create({ userId: user.id, verified: true, userAgent, ip: clientIp });
  s.logger.info({ userId: user.id }, "admin signed in");
  return signedIn(session.token, user);
}

/**
 * Past the account's limit: the code first, the password only after a right code, the code used up
 * only after the right password. A guesser without her second factor never gets the password checked,
 * so nothing (no answer, no timing) says whether a password was right; no per-account counter is
 * touched, so strangers cannot fill one to close this way too (decision 45).
 */
async function passwordWithSecondFactor(
  accounts: AdminAccounts,
  email: string,
  password: string,
  code: string | undefined,
): Promise<AdminUser | null> {
  const user = code ? await accounts.findByEmail(email) : undefined;
  if (!code || !user || !accounts.secondFactorMatches(user, code)) return null;
  if (!(await accounts.checkCredentials(email, password))) return null;
  return (await accounts.checkSecondFactor(user, code)) ? user : null;
}
