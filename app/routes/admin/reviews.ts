import { isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/reviews";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { servicesContext } from "~/context";
import { type ActionResult, GENERIC_FAILURE } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, respond } from "~/core/forms/respond.server";
import { moderationSchema } from "~/features/reviews/moderation";
import { moderateReview } from "~/features/reviews/review-trust-actions.server";

/** Moderation: publish (or approve) and hide a review, or delete it with its photo. */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const reviewsAnchor = "/admin#recensioni";
  const submission = parseSubmission(await readForm(request), moderationSchema);
  if (submission.status !== "success") {
    return respond(
      request,
      s.flash,
      { ok: false, message: GENERIC_FAILURE },
      { status: 400, redirectTo: reviewsAnchor },
    );
  }
  const input = submission.value;
  try {
    const { status, ...result } = await moderateReview(s, input);
    // A review still listed is shown again where it is; a deleted one, or one not found, leaves the list.
    const back = result.ok && input.intent === "review-status" ? `/admin#recensione-${input.id}` : reviewsAnchor;
    return respond(request, s.flash, result, { status, redirectTo: back });
  } catch (error) {
    s.logger.error({ err: error, intent: input.intent }, "review moderation failed");
    return respond(request, s.flash, { ok: false, message: GENERIC_FAILURE }, { status: 500, redirectTo: "/admin" });
  }
}

/** A network failure or a server error becomes a toast; an expired session or a refused request goes to the error boundary. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ActionResult> {
  try {
    return (await serverAction()) as ActionResult;
  } catch (error) {
    if (error instanceof Response || (isRouteErrorResponse(error) && [401, 403].includes(error.status))) throw error;
    return { ok: false, message: GENERIC_FAILURE };
  }
}

export function loader() {
  return redirect("/admin#recensioni");
}
