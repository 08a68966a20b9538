import { isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/photos";
import { PHOTO_MESSAGES, PHOTO_REFUSALS } from "~/features/photos/messages";
import { sayRefusal } from "~/core/forms/refusals";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { servicesContext } from "~/context";
import { type ActionResult, firstError } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, respond, failedAction } from "~/core/forms/respond.server";
import { imageUpload, refusedImageStatus } from "~/core/media/image-upload.server";
import { sayPhotoAdd } from "~/features/photos/photo-answer";
import { addPhoto, deletePhoto, movePhoto, retitlePhoto } from "~/features/photos/photos.server";
import { photoActionSchema, photoUploadSchema } from "~/features/photos/photo-forms";

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
    const read = await readForm(request, { upload: imageUpload(s, { what: "photo upload" }) });
    if (!read.ok) {
      const result = { ok: false, message: read.message, id: null };
      return respond(request, s.flash, result, { status: read.status, redirectTo: photosAnchor });
    }
    const upload = parseSubmission(read.form, photoUploadSchema);
    if (upload.status !== "success") {
      const message = firstError(upload.error)?.[1] ?? PHOTO_MESSAGES.uploadFailed;
      const result = { ok: false, message, id: null };
      return respond(request, s.flash, result, { status: refusedImageStatus(message), redirectTo: photosAnchor });
    }
    const added = await addPhoto(s, upload.value);
    const { answer, status } = added.ok
      ? { answer: { ok: true, message: sayPhotoAdd(added), id: added.value.id }, status: 201 }
      : sayRefusal(PHOTO_REFUSALS, added.reason, { message: sayPhotoAdd(added), id: null });
    return respond(request, s.flash, answer, { status, redirectTo: photosAnchor });
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
        if (!(await retitlePhoto(s, input.id, input.title)).ok) return notFound();
        return respond(
          request,
          s.flash,
          { ok: true, message: PHOTO_MESSAGES.titleSaved },
          { redirectTo: `/admin#foto-${input.id}` },
        );
      }
      case "move": {
        const moved = await movePhoto(s, input.id, input.direction);
        if (!moved.ok) return notFound();
        const message = `${PHOTO_MESSAGES.orderSaved}: la foto è ora in posizione ${moved.value}`;
        return respond(request, s.flash, { ok: true, message }, { redirectTo: `/admin#foto-${input.id}` });
      }
      case "delete-photo": {
        try {
          if (!(await deletePhoto(s, input.id)).ok) return notFound();
        } catch (error) {
          const result = { ok: false, message: PHOTO_MESSAGES.deleteFailed };
          const failed = failedAction(s.logger, error, "photo delete failed", { photoId: input.id });
          return respond(request, s.flash, result, { ...failed, redirectTo: photosAnchor });
        }
        return respond(request, s.flash, { ok: true, message: PHOTO_MESSAGES.deleted }, { redirectTo: photosAnchor });
      }
    }
  } catch (error) {
    const failed = failedAction(s.logger, error, "photo action failed", { intent: input.intent });
    return respond(
      request,
      s.flash,
      { ok: false, message: PHOTO_MESSAGES.generic },
      { ...failed, redirectTo: "/admin" },
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
