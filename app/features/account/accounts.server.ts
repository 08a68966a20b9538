import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/core/db/database.server";
import { adminUsers, type AdminUser } from "./schema";
import { createRateLimiter } from "~/core/server/rate-limit.server";
import { decoyPasswordHash, hashPassword, passwordProblem, verifyPassword } from "./password.server";
import { createSessionStore, type SessionStore } from "./sessions.server";
import {
  generateRecoveryCodes,
  generateTotpSecret,
  hashRecoveryCode,
  matchTotp,
  TOTP_PERIOD_SECONDS,
} from "./totp.server";

const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Not a refusal of the site's forms: a bad email or password given to setPassword(), the message
 * saying which, in Italian. Only the command line (scripts/admin-create.ts) gives setPassword what no
 * schema checked, and catches it.
 */
export class AccountInputError extends Error {
  override name = "AccountInputError";
}

/**
 * The administrator accounts (no public sign-up: they are made from the command line). A change of
 * password ends sessions through `sessions`: the server's own store; a command-line script gets one.
 */
export function createAdminAccounts(db: Db, sessions: SessionStore = createSessionStore(db)) {
  const usedCodes = createRateLimiter(db);

  return {
    async findByEmail(email: string): Promise<AdminUser | undefined> {
      const [user] = await db
        .select()
        .from(adminUsers)
        .where(eq(adminUsers.email, normalizeEmail(email)));
      return user;
    },

    async get(id: string): Promise<AdminUser | undefined> {
      const [user] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
      return user;
    },

    /**
     * Creates the administrator, or sets a new password (and signs out every
     * session) when the account exists. `resetTwoFactor` also turns off the
     * second factor, for an administrator who lost both phone and recovery codes.
     */
    async setPassword(
      email: string,
      password: string,
      options: { resetTwoFactor?: boolean } = {},
    ): Promise<{ created: boolean; user: AdminUser }> {
      const parsedEmail = emailSchema.safeParse(email);
      if (!parsedEmail.success) throw new AccountInputError("Indirizzo email non valido");
      const problem = passwordProblem(password);
      if (problem) throw new AccountInputError(problem);
      return this.storePasswordHash(parsedEmail.data, await hashPassword(password), options);
    },

    /**
     * setPassword() with the hash already made (a reset link is used up only once the hash is
     * ready, so a busy moment cannot waste it); `email` must be an account's or a valid address.
     */
    async storePasswordHash(
      email: string,
      passwordHash: string,
      options: { resetTwoFactor?: boolean } = {},
    ): Promise<{ created: boolean; user: AdminUser }> {
      const existing = await this.findByEmail(email);
      if (!existing) {
        const [user] = await db.insert(adminUsers).values({ email, passwordHash }).returning();
        return { created: true, user: user! };
      }
      const twoFactor = options.resetTwoFactor ? { totpSecret: null, totpEnabledAt: null, recoveryCodeHashes: [] } : {};
      const [user] = await db
        .update(adminUsers)
        .set({ passwordHash, updatedAt: new Date(), ...twoFactor })
        .where(eq(adminUsers.id, existing.id))
        .returning();
      await sessions.deleteAllOf(existing.id);
      return { created: false, user: user! };
    },

    /** The user when email and password match; null otherwise, after the same work either way. */
    async checkCredentials(email: string, password: string): Promise<AdminUser | null> {
      const user = await this.findByEmail(email);
      const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
      return user && ok ? user : null;
    },

    /** False when the current password is wrong; on success every other session is signed out. */
    async changePassword(user: AdminUser, current: string, next: string, keepSessionIdHash: string): Promise<boolean> {
      if (!(await verifyPassword(current, user.passwordHash))) return false;
      await db
        .update(adminUsers)
        .set({ passwordHash: await hashPassword(next), updatedAt: new Date() })
        .where(eq(adminUsers.id, user.id));
      await sessions.deleteOthers(user.id, keepSessionIdHash);
      return true;
    },

    // ---- Two-factor (TOTP) ----

    /** Stores a new secret, not yet active: the user proves their app has it with confirmTotp(). */
    async startTotp(userId: string): Promise<string> {
      const secret = generateTotpSecret();
      await db
        .update(adminUsers)
        .set({ totpSecret: secret, totpEnabledAt: null, recoveryCodeHashes: [], updatedAt: new Date() })
        .where(eq(adminUsers.id, userId));
      return secret;
    },

    /** Activates two-factor sign-in when the code matches; returns the recovery codes (shown once), or null. */
    async confirmTotp(user: AdminUser, code: string): Promise<string[] | null> {
      if (!user.totpSecret || user.totpEnabledAt) return null;
      if (!(await this.consumeTotp(user, code))) return null;
      const codes = generateRecoveryCodes();
      await db
        .update(adminUsers)
        .set({ totpEnabledAt: new Date(), recoveryCodeHashes: codes.map(hashRecoveryCode), updatedAt: new Date() })
        .where(eq(adminUsers.id, user.id));
      return codes;
    },

    async disableTotp(userId: string): Promise<void> {
      await db
        .update(adminUsers)
        .set({ totpSecret: null, totpEnabledAt: null, recoveryCodeHashes: [], updatedAt: new Date() })
        .where(eq(adminUsers.id, userId));
    },

    async regenerateRecoveryCodes(userId: string): Promise<string[]> {
      const codes = generateRecoveryCodes();
      await db
        .update(adminUsers)
        .set({ recoveryCodeHashes: codes.map(hashRecoveryCode), updatedAt: new Date() })
        .where(eq(adminUsers.id, userId));
      return codes;
    },

    /** True when the code is a current TOTP code not used before. */
    async consumeTotp(user: AdminUser, code: string): Promise<boolean> {
      if (!user.totpSecret) return false;
      const step = matchTotp(user.totpSecret, code);
      if (step === null) return false;
      // A code seen once is refused for the rest of its window (replay).
      // Checked and recorded in one step: parallel requests with the same code get one success.
      const key = `totp-used:${user.id}:${step}`;
      const rule = { max: 1, windowMs: 3 * TOTP_PERIOD_SECONDS * 1000 };
      return (await usedCodes.take(key, rule)).allowed;
    },

    /**
     * Whether `code` is a current TOTP code or one of the recovery codes, using nothing up (a code
     * seen before may still be refused by checkSecondFactor(), which is what signs in).
     */
    secondFactorMatches(user: AdminUser, code: string): boolean {
      if (!user.totpEnabledAt || !user.totpSecret) return false;
      return matchTotp(user.totpSecret, code) !== null || user.recoveryCodeHashes.includes(hashRecoveryCode(code));
    },

    /** Second step of a login: a TOTP code, or one of the recovery codes (which is then used up). */
    async checkSecondFactor(user: AdminUser, code: string): Promise<"totp" | "recovery" | null> {
      if (!user.totpEnabledAt) return null;
      if (await this.consumeTotp(user, code)) return "totp";
      // One statement removes the code only if it is still there: of parallel uses, one wins.
      const hash = hashRecoveryCode(code);
      const used = await db
        .update(adminUsers)
        .set({ recoveryCodeHashes: sql`${adminUsers.recoveryCodeHashes} - ${hash}::text`, updatedAt: new Date() })
        .where(and(eq(adminUsers.id, user.id), sql`jsonb_exists(${adminUsers.recoveryCodeHashes}, ${hash})`))
        .returning({ id: adminUsers.id });
      return used.length > 0 ? "recovery" : null;
    },
  };
}

export type AdminAccounts = ReturnType<typeof createAdminAccounts>;
