import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/review-report";
import { REPORT_FETCH_FIELD } from "~/features/reviews/review-report-form";
import { firstError } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readFormData } from "~/core/forms/form-data.server";
import { reportMessages, type ReportActionResult } from "~/features/reviews/review-report";
import { reportSchema } from "~/features/reviews/review-report-schema";
import { adminReportsPath, adminUrl } from "~/features/reviews/admin-links";
import { reportNotice } from "~/features/reviews/review-notices";
import { requestContext, servicesContext } from "~/context";

/** Reports accepted per visitor address per hour. */
export const REPORT_RATE_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 };
const MAX_BODY_BYTES = 8 * 1024;

/**
 * The review id in the address, or a 404: whatever else the address holds (a NUL, a line break)
 * never reaches a query or a header.
 */
function reviewIdOf(params: { id?: string }): string {
  const parsed = z.guid().safeParse(params.id);
  if (!parsed.success) {
    throw new Response("Pagina non trovata", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return parsed.data;
}

/**
 * A visitor reports a review. Nothing about the visitor is stored with the
 * report; the address only feeds the rate limit, under a key of its own.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const s = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const reviewId = reviewIdOf(params);
  let form: FormData;
  try {
    form = await readFormData(request, MAX_BODY_BYTES);
  } catch {
    form = new FormData();
  }
  const byScript = form.get(REPORT_FETCH_FIELD) === "dati";
  const answer = async (status: number, result: ReportActionResult) =>
    byScript
      ? data(result, { status })
      : redirect(`/reviews#recensione-${reviewId}`, {
          status: 303,
          headers: {
            "Set-Cookie": await s.flash.set(request, {
              kind: result.ok ? "success" : "error",
              message: result.message,
            }),
          },
        });

  const submission = parseSubmission(form, reportSchema);
  if (submission.status !== "success") {
    return answer(400, { ok: false, message: firstError(submission.error)?.[1] ?? reportMessages.failed });
  }
  const input = submission.value;

  const rateKey = `report:ip:${clientIp}`;
  let counted: Awaited<ReturnType<typeof s.rateLimiter.take>> | null = null;
  try {
    const review = await s.reviews.get(reviewId);
    if (!review || review.status !== "published") return answer(404, { ok: false, message: reportMessages.notFound });
    // Checked and counted in one step, so a burst of reports cannot pass together; only a report
    // refused by nothing else counts.
    counted = await s.rateLimiter.take(rateKey, REPORT_RATE_LIMIT);
    if (!counted.allowed) return answer(429, { ok: false, message: reportMessages.rateLimited });
    await s.reports.add({ reviewId: review.id, ...input }, (_, tx) =>
      s.mailer.queue(
        reportNotice(review, input, { adminUrl: adminUrl(s.config.siteUrl, adminReportsPath, review.id) }),
        tx,
      ),
    );
  } catch (error) {
    s.logger.error({ err: error }, "saving a review report failed");
    // Nothing was saved: the visitor's next attempt must not find it used up.
    if (counted) await s.rateLimiter.forgive(counted).catch(() => {});
    return answer(500, { ok: false, message: reportMessages.failed });
  }
  s.mailer.kick();
  s.logger.info({ reviewId, reason: input.reason }, "review reported");
  return answer(200, { ok: true, message: reportMessages.sent });
}

/** A GET (e.g. a link followed by hand) lands on the list. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/reviews#recensione-${reviewIdOf(params)}`);
}
