import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "~/core/db/database.server";
import { reviewInvitations } from "~/core/db/schema";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { createInvitationRepository, hashInvitationToken, invitationState } from "./review-invitations.server";
import { createReviewRepository, InvitationUnavailableError } from "./reviews.server";

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
    const attempts = await Promise.allSettled([
      reviews.add({ name: "Uno", content: "Testo", rating: 5, invitationToken: token }),
      reviews.add({ name: "Due", content: "Testo", rating: 5, invitationToken: token }),
    ]);
    const saved = attempts.filter((a) => a.status === "fulfilled");
    const refused = attempts.filter((a) => a.status === "rejected");
    expect(saved).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(InvitationUnavailableError);
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
    const reviews = createReviewRepository(database.db);
    const expired = await invitations.create({ validDays: 1 });
    await database.db
      .update(reviewInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reviewInvitations.id, expired.invitation.id));
    expect(invitationState(await invitations.find(expired.token))).toBe("expired");
    await expect(reviews.add({ name: "S", content: "T", rating: 5, invitationToken: expired.token })).rejects.toThrow(
      InvitationUnavailableError,
    );

    const revoked = await invitations.create({ validDays: 30 });
    expect(await invitations.revoke(revoked.invitation.id)).toBe(true);
    expect(await invitations.revoke(revoked.invitation.id)).toBe(false);
    expect(invitationState(await invitations.find(revoked.token))).toBe("revoked");
    await expect(reviews.add({ name: "S", content: "T", rating: 5, invitationToken: revoked.token })).rejects.toThrow(
      InvitationUnavailableError,
    );
    await expect(reviews.add({ name: "S", content: "T", rating: 5, invitationToken: "A".repeat(43) })).rejects.toThrow(
      InvitationUnavailableError,
    );
  });
});
