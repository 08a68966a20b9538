import { isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/reviews";
import { PHOTO_MESSAGES } from "~/features/photos/messages";
import { REVIEW_MESSAGES } from "~/features/reviews/messages";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { servicesContext } from "~/context";
import type { ActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, respond } from "~/core/forms/respond.server";
import { publishChange } from "~/core/events/publish-change.server";
import { deleteStoredImage } from "~/core/media/image-pipeline.server";
import { moderationSchema } from "~/features/reviews/moderation";

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
      { ok: false, message: PHOTO_MESSAGES.generic },
      { status: 400, redirectTo: reviewsAnchor },
    );
  }
  const input = submission.value;
  const notFound = () =>
    respond(
      request,
      s.flash,
      { ok: false, message: REVIEW_MESSAGES.notFound },
      { status: 404, redirectTo: reviewsAnchor },
    );
  try {
    if (input.intent === "review-status") {
      const before = await s.reviews.get(input.id);
      const row = before && (await s.reviews.setStatus(input.id, input.status));
      if (!row) return notFound();
      await publishChange(s, { table: "reviews", action: "update", id: input.id });
      const message =
        input.status === "hidden"
          ? REVIEW_MESSAGES.hidden
          : before.status === "pending"
            ? REVIEW_MESSAGES.approved
            : REVIEW_MESSAGES.published;
      return respond(request, s.flash, { ok: true, message }, { redirectTo: `/admin#recensione-${input.id}` });
    }
    const row = await s.reviews.delete(input.id);
    if (!row) return notFound();
    await deleteStoredImage(s.media, row.image);
    await publishChange(s, { table: "reviews", action: "delete", id: input.id });
    return respond(request, s.flash, { ok: true, message: REVIEW_MESSAGES.deleted }, { redirectTo: reviewsAnchor });
  } catch (error) {
    s.logger.error({ err: error, intent: input.intent }, "review moderation failed");
    return respond(
      request,
      s.flash,
      { ok: false, message: PHOTO_MESSAGES.generic },
      { status: 500, redirectTo: "/admin" },
    );
  }
}

/** A network failure or a server error becomes a toast; an expired session or a refused request goes to the error boundary. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ActionResult> {
  try {
    return (await serverAction()) as ActionResult;
  } catch (error) {
    if (error instanceof Response || (isRouteErrorResponse(error) && [401, 403].includes(error.status))) throw error;
    return { ok: false, message: PHOTO_MESSAGES.generic };
  }
}

export function loader() {
  return redirect("/admin#recensioni");
}
