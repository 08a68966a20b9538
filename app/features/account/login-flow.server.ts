import type { Logger } from "pino";
import type { AdminUser } from "./schema";
import { type Result, refused, succeeded } from "~/core/result";
import type { RateLimiter } from "~/core/server/rate-limit.server";
import type { AdminAccounts } from "./accounts.server";
import type { KnownDevices } from "./known-device.server";
import { deviceKey, emailKey, loginThrottle, secondFactorKey } from "./login.server";
import type { LoginInput, LoginStep } from "./login-schema";
import { HashingBusyError } from "./password.server";
import { readSessionToken, type SessionStore } from "./sessions.server";

/** What signing in needs of the services. */
type LoginDeps = {
  adminAccounts: AdminAccounts;
  sessions: SessionStore;
  rateLimiter: RateLimiter;
  knownDevices: KnownDevices;
  logger: Logger;
};

/**
 * What signing in knows of the browser, read by the route: its address, its session cookie's token,
 * its user agent, and whether it is a browser this account signed in from before (decision 45).
 */
export interface LoginBrowser {
  clientIp: string;
  sessionToken: string | null;
  userAgent: string | null;
  knownDevice(user: AdminUser | null | undefined): Promise<string | null>;
}

/** The browser's side of signing in, from its request (the known-device cookie is read only when asked). */
export function loginBrowser(s: Pick<LoginDeps, "knownDevices">, request: Request, clientIp: string): LoginBrowser {
  return {
    clientIp,
    sessionToken: readSessionToken(request),
    userAgent: request.headers.get("user-agent"),
    knownDevice: (user) => s.knownDevices.recognizes(request, user),
  };
}

/** Which step a browser is at: a pending (password-only) session means the code comes next. */
export async function currentLoginStep(
  s: Pick<LoginDeps, "sessions">,
  request: Request,
): Promise<LoginStep | "signed-in"> {
  const active = await s.sessions.find(readSessionToken(request));
  if (active?.session.verified) return "signed-in";
  return active ? "code" : "password";
}

/** Where a sign-in went: into the panel (a verified session), to the code step (a pending one), back to the start. */
export type LoginOutcome =
  | { next: "signed-in"; token: string; user: AdminUser }
  | { next: "code"; token: string }
  | { next: "cancelled" }
  | { next: "already-signed-in" };

/** Why a sign-in was refused; the route words it (LOGIN_MESSAGES, by the same key) and picks the status. */
export type LoginRefusal =
  | "codeExpired"
  | "throttled"
  | "invalidCode"
  | "accountThrottled"
  | "busy"
  | "invalidCredentials";

/** What the page shows again with a refusal: the step, the email as typed, whether the code is asked too. */
export interface LoginRefusalDetail {
  step: LoginStep;
  email?: string;
  withCode?: boolean;
}

type LoginAnswer = Result<LoginOutcome, LoginRefusal, LoginRefusalDetail>;

/**
 * The two-step sign-in as one state machine: password (then, with two-factor sign-in on, a pending
 * session waiting for its code), code (then a verified session), or cancel. Every attempt is counted
 * per IP and per account (a right one is then taken back); past the limit, attempts are refused for a while.
 */
export async function signIn(s: LoginDeps, input: LoginInput, browser: LoginBrowser): Promise<LoginAnswer> {
  const { adminAccounts: accounts, sessions } = s;
  const { clientIp } = browser;
  const throttle = loginThrottle(s.rateLimiter, clientIp);

  if (input.intent === "cancel") {
    if (browser.sessionToken) await sessions.deleteByToken(browser.sessionToken);
    return succeeded({ next: "cancelled" });
  }
  if (input.intent === "code") {
    const active = await sessions.find(browser.sessionToken);
    if (!active) return refused("codeExpired", { step: "password" });
    if (active.session.verified) return succeeded({ next: "already-signed-in" });
    // Counted before the code is checked, in one step with the limit: a burst gets no more tries than a sequence.
    const started = await throttle.begin(secondFactorKey(active.user.id));
    if ("refused" in started) {
      if (started.refused === "account") await started.counted.withdraw();
      return refused("throttled", { step: "code" });
    }
    const attempt = started.counted;
    const factor = await accounts.checkSecondFactor(active.user, input.code);
    // A parallel request completing the same pending login with another code loses the race here.
    const verified = factor ? await sessions.promote(active.session) : null;
    if (!verified) {
      s.logger.warn({ userId: active.user.id, ip: clientIp }, "second factor refused");
      return refused("invalidCode", { step: "code" });
    }
    await attempt.succeeded();
    s.logger.info({ userId: active.user.id, factor }, "admin signed in");
    return succeeded({ next: "signed-in", token: verified.token, user: active.user });
  }

  const { email, password } = input;
  const code = input.code || undefined;
  const refuse = (reason: LoginRefusal, withCode?: boolean) =>
    refused(reason, { step: "password" as const, email, withCode });
  // A browser this account signed in from before is never slowed by the account's limit, only by its
  // own failures (decision 45).
  const device = await browser.knownDevice(await accounts.findByEmail(email));
  const started = await throttle.begin(device ? deviceKey(device) : emailKey(email));
  if ("refused" in started && started.refused === "client") return refuse("throttled");
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
    return refuse("busy");
  }
  const { userAgent } = browser;
  if (lockedOut) {
    if (!user) {
      s.logger.warn({ ip: clientIp }, "admin login refused: account limit reached");
      return refuse("accountThrottled", true);
    }
    await attempt.succeeded();
    const session = await sessions.create({ userId: user.id, verified: true, userAgent, ip: clientIp });
    s.logger.info({ userId: user.id }, "admin signed in past the account limit, with the second factor");
    return succeeded({ next: "signed-in", token: session.token, user });
  }
  if (!user) {
    s.logger.warn({ ip: clientIp }, "admin login refused");
    return refuse("invalidCredentials");
  }
  await attempt.succeeded();
  // Housekeeping at a rare, cheap moment: expired sessions and old attempt counters go.
  await Promise.all([sessions.pruneExpired(), s.rateLimiter.prune(24 * 60 * 60 * 1000)]).catch((error: unknown) =>
    s.logger.warn({ err: error }, "pruning old sessions failed"),
  );
  if (user.totpEnabledAt) {
    const pending = await sessions.create({ userId: user.id, verified: false, userAgent, ip: clientIp });
    return succeeded({ next: "code", token: pending.token });
  }
  const session = await sessions.create({ userId: user.id, verified: true, userAgent, ip: clientIp });
  s.logger.info({ userId: user.id }, "admin signed in");
  return succeeded({ next: "signed-in", token: session.token, user });
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
