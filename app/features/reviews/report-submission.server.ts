import type { Logger } from "pino";
import type { AppConfig } from "~/core/config/env.server";
import type { Mailer } from "~/core/mail/mailer.server";
import { refused, type Result, succeeded } from "~/core/result";
import type { RateLimiter } from "~/core/server/rate-limit.server";
import { adminReportsPath, adminUrl } from "./admin-links";
import { reportNotice } from "./review-notices";
import type { ReportInput } from "./review-report-schema";
import type { ReportRepository } from "./review-reports.server";
import type { ReviewRepository } from "./reviews.server";

/** Reports accepted per visitor address per hour. */
export const REPORT_RATE_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 };

/** Why a report was not saved (REPORT_MESSAGES says each to the visitor). */
export type ReportRefusal = "notFound" | "rateLimited" | "failed";

/**
 * A visitor reports a published review (the report checked by its schema): a per-address limit,
 * then the report and the practitioner's e-mail notice saved together. Nothing about the visitor is
 * stored with the report; the address only feeds the rate limit, under a key of its own.
 */
export async function submitReport(
  deps: {
    reviews: ReviewRepository;
    reports: ReportRepository;
    rateLimiter: RateLimiter;
    mailer: Mailer;
    config: Pick<AppConfig, "siteUrl">;
    logger: Logger;
  },
  input: { reviewId: string; report: ReportInput; clientIp: string },
): Promise<Result<undefined, ReportRefusal>> {
  const { reviewId, report, clientIp } = input;

  let counted: Awaited<ReturnType<RateLimiter["take"]>> | null = null;
  try {
    const review = await deps.reviews.get(reviewId);
    if (review?.status !== "published") return refused("notFound");
    // Checked and counted in one step, so a burst of reports cannot pass together; only a report
    // refused by nothing else counts.
    counted = await deps.rateLimiter.take(`report:ip:${clientIp}`, REPORT_RATE_LIMIT);
    if (!counted.allowed) return refused("rateLimited");
    await deps.reports.add({ reviewId: review.id, ...report }, (_, tx) =>
      deps.mailer.queue(
        reportNotice(review, report, { adminUrl: adminUrl(deps.config.siteUrl, adminReportsPath, review.id) }),
        tx,
      ),
    );
  } catch (error) {
    deps.logger.error({ err: error }, "saving a review report failed");
    // Nothing was saved: the visitor's next attempt must not find it used up.
    if (counted) await deps.rateLimiter.forgive(counted).catch(() => {});
    return refused("failed");
  }
  deps.mailer.kick();
  deps.logger.info({ reviewId, reason: report.reason }, "review reported");
  return succeeded();
}
