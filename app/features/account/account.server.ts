import type { Logger } from "pino";
import type { z } from "zod";
import type { AdminUser } from "./schema";
import type { SignedInAdmin } from "./admin-auth.server";
import type { AdminAccounts } from "./accounts.server";
import { LOGIN_MESSAGES } from "./messages";
import { HashingBusyError, verifyPassword } from "./password.server";
import type { SessionStore } from "./sessions.server";
import { totpQrDataUrl, totpUri } from "./totp.server";
import { describeUserAgent } from "./user-agent";
import {
  ACCOUNT_MESSAGES as MESSAGES,
  type AccountIntent,
  type AccountResult,
  type accountActionSchema,
  type passwordChangeSchema,
  type twoFactorSchema,
} from "./account-forms";

/** What the account's changes need of the services. */
type AccountDeps = { adminAccounts: AdminAccounts; sessions: SessionStore; logger: Logger };

const result = (
  intent: AccountIntent,
  ok: boolean,
  message: string,
  extra: { recoveryCodes?: string[]; field?: string } = {},
): AccountResult => ({
  intent,
  ok,
  message,
  ...extra,
});

/** Changes the password (its rules checked by the form's schema) after checking the current one; every other session is signed out. */
export async function changePassword(
  s: AccountDeps,
  admin: SignedInAdmin,
  user: AdminUser,
  input: z.infer<typeof passwordChangeSchema>,
): Promise<AccountResult> {
  const changed = await s.adminAccounts.changePassword(user, input.current, input.next, admin.session.idHash);
  if (!changed) return result(input.intent, false, MESSAGES.currentWrong, { field: "current" });
  s.logger.info({ userId: user.id }, "admin password changed");
  return result(input.intent, true, MESSAGES.passwordChanged);
}

/** Two-factor sign-in: enrolment (start, confirm with a code, cancel), turning it off, new recovery codes. */
export async function changeTwoFactor(
  s: AccountDeps,
  user: AdminUser,
  input: z.infer<typeof twoFactorSchema>,
): Promise<AccountResult> {
  const accounts = s.adminAccounts;
  switch (input.intent) {
    case "totp-start": {
      if (user.totpEnabledAt) return result(input.intent, false, MESSAGES.generic);
      await accounts.startTotp(user.id);
      return result(input.intent, true, MESSAGES.totpStarted);
    }
    case "totp-confirm": {
      const codes = await accounts.confirmTotp(user, input.code);
      if (!codes) return result(input.intent, false, MESSAGES.totpCodeWrong, { field: "code" });
      s.logger.info({ userId: user.id }, "two-factor sign-in enabled");
      return result(input.intent, true, MESSAGES.totpEnabled, { recoveryCodes: codes });
    }
    case "totp-cancel": {
      if (!user.totpEnabledAt) await accounts.disableTotp(user.id);
      return result(input.intent, true, MESSAGES.totpCancelled);
    }
    case "totp-disable":
    case "recovery-codes": {
      if (!(await verifyPassword(input.password, user.passwordHash))) {
        return result(input.intent, false, MESSAGES.currentWrong, { field: "password" });
      }
      if (input.intent === "totp-disable") {
        await accounts.disableTotp(user.id);
        s.logger.info({ userId: user.id }, "two-factor sign-in disabled");
        return result(input.intent, true, MESSAGES.totpDisabled);
      }
      const codes = await accounts.regenerateRecoveryCodes(user.id);
      return result(input.intent, true, MESSAGES.codesRegenerated, { recoveryCodes: codes });
    }
  }
}

/** Signs out every session of this account but the current one. */
export async function signOutOtherSessions(
  s: Pick<AccountDeps, "sessions">,
  admin: SignedInAdmin,
): Promise<AccountResult> {
  const count = await s.sessions.deleteOthers(admin.user.id, admin.session.idHash);
  return result("logout-others", true, count > 0 ? MESSAGES.othersSignedOut : MESSAGES.noOthers);
}

/**
 * What the account screen shows: the e-mail, two-factor sign-in (with the QR code while it is being
 * enrolled; `issuer` names the site in the authenticator app) and the signed-in devices.
 */
export async function accountView(deps: Pick<AccountDeps, "sessions">, admin: SignedInAdmin, issuer: string) {
  const { user } = admin;
  const sessions = await deps.sessions.list(user.id);
  const enrolling = Boolean(user.totpSecret && !user.totpEnabledAt);
  return {
    email: user.email,
    twoFactor: {
      enabledAt: user.totpEnabledAt?.toISOString() ?? null,
      recoveryCodesLeft: user.recoveryCodeHashes.length,
      enrolment: enrolling
        ? { secret: user.totpSecret!, qr: await totpQrDataUrl(totpUri(user.totpSecret!, user.email, issuer)) }
        : null,
    },
    sessions: sessions.map((session) => ({
      key: session.idHash.slice(0, 12),
      current: session.idHash === admin.session.idHash,
      device: describeUserAgent(session.userAgent),
      ip: session.ip,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
    })),
  };
}

export type AccountView = Awaited<ReturnType<typeof accountView>>;

/** One change made on the account screen, whichever of its forms sent it. */
export async function changeAccount(
  s: AccountDeps,
  admin: SignedInAdmin,
  input: z.infer<typeof accountActionSchema>,
): Promise<AccountResult> {
  if (input.intent === "logout-others") return signOutOtherSessions(s, admin);
  // Fresh from the database: the middleware's copy may predate a change made a moment ago in another tab.
  const user = (await s.adminAccounts.get(admin.user.id))!;
  try {
    return input.intent === "password"
      ? await changePassword(s, admin, user, input)
      : await changeTwoFactor(s, user, input);
  } catch (error) {
    // A burst of logins holds the password hashing: nothing was changed, she can simply send it again.
    if (error instanceof HashingBusyError) return result(input.intent, false, LOGIN_MESSAGES.busy);
    throw error;
  }
}
