import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { adminPasswordResets } from "./schema";
import type { ResetLinkState } from "./password-reset-links";
import { hashSessionToken as hashToken } from "./sessions.server";

/** A reset link works for 30 minutes. */
export const PASSWORD_RESET_VALID_MS = 30 * 60 * 1000;
/** 32 random bytes, base64url: 256 bits, 43 characters (as sessions and invitations). */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/**
 * The reset links of "Password dimenticata?". The e-mail carries a random token; the table keeps
 * only its SHA-256, so a copy of the database (a backup) opens nothing. Expiry is judged by the
 * database's clock, the same for every instance.
 */
export function createPasswordResetRepository(db: Db) {
  return {
    /** A new link for the account; the token is returned once. */
    async create(userId: string, validForMs = PASSWORD_RESET_VALID_MS): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString("base64url");
      const [row] = await db
        .insert(adminPasswordResets)
        .values({
          tokenHash: hashToken(token),
          userId,
          expiresAt: sql`now() + make_interval(secs => ${validForMs / 1000})`,
        })
        .returning({ expiresAt: adminPasswordResets.expiresAt });
      return { token, expiresAt: row!.expiresAt };
    },

    /** What the link is now: to be used, already used, expired, or not one of ours (through `executor` in a transaction). */
    async state(token: string | null | undefined, executor: Pick<Db, "select"> = db): Promise<ResetLinkState> {
      if (!token || !tokenShape.test(token)) return "unknown";
      const [row] = await executor
        .select({
          used: sql<boolean>`${adminPasswordResets.usedAt} is not null`,
          live: sql<boolean>`${adminPasswordResets.expiresAt} > now()`,
        })
        .from(adminPasswordResets)
        .where(eq(adminPasswordResets.tokenHash, hashToken(token)));
      if (!row) return "unknown";
      if (row.used) return "used";
      return row.live ? "valid" : "expired";
    },

    /**
     * Uses the link up: one conditional update, so of two submissions with the same link only one
     * wins. The account's other open links end with it. The account's id, or why the link is refused.
     */
    async consume(token: string): Promise<{ userId: string } | { refused: Exclude<ResetLinkState, "valid"> }> {
      if (!tokenShape.test(token)) return { refused: "unknown" };
      return db.transaction(async (tx) => {
        const [taken] = await tx
          .update(adminPasswordResets)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(adminPasswordResets.tokenHash, hashToken(token)),
              isNull(adminPasswordResets.usedAt),
              gt(adminPasswordResets.expiresAt, sql`now()`),
            ),
          )
          .returning({ userId: adminPasswordResets.userId });
        if (!taken) {
          const state = await this.state(token, tx);
          return { refused: state === "valid" ? "used" : state };
        }
        await tx
          .update(adminPasswordResets)
          .set({ usedAt: sql`now()` })
          .where(and(eq(adminPasswordResets.userId, taken.userId), isNull(adminPasswordResets.usedAt)));
        return taken;
      });
    },

    /** Links used or expired more than a day ago go (run now and then). */
    async prune(): Promise<void> {
      const dayAgo = sql`now() - interval '1 day'`;
      await db
        .delete(adminPasswordResets)
        .where(or(lt(adminPasswordResets.expiresAt, dayAgo), lt(adminPasswordResets.usedAt, dayAgo)));
    },
  };
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
