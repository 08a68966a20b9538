import type { Review } from "~/core/db/schema";
import type { AppServices } from "~/services.server";
import type { Executor } from "../../core/mail/outbox.server";
import { adminReviewsPath, adminUrl } from "./admin-links";
import { newReviewNotice } from "./review-notices";

/** Queues the practitioner's e-mail about a new review, in the transaction that saves it. */
export function queueNewReviewNotice(s: Pick<AppServices, "mailer" | "config">, review: Review, tx: Executor) {
  return s.mailer.queue(
    newReviewNotice(review, {
      adminUrl: adminUrl(s.config.siteUrl, adminReviewsPath, review.id),
      waitsForApproval: review.status === "pending",
    }),
    tx,
  );
}
