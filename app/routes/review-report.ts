import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/review-report";
import { PayloadTooLargeError, readFormData } from "~/core/forms/form-data.server";
import { REQUEST_MESSAGES, respond } from "~/core/forms/respond.server";
import { submitReport } from "~/features/reviews/report-submission.server";
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
  const { clientIp } = context.get(requestContext);
  const reviewId = reviewIdOf(params);
  let form: FormData;
  let tooLarge = false;
  try {
    form = await readFormData(request, MAX_BODY_BYTES);
  } catch (error) {
    // Unreadable or too large: refused below as a report without a reason (and counted as a refusal); too large says so.
    tooLarge = error instanceof PayloadTooLargeError;
    form = new FormData();
  }
  const { status, ...answer } = await submitReport(s, { reviewId, form, clientIp });
  const result = tooLarge && status === 400 ? { ...answer, message: REQUEST_MESSAGES.tooLarge } : answer;
  return respond(request, s.flash, result, {
    status: tooLarge && status === 400 ? 413 : status,
    redirectTo: `/reviews#recensione-${reviewId}`,
  });
}

/** A GET (e.g. a link followed by hand) lands on the list. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/reviews#recensione-${reviewIdOf(params)}`);
}
