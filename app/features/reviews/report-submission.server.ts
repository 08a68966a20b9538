import type { Logger } from "pino";
import type { AppConfig } from "~/core/config/env.server";
import { type ActionResult, firstError } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import type { Mailer } from "~/core/mail/mailer.server";
import type { RateLimiter } from "~/core/server/rate-limit.server";
import { adminReportsPath, adminUrl } from "./admin-links";
import { REPORT_MESSAGES } from "./messages";
import { reportNotice } from "./review-notices";
import { reportSchema } from "./review-report-schema";
import type { ReportRepository } from "./review-reports.server";
import type { ReviewRepository } from "./reviews.server";

/** Reports accepted per visitor address per hour. */
export const REPORT_RATE_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 };

/** The answer to a report, with the HTTP status it goes with. */
export type ReportSubmission = ActionResult & { status: 200 | 400 | 404 | 429 | 500 };

/**
 * A visitor reports a published review: the reason checked by the report's schema, a per-address
 * limit, then the report and the practitioner's e-mail notice saved together. Nothing about the
 * visitor is stored with the report; the address only feeds the rate limit, under a key of its own.
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
  input: { reviewId: string; form: FormData; clientIp: string },
): Promise<ReportSubmission> {
  const { reviewId, form, clientIp } = input;
  const submission = parseSubmission(form, reportSchema);
  if (submission.status !== "success") {
    if (!(await deps.rateLimiter.countRefusal(clientIp)))
      return { ok: false, status: 429, message: REPORT_MESSAGES.rateLimited };
    return { ok: false, status: 400, message: firstError(submission.error)?.[1] ?? REPORT_MESSAGES.failed };
  }
  const report = submission.value;

  let counted: Awaited<ReturnType<RateLimiter["take"]>> | null = null;
  try {
    const review = await deps.reviews.get(reviewId);
    if (review?.status !== "published") return { ok: false, status: 404, message: REPORT_MESSAGES.notFound };
    // Checked and counted in one step, so a burst of reports cannot pass together; only a report
    // refused by nothing else counts.
    counted = await deps.rateLimiter.take(`report:ip:${clientIp}`, REPORT_RATE_LIMIT);
    if (!counted.allowed) return { ok: false, status: 429, message: REPORT_MESSAGES.rateLimited };
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
    return { ok: false, status: 500, message: REPORT_MESSAGES.failed };
  }
  deps.mailer.kick();
  deps.logger.info({ reviewId, reason: report.reason }, "review reported");
  return { ok: true, status: 200, message: REPORT_MESSAGES.sent };
}
