import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "~/core/db/database.server";
import { reviewInvitations } from "./schema";
import { openTestDatabase } from "../../../tests/support/test-databases";
import {
  consumeInvitation,
  createInvitationRepository,
  hashInvitationToken,
  invitationState,
} from "./review-invitations.server";
import { createReviewRepository } from "./reviews.server";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("review invitations", () => {
  it("makes 256-bit tokens and stores only their hash", async () => {
    const invitations = createInvitationRepository(database.db);
    const { token, invitation } = await invitations.create({ note: "Visita del 3 marzo", validDays: 30 });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(invitation.tokenHash).toBe(hashInvitationToken(token));
    const [stored] = await database.db.select().from(reviewInvitations).where(eq(reviewInvitations.id, invitation.id));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(invitation.expiresAt.getTime() - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
    expect(invitationState(await invitations.find(token))).toBe("valid");
    expect(invitationState(await invitations.find(token.slice(0, -1) + (token.endsWith("A") ? "B" : "A")))).toBe(
      "unknown",
    );
    expect(invitationState(await invitations.find("not-a-token"))).toBe("unknown");
  });

  it("marks the review verified and uses the invitation up, once, even with two submissions at the same time", async () => {
    const invitations = createInvitationRepository(database.db);
    const reviews = createReviewRepository(database.db);
    const { token } = await invitations.create({ validDays: 30 });
    // As a submission saves an invited review: the invitation used up in the review's transaction, or nothing saved.
    const addInvited = (name: string) =>
      reviews.add({ name, content: "Testo", rating: 5, verified: true }, async (row, tx) => {
        if (!(await consumeInvitation(tx, token, row.id))) throw new Error("invitation unavailable");
      });
    const attempts = await Promise.allSettled([addInvited("Uno"), addInvited("Due")]);
    const saved = attempts.filter((a) => a.status === "fulfilled");
    const refused = attempts.filter((a) => a.status === "rejected");
    expect(saved).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ message: "invitation unavailable" });
    const review = (saved[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof reviews.add>>>).value;
    expect(review.verified).toBe(true);
    const used = await invitations.find(token);
    expect(invitationState(used)).toBe("used");
    expect(used!.reviewId).toBe(review.id);
    // The losing submission left no review behind.
    expect(
      (await reviews.listPage({ limit: 50 })).reviews.filter((r) => r.name === "Uno" || r.name === "Due"),
    ).toHaveLength(1);
  });

  it("refuses expired and revoked invitations, and forged tokens", async () => {
    const invitations = createInvitationRepository(database.db);
    const consume = (token: string) => database.db.transaction((tx) => consumeInvitation(tx, token, randomUUID()));
    const expired = await invitations.create({ validDays: 1 });
    await database.db
      .update(reviewInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reviewInvitations.id, expired.invitation.id));
    expect(invitationState(await invitations.find(expired.token))).toBe("expired");
    expect(await consume(expired.token)).toBe(false);

    const revoked = await invitations.create({ validDays: 30 });
    expect(await invitations.revoke(revoked.invitation.id)).toBe(true);
    expect(await invitations.revoke(revoked.invitation.id)).toBe(false);
    expect(invitationState(await invitations.find(revoked.token))).toBe("revoked");
    expect(await consume(revoked.token)).toBe(false);
    expect(await consume("A".repeat(43))).toBe(false);
  });
});
