import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { reviewInvitations, type ReviewInvitation } from "./schema";
import type { Executor } from "~/core/db/database.server";

/** 32 random bytes, base64url: 256 bits, 43 characters. */
const TOKEN_BYTES = 32;
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type InvitationState = "valid" | "used" | "expired" | "revoked" | "unknown";

export function invitationState(invitation: ReviewInvitation | undefined, now = new Date()): InvitationState {
  if (!invitation) return "unknown";
  if (invitation.usedAt) return "used";
  if (invitation.revokedAt) return "revoked";
  if (invitation.expiresAt <= now) return "expired";
  return "valid";
}

/** An invitation as the practitioner's list shows it: never its token (only the hash is stored). */
export function toInvitationRowView(invitation: ReviewInvitation, now = new Date()) {
  return {
    id: invitation.id,
    patientName: invitation.patientName,
    note: invitation.note,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    usedAt: invitation.usedAt?.toISOString() ?? null,
    state: invitationState(invitation, now),
  };
}

/**
 * Uses the invitation up for `reviewId`, inside the caller's transaction.
 * One conditional update: of two submissions with the same link only one
 * wins. False when the link is unknown, used, revoked or expired.
 */
export async function consumeInvitation(executor: Executor, token: string, reviewId: string): Promise<boolean> {
  if (!tokenShape.test(token)) return false;
  const rows = await executor
    .update(reviewInvitations)
    .set({ usedAt: sql`now()`, reviewId })
    .where(
      and(
        eq(reviewInvitations.tokenHash, hashInvitationToken(token)),
        isNull(reviewInvitations.usedAt),
        isNull(reviewInvitations.revokedAt),
        gt(reviewInvitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: reviewInvitations.id });
  return rows.length === 1;
}

export function createInvitationRepository(db: Db) {
  return {
    /**
     * A new invitation; the token is returned once and only its hash is stored. `executor`: the
     * caller's transaction, when it goes with another change (an appointment marked invited).
     */
    async create(
      input: { note?: string | null; patientName?: string | null; validDays: number },
      executor: Executor = db,
    ) {
      const token = randomBytes(TOKEN_BYTES).toString("base64url");
      const [invitation] = await executor
        .insert(reviewInvitations)
        .values({
          tokenHash: hashInvitationToken(token),
          note: input.note || null,
          patientName: input.patientName || null,
          expiresAt: new Date(Date.now() + input.validDays * 24 * 60 * 60 * 1000),
        })
        .returning();
      return { invitation: invitation!, token };
    },

    async find(token: string | null | undefined): Promise<ReviewInvitation | undefined> {
      if (!token || !tokenShape.test(token)) return undefined;
      const [row] = await db
        .select()
        .from(reviewInvitations)
        .where(eq(reviewInvitations.tokenHash, hashInvitationToken(token)));
      return row;
    },

    async list(limit = 50): Promise<ReviewInvitation[]> {
      return db.select().from(reviewInvitations).orderBy(desc(reviewInvitations.createdAt)).limit(limit);
    },

    async get(id: string): Promise<ReviewInvitation | undefined> {
      const [row] = await db.select().from(reviewInvitations).where(eq(reviewInvitations.id, id));
      return row;
    },

    /** True when it was still open; a used invitation stays as it is. */
    async revoke(id: string): Promise<boolean> {
      const rows = await db
        .update(reviewInvitations)
        .set({ revokedAt: new Date() })
        .where(and(eq(reviewInvitations.id, id), isNull(reviewInvitations.usedAt), isNull(reviewInvitations.revokedAt)))
        .returning({ id: reviewInvitations.id });
      return rows.length === 1;
    },
  };
}

export type InvitationRepository = ReturnType<typeof createInvitationRepository>;
