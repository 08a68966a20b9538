import { isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/photos";
import { PHOTO_MESSAGES } from "~/features/photos/messages";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { servicesContext } from "~/context";
import type { ActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, respond } from "~/core/forms/respond.server";
import { addPhotoFromRequest, deletePhoto, movePhoto } from "~/features/photos/photos.server";
import { photoActionSchema } from "~/features/photos/photo-forms";

/**
 * Every change to the recipe photos: add (a multipart upload, sent by the
 * panel with XMLHttpRequest for its progress bar, or posted plainly without
 * JavaScript), retitle, move and delete (fetchers, or plain forms).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const photosAnchor = "/admin#foto";

  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    const added = await addPhotoFromRequest(s, request);
    return respond(
      request,
      s.flash,
      { ok: added.ok, message: added.message, id: added.photo?.id ?? null },
      { status: added.status, redirectTo: photosAnchor },
    );
  }

  const submission = parseSubmission(await readForm(request), photoActionSchema);
  if (submission.status !== "success") {
    const titleError = submission.error?.title?.[0];
    return respond(
      request,
      s.flash,
      { ok: false, message: titleError ?? PHOTO_MESSAGES.generic, reply: titleError ? submission.reply() : undefined },
      { status: 400, redirectTo: photosAnchor },
    );
  }
  const input = submission.value;
  const notFound = () =>
    respond(
      request,
      s.flash,
      { ok: false, message: PHOTO_MESSAGES.notFound },
      { status: 404, redirectTo: photosAnchor },
    );
  try {
    switch (input.intent) {
      case "retitle": {
        const row = await s.photos.setTitle(input.id, input.title);
        if (!row) return notFound();
        return respond(
          request,
          s.flash,
          { ok: true, message: PHOTO_MESSAGES.titleSaved },
          { redirectTo: `/admin#foto-${input.id}` },
        );
      }
      case "move": {
        const position = await movePhoto(s, input.id, input.direction);
        if (position === null) return notFound();
        const message = `${PHOTO_MESSAGES.orderSaved}: la foto è ora in posizione ${position}`;
        return respond(request, s.flash, { ok: true, message }, { redirectTo: `/admin#foto-${input.id}` });
      }
      case "delete-photo": {
        try {
          if (!(await deletePhoto(s, input.id))) return notFound();
        } catch (error) {
          s.logger.error({ err: error, photoId: input.id }, "photo delete failed");
          const result = { ok: false, message: PHOTO_MESSAGES.deleteFailed };
          return respond(request, s.flash, result, { status: 500, redirectTo: photosAnchor });
        }
        return respond(request, s.flash, { ok: true, message: PHOTO_MESSAGES.deleted }, { redirectTo: photosAnchor });
      }
    }
  } catch (error) {
    s.logger.error({ err: error, intent: input.intent }, "photo action failed");
    return respond(
      request,
      s.flash,
      { ok: false, message: PHOTO_MESSAGES.generic },
      { status: 500, redirectTo: "/admin" },
    );
  }
}

/**
 * A network failure or a server error must not replace the panel with an
 * error page: it becomes a toast. An expired session (401) or a refused
 * request (403) still goes to the error boundary, which says what to do.
 */
export async function clientAction({ serverAction, request }: Route.ClientActionArgs): Promise<ActionResult> {
  const intent = (await request.clone().formData()).get("intent");
  try {
    return (await serverAction()) as ActionResult;
  } catch (error) {
    if (error instanceof Response || (isRouteErrorResponse(error) && [401, 403].includes(error.status))) throw error;
    return { ok: false, message: intent === "delete-photo" ? PHOTO_MESSAGES.deleteFailed : PHOTO_MESSAGES.generic };
  }
}

export function loader() {
  return redirect("/admin#foto");
}
