import type { AppConfig } from "~/core/config/env.server";
import type { Review } from "./schema";
import type { Mailer } from "~/core/mail/mailer.server";
import type { Executor } from "~/core/db/database.server";
import { adminReviewsPath, adminUrl } from "./admin-links";
import { newReviewNotice } from "./review-notices";

/** Queues the practitioner's e-mail about a new review, in the transaction that saves it. */
export function queueNewReviewNotice(
  deps: { mailer: Mailer; config: Pick<AppConfig, "siteUrl"> },
  review: Review,
  tx: Executor,
) {
  return deps.mailer.queue(
    newReviewNotice(review, {
      adminUrl: adminUrl(deps.config.siteUrl, adminReviewsPath, review.id),
      waitsForApproval: review.status === "pending",
    }),
    tx,
  );
}
