import { pino } from "pino";
import { describe, expect, it } from "vitest";
import type { ReviewInvitation } from "./schema";
import { createLocalMediaStorage } from "~/core/media/media-storage.server";
import { INVITATION_LINK_MESSAGES } from "./messages";
import type { InvitationRepository } from "./review-invitations.server";
import { readReviewsPage, REVIEWS_PAGE_SIZE } from "./reviews-page.server";
import { encodeReviewCursor } from "./review-cursor.server";
import type { ReviewRepository } from "./reviews.server";

const TOKEN = "a".repeat(43);
const invitation = (extra: Partial<ReviewInvitation> = {}): ReviewInvitation => ({
  id: "00000000-0000-4000-8000-000000000001",
  tokenHash: "hash",
  note: null,
  patientName: "Maria",
  createdAt: new Date(),
  expiresAt: new Date(Date.now() + 86_400_000),
  usedAt: null,
  revokedAt: null,
  reviewId: null,
  ...extra,
});

function deps(options: { invitation?: ReviewInvitation; failing?: boolean } = {}) {
  const asked: unknown[] = [];
  const fail = () => Promise.reject(new Error("connection refused"));
  const reviews = {
    listPage: options.failing
      ? fail
      : async (query: unknown) => {
          asked.push(query);
          return { reviews: [], nextCursor: null };
        },
    summary: options.failing ? fail : async () => ({ count: 0, average: null, byRating: [0, 0, 0, 0, 0], verified: 0 }),
  } as unknown as ReviewRepository;
  const invitations = {
    find: options.failing ? fail : async () => options.invitation,
  } as unknown as InvitationRepository;
  const logger = pino({ level: "silent" });
  return { asked, deps: { reviews, invitations, logger, media: createLocalMediaStorage("/tmp/unused-media") } };
}

describe("reading the public reviews page", () => {
  it("asks for one page of published reviews, after the cursor and through the filter in the address", async () => {
    const { asked, deps: d } = deps();
    const cursor = { createdAt: new Date("2026-03-01T10:00:00.000Z"), id: "00000000-0000-4000-8000-000000000009" };
    const params = new URLSearchParams({ dopo: encodeReviewCursor(cursor), voto: "4", verificate: "1" });
    const shown = await readReviewsPage(d, params, "Dott.ssa Prova");
    expect(asked).toEqual([
      {
        status: "published",
        limit: REVIEWS_PAGE_SIZE,
        after: expect.objectContaining({ id: cursor.id }),
        filter: { rating: 4, verifiedOnly: true },
      },
    ]);
    expect(shown).toMatchObject({ laterPage: true, invitation: null, filter: { rating: 4, verifiedOnly: true } });
  });

  it("says whether the invitation in the address can be used, and why not", async () => {
    const params = new URLSearchParams({ invito: TOKEN });
    const valid = await readReviewsPage(deps({ invitation: invitation() }).deps, params, "Dott.ssa");
    expect(valid.invitation).toEqual({ token: TOKEN, firstName: "Maria" });
    const used = await readReviewsPage(deps({ invitation: invitation({ usedAt: new Date() }) }).deps, params, "D");
    expect(used.invitation).toEqual({ message: INVITATION_LINK_MESSAGES.used });
    const unknown = await readReviewsPage(deps().deps, params, "D");
    expect(unknown.invitation).toEqual({ message: INVITATION_LINK_MESSAGES.unknown });
  });

  it("a failed read shows an empty first page and an unusable link, not an error", async () => {
    const shown = await readReviewsPage(deps({ failing: true }).deps, new URLSearchParams({ invito: TOKEN }), "D");
    expect(shown).toMatchObject({
      page: { reviews: [], nextCursor: null },
      summary: { count: 0, average: null },
      invitation: { message: INVITATION_LINK_MESSAGES.unknown },
      laterPage: false,
    });
  });
});
