import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/core/config/env.server";
import { createSiteContentStore, defaultSiteContent } from "~/features/site-content/site-content.server";
import type { Database } from "~/core/db/database.server";
import { createMemoryEventBus, type ChangeEvent } from "~/core/events/event-bus.server";
import { createLocalMediaStorage } from "~/core/media/media-storage.server";
import { createInvitationRepository, invitationState } from "~/features/reviews/review-invitations.server";
import { createReportRepository } from "~/features/reviews/review-reports.server";
import { createReviewRepository } from "~/features/reviews/reviews.server";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { reviewCardSchema } from "./moderation";
import { REVIEW_CARD_MESSAGES } from "./moderation-messages";
import {
  actOnReview,
  createInvitation,
  deleteReportedReview,
  dismissReports,
  hideReportedReview,
  moderateReview,
  removeReply,
  type ReviewCardResult,
  revokeInvitation,
  saveReply,
} from "./review-trust-actions.server";
import { replySchema } from "./review-admin-forms";

let database: Database;
let services: Parameters<typeof saveReply>[0] &
  Parameters<typeof createInvitation>[0] &
  Parameters<typeof hideReportedReview>[0] &
  Parameters<typeof deleteReportedReview>[0] &
  Parameters<typeof moderateReview>[0];
const events: ChangeEvent[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const bus = createMemoryEventBus();
  bus.subscribe((e) => events.push(e));
  const siteContent = createSiteContentStore(database.db, bus);
  await siteContent.seed(defaultSiteContent);
  services = {
    reviews: createReviewRepository(database.db, bus),
    invitations: createInvitationRepository(database.db),
    reports: createReportRepository(database.db),
    config: loadConfig({ SITE_URL: "https://studio.test", REVIEW_INVITATION_DAYS: "30" }),
    siteContent,
    media: createLocalMediaStorage("/tmp/unused-media"),
  };
});
afterAll(() => database.close());

/** What the card's screen says of a result (the route's words, by outcome). */
const said = (result: ReviewCardResult) =>
  result.ok ? { ok: true, message: REVIEW_CARD_MESSAGES[result.value] } : { ok: false, reason: result.reason };

describe("the practitioner's review actions", () => {
  it("writes, edits and removes a reply, telling open pages each time", async () => {
    const review = await services.reviews.add({ name: "Ada", content: "Brava", rating: 5 });
    events.length = 0;
    expect(await saveReply(services, { reviewId: review.id, content: "Grazie!" })).toMatchObject({ ok: true });
    expect(await saveReply(services, { reviewId: review.id, content: "Grazie, Ada!" })).toMatchObject({ ok: true });
    expect((await services.reviews.newest(1))[0]!.reply?.content).toBe("Grazie, Ada!");
    expect(said(await removeReply(services, review.id))).toMatchObject({ ok: true, message: "Risposta rimossa" });
    expect(await removeReply(services, review.id)).toMatchObject({ ok: false, reason: "notFound" });
    expect(events).toEqual([
      { table: "reviews", action: "update", id: review.id },
      { table: "reviews", action: "update", id: review.id },
      { table: "reviews", action: "update", id: review.id },
    ]);
  });

  it("refuses an empty reply and one over 1,000 characters, in Italian", () => {
    const id = "00000000-0000-4000-8000-000000000001";
    expect(replySchema.safeParse({ reviewId: id, content: "   " }).error?.issues[0]?.message).toBe(
      "Scrivi la risposta prima di pubblicarla.",
    );
    expect(replySchema.safeParse({ reviewId: id, content: "a".repeat(1001) }).error?.issues[0]?.message).toBe(
      "La risposta può avere al massimo 1.000 caratteri.",
    );
    expect(replySchema.safeParse({ reviewId: id, content: "a".repeat(1000) }).success).toBe(true);
  });

  it("creates an invitation with a link, a QR code and a ready message, and revokes it", async () => {
    const { value: created } = await createInvitation(services, { note: "Visita di martedì", patientName: "Maria" });
    const token = new URL(created.link).searchParams.get("invito")!;
    expect(created.link).toMatch(/^https:\/\/studio\.test\/reviews\?invito=[A-Za-z0-9_-]{43}#lascia-recensione$/);
    expect(created.qrPng).toMatch(/^data:image\/png;base64,/);
    expect(created.message).toContain("Gentile Maria,");
    expect(created.message).toContain(created.link);
    expect(created.message).toContain("vale 30 giorni");
    const invitation = await services.invitations.find(token);
    expect(invitationState(invitation)).toBe("valid");
    expect(await revokeInvitation(services, invitation!.id)).toMatchObject({ ok: true });
    expect(await revokeInvitation(services, invitation!.id)).toMatchObject({ ok: false });
    expect(invitationState(await services.invitations.find(token))).toBe("revoked");
  });

  it("hides, deletes or dismisses a reported review", async () => {
    const a = await services.reviews.add({ name: "A", content: "x", rating: 1 });
    const b = await services.reviews.add({ name: "B", content: "y", rating: 1 });
    const c = await services.reviews.add({ name: "C", content: "z", rating: 1 });
    for (const r of [a, b, c]) await services.reports.add({ reviewId: r.id, reason: "offensive" });
    events.length = 0;
    expect(await hideReportedReview(services, a.id)).toMatchObject({ ok: true });
    expect((await services.reviews.get(a.id))?.status).toBe("hidden");
    expect(await deleteReportedReview(services, b.id)).toMatchObject({ ok: true });
    expect(await services.reviews.get(b.id)).toBeUndefined();
    expect(await dismissReports(services, c.id)).toMatchObject({ ok: true });
    expect((await services.reviews.get(c.id))?.status).toBe("published");
    expect(await services.reports.openQueue()).toEqual([]);
    expect(events.map((e) => e.action)).toEqual(["update", "delete"]);
  });

  it("moderates: approves a waiting review, hides and publishes one, deletes one, each said in Italian", async () => {
    const waiting = await services.reviews.add({ name: "Attesa", content: "x", rating: 4, status: "pending" });
    const setStatus = async (id: string, status: "published" | "hidden") =>
      said(await moderateReview(services, { intent: "review-status", id, status }));
    events.length = 0;
    expect(await setStatus(waiting.id, "published")).toEqual({
      ok: true,
      message: "Recensione approvata e pubblicata",
    });
    expect(await setStatus(waiting.id, "hidden")).toEqual({ ok: true, message: "Recensione nascosta" });
    expect(await setStatus(waiting.id, "published")).toEqual({ ok: true, message: "Recensione pubblicata" });
    expect(said(await moderateReview(services, { intent: "delete-review", id: waiting.id }))).toEqual({
      ok: true,
      message: "Recensione eliminata",
    });
    const gone = { ok: false, reason: "notFound" };
    expect(await setStatus(waiting.id, "hidden")).toEqual(gone);
    expect(await moderateReview(services, { intent: "delete-review", id: waiting.id })).toEqual(gone);
    expect(REVIEW_CARD_MESSAGES.notFound).toBe("La recensione non esiste più: la lista è stata aggiornata.");
    expect(events.map((e) => e.action)).toEqual(["update", "update", "update", "delete"]);
  });

  it("does every action of the admin's review card from one form, coming back to the card's own screen", async () => {
    const review = await services.reviews.add({ name: "Card", content: "x", rating: 2 });
    await services.reports.add({ reviewId: review.id, reason: "offensive" });
    const act = async (fields: Record<string, string>) =>
      said(await actOnReview(services, reviewCardSchema.parse(fields)));
    expect(reviewCardSchema.parse({ intent: "dismiss-reports", id: review.id }).page).toBe("/admin");
    expect(
      reviewCardSchema.safeParse({ intent: "dismiss-reports", id: review.id, page: "https://altro.test" }).success,
    ).toBe(false);
    expect(
      await act({ intent: "reply-save", reviewId: review.id, content: "Grazie", page: "/admin/risposte" }),
    ).toEqual({ ok: true, message: "Risposta pubblicata" });
    expect(await act({ intent: "hide-reported", id: review.id, page: "/admin/segnalazioni" })).toEqual({
      ok: true,
      message: "Recensione nascosta e segnalazioni chiuse",
    });
    expect(await services.reports.openFor([review.id])).toEqual([]);
    expect(await act({ intent: "reply-remove", reviewId: review.id })).toEqual({
      ok: true,
      message: "Risposta rimossa",
    });
    expect(await act({ intent: "review-status", id: review.id, status: "published" })).toMatchObject({ ok: true });
    expect(await act({ intent: "delete-review", id: review.id })).toEqual({
      ok: true,
      message: "Recensione eliminata",
    });
  });
});
