import type { Review } from "./schema";
import type { MediaStorage } from "~/core/media/media-storage.server";
import type { AdminReviewView } from "./admin-review-view";
import { REPORT_REASON_LABELS } from "./messages";
import type { ReportRepository } from "./review-reports.server";
import { toReviewView } from "./review-view.server";
import type { ReviewWithReply } from "./reviews.server";

/** The reviews an admin screen shows, each with its open reports, for the one review card every screen uses. */
export async function toAdminReviewViews(
  s: { reports: ReportRepository; media: MediaStorage },
  reviews: (Review | ReviewWithReply)[],
  practitionerName: string,
): Promise<AdminReviewView[]> {
  const open = await s.reports.openFor(reviews.map((r) => r.id));
  return reviews.map((review) => ({
    review: toReviewView(s.media, review, practitionerName),
    reports: open
      .filter((r) => r.reviewId === review.id)
      .map((r) => ({
        id: r.id,
        reason: REPORT_REASON_LABELS[r.reason],
        details: r.details,
        createdAt: r.createdAt.toISOString(),
      })),
  }));
}
