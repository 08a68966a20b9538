import { isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/reviews";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { servicesContext } from "~/context";
import { type ActionResult, GENERIC_FAILURE } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond, failedAction } from "~/core/forms/respond.server";
import { reviewCardPageSchema, reviewCardSchema } from "~/features/reviews/moderation";
import { REVIEW_CARD_MESSAGES, REVIEW_MESSAGES } from "~/features/reviews/moderation-messages";
import { actOnReview } from "~/features/reviews/review-trust-actions.server";

/**
 * Every action of the admin's review card, wherever the card is shown: publish (or approve), hide,
 * delete with its photo, handle its reports, write or remove the reply.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const form = await readForm(request);
  const from = parseSubmission(form, reviewCardPageSchema);
  const page = from.status === "success" ? from.value.page : "/admin";
  const listAnchor = page === "/admin" ? "/admin#recensioni" : page;
  const submission = parseSubmission(form, reviewCardSchema);
  if (submission.status !== "success") {
    return respond(request, s.flash, refusal(submission, REVIEW_MESSAGES.notFound), {
      status: 400,
      redirectTo: listAnchor,
    });
  }
  const input = submission.value;
  try {
    const result = await actOnReview(s, input);
    const id = "id" in input ? input.id : input.reviewId;
    // A review still listed is shown again where it is; a deleted one, or one not found, leaves the list.
    const back = result.ok && input.intent !== "delete-review" ? `${page}#recensione-${id}` : listAnchor;
    const answer = { ok: result.ok, message: REVIEW_CARD_MESSAGES[result.ok ? result.value : result.reason] };
    return respond(request, s.flash, answer, { status: result.ok ? 200 : 404, redirectTo: back });
  } catch (error) {
    const failed = failedAction(s.logger, error, "review action failed", { intent: input.intent });
    return respond(request, s.flash, { ok: false, message: GENERIC_FAILURE }, { ...failed, redirectTo: page });
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
