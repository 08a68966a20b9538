import type { createAdminAccounts } from "~/features/account/accounts.server";
import { hashPassword } from "~/features/account/password.server";

/**
 * scrypt at its lowest cost that still spans a few blocks (N = 2^10, r = 8, p = 1): a thousandth of
 * the site's work. The site verifies a hash at the cost the hash names, so an account stored with it
 * signs in as any other, only without the third of a second each check costs.
 */
export const QUICK_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 } as const;

/** A password hash for an account whose sign-ins a test makes by the hundred, hashing not under test. */
export const quickPasswordHash = (password: string) => hashPassword(password, QUICK_PASSWORD_COST);

/** An account stored with a quick hash: it signs in as any other (see above). */
export const storeQuickAccount = async (
  accounts: ReturnType<typeof createAdminAccounts>,
  { email, password }: { email: string; password: string },
) => accounts.storePasswordHash(email, await quickPasswordHash(password));
