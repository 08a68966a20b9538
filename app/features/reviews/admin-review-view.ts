import type { ReviewView } from "./review-view";

/** An open report as the admin's review card lists it: the reason in Italian, dates as ISO strings. */
export interface ReportView {
  id: string;
  reason: string;
  details: string | null;
  createdAt: string;
}

/** A review as the admin's card receives it: the review and its open reports (none for most). */
export interface AdminReviewView {
  review: ReviewView;
  reports: ReportView[];
}
