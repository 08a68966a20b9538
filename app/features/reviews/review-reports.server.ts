import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { reviewReports, reviews, type Review, type ReviewReport } from "./schema";
import type { ReportReason } from "./report-reasons";
import type { Executor } from "~/core/db/database.server";

interface ReportedReview {
  review: Review;
  reports: ReviewReport[];
}

export function createReportRepository(db: Db) {
  return {
    /**
     * Stores a report, nothing about who sent it, in one transaction with whatever `alsoWrite`
     * adds (the e-mail notice in the outbox). Undefined when the review does not exist.
     */
    async add(
      input: { reviewId: string; reason: ReportReason; details?: string | null },
      alsoWrite?: (report: ReviewReport, tx: Executor) => Promise<unknown>,
    ): Promise<ReviewReport | undefined> {
      return db.transaction(async (tx) => {
        const [review] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, input.reviewId));
        if (!review) return undefined;
        const [row] = await tx
          .insert(reviewReports)
          .values({ reviewId: input.reviewId, reason: input.reason, details: input.details || null })
          .returning();
        await alsoWrite?.(row!, tx);
        return row;
      });
    },

    /** Reviews with open reports, the most reported first, each with its reports. */
    async openQueue(): Promise<ReportedReview[]> {
      const open = await db
        .select()
        .from(reviewReports)
        .where(isNull(reviewReports.resolvedAt))
        .orderBy(asc(reviewReports.createdAt));
      if (open.length === 0) return [];
      const ids = [...new Set(open.map((r) => r.reviewId))];
      const rows = await db.select().from(reviews).where(inArray(reviews.id, ids));
      return rows
        .map((review) => ({ review, reports: open.filter((r) => r.reviewId === review.id) }))
        .sort((a, b) => b.reports.length - a.reports.length || +a.reports[0]!.createdAt - +b.reports[0]!.createdAt);
    },

    /** The open reports of these reviews, oldest first (a review card shows them). */
    async openFor(reviewIds: string[]): Promise<ReviewReport[]> {
      if (reviewIds.length === 0) return [];
      return db
        .select()
        .from(reviewReports)
        .where(and(inArray(reviewReports.reviewId, reviewIds), isNull(reviewReports.resolvedAt)))
        .orderBy(asc(reviewReports.createdAt));
    },

    async openCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(reviewReports).where(isNull(reviewReports.resolvedAt));
      return row?.n ?? 0;
    },

    /** Closes every open report of a review (dismissed, or dealt with by hiding it, in that transaction). */
    async resolveAll(reviewId: string, executor: Executor = db): Promise<number> {
      const rows = await executor
        .update(reviewReports)
        .set({ resolvedAt: sql`now()` })
        .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.resolvedAt)))
        .returning({ id: reviewReports.id });
      return rows.length;
    },
  };
}

export type ReportRepository = ReturnType<typeof createReportRepository>;
