import { redirect } from "react-router";
import { requireReviewsShown } from "~/composition/reviews-shown.server";
import { z } from "zod";
import type { Route } from "./+types/review-report";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond } from "~/core/forms/respond.server";
import { publicRefusal } from "~/core/forms/public-refusal.server";
import { REPORT_MESSAGES, REPORT_REFUSALS } from "~/features/reviews/messages";
import { sayRefusal } from "~/core/forms/refusals";
import { submitReport } from "~/features/reviews/report-submission.server";
import { reportSchema } from "~/features/reviews/review-report-schema";
import { requestContext, servicesContext } from "~/context";

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

/** A visitor reports a review: the page's script gets the answer in place, a plain post the list with a toast. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const s = context.get(servicesContext);
  await requireReviewsShown(s);
  const { clientIp } = context.get(requestContext);
  const reviewId = reviewIdOf(params);
  const redirectTo = `/reviews#recensione-${reviewId}`;
  const submission = parseSubmission(await readForm(request, MAX_BODY_BYTES), reportSchema);
  if (submission.status !== "success") {
    const { answer, status } = await publicRefusal(
      s.rateLimiter,
      clientIp,
      { answer: refusal(submission, REPORT_MESSAGES.failed), status: 400 },
      sayRefusal(REPORT_REFUSALS, "rateLimited"),
    );
    return respond(request, s.flash, answer, { status, redirectTo });
  }
  const result = await submitReport(s, { reviewId, report: submission.value, clientIp });
  const { answer, status } = result.ok
    ? { answer: { ok: true, message: REPORT_MESSAGES.sent }, status: 200 }
    : sayRefusal(REPORT_REFUSALS, result.reason);
  return respond(request, s.flash, answer, { status, redirectTo });
}

/** A GET (e.g. a link followed by hand) lands on the list. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/reviews#recensione-${reviewIdOf(params)}`);
}
