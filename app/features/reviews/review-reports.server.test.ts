import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { reviewReports } from "./schema";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { createReportRepository } from "./review-reports.server";
import { createReviewRepository } from "./reviews.server";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("review reports", () => {
  it("queues reported reviews, most reported first, until dismissed", async () => {
    const reviews = createReviewRepository(database.db);
    const reports = createReportRepository(database.db);
    const a = await reviews.add({ name: "A", content: "Testo", rating: 1 });
    const b = await reviews.add({ name: "B", content: "Testo", rating: 2 });
    await reports.add({ reviewId: a.id, reason: "offensive" });
    await reports.add({ reviewId: b.id, reason: "personal_data", details: "Cita la mia diagnosi" });
    await reports.add({ reviewId: b.id, reason: "false" });
    expect(await reports.add({ reviewId: "00000000-0000-4000-8000-000000000000", reason: "other" })).toBeUndefined();

    const queue = await reports.openQueue();
    expect(queue.map((q) => q.review.name)).toEqual(["B", "A"]);
    expect(queue[0]!.reports.map((r) => r.reason)).toEqual(["personal_data", "false"]);
    expect(await reports.openCount()).toBe(3);
    // Nothing identifies the reporter.
    expect(Object.keys((await database.db.select().from(reviewReports))[0]!).sort()).toEqual(
      ["createdAt", "details", "id", "reason", "resolvedAt", "reviewId"].sort(),
    );

    expect(await reports.resolveAll(b.id)).toBe(2);
    expect((await reports.openQueue()).map((q) => q.review.name)).toEqual(["A"]);
    await reviews.delete(a.id);
    expect(await reports.openQueue()).toEqual([]);
  });

  it("lists the open reports of the reviews a screen shows, not closed ones nor other reviews'", async () => {
    const reviews = createReviewRepository(database.db);
    const reports = createReportRepository(database.db);
    const shown = await reviews.add({ name: "D", content: "Testo", rating: 2 });
    const other = await reviews.add({ name: "E", content: "Testo", rating: 2 });
    await reports.add({ reviewId: shown.id, reason: "offensive" });
    await reports.add({ reviewId: other.id, reason: "false" });
    expect((await reports.openFor([shown.id])).map((r) => [r.reviewId, r.reason])).toEqual([[shown.id, "offensive"]]);
    await reports.resolveAll(shown.id);
    expect(await reports.openFor([shown.id])).toEqual([]);
    expect(await reports.openFor([])).toEqual([]);
  });

  it("refuses a reason outside the list", async () => {
    const reviews = createReviewRepository(database.db);
    const a = await reviews.add({ name: "C", content: "Testo", rating: 3 });
    await expect(
      database.db.insert(reviewReports).values({ reviewId: a.id, reason: "spam" as never }),
    ).rejects.toThrow();
  });
});
