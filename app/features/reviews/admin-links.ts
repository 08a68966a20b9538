/** Where the practitioner deals with a review, as linked from the notice e-mails. */
export const adminReviewsPath = "/admin";
export const adminReportsPath = "/admin/segnalazioni";

export const adminUrl = (siteUrl: string, path: string, reviewId?: string) =>
  `${siteUrl}${path}${reviewId ? `#recensione-${reviewId}` : ""}`;
