import { redirect } from "react-router";
import type { Route } from "./+types/studio-photos";
import { servicesContext } from "~/context";
import { firstError } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { failedAction, readForm, respond } from "~/core/forms/respond.server";
import { refusedImageStatus } from "~/core/media/image-upload.server";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { groupPaths } from "~/features/site-content/editor-groups";
import { studioPhotoActionSchema, studioPhotoUploadSchema } from "~/features/site-content/form-schemas";
import { CONTENT_MESSAGES } from "~/features/site-content/messages";
import {
  addStudioPhoto,
  describeStudioPhoto,
  moveStudioPhoto,
  removeStudioPhoto,
  type StudioPhotoRefusal,
  studioPhotoUpload,
} from "~/features/site-content/studio-photo-editor.server";

/** Each refusal's sentence and status (an image refused says its own, from the upload helper). */
const REFUSALS: Record<Exclude<StudioPhotoRefusal, "image">, readonly [string, number]> = {
  full: [CONTENT_MESSAGES.photosFull, 409],
  studioGone: [CONTENT_MESSAGES.photoStudioGone, 404],
  missing: [CONTENT_MESSAGES.photoMissing, 404],
  failed: [CONTENT_MESSAGES.photoFailed, 500],
};

/**
 * Every change to a studio's photos: add (a multipart upload: the camera or a
 * file, with its alt text), describe, move, remove. A plain form post comes back to the studios'
 * screen at the studio's photos, with a toast; a fetcher gets the answer as data.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const back = (studio?: string) => `${groupPaths.studi}${studio ? `#foto-${studio}` : ""}`;

  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    const read = await readForm(request, { upload: studioPhotoUpload(s) });
    if (!read.ok) return respond(request, s.flash, read, { status: read.status, redirectTo: back() });
    const upload = parseSubmission(read.form, studioPhotoUploadSchema);
    if (upload.status !== "success") {
      const message = firstError(upload.error)?.[1] ?? CONTENT_MESSAGES.staleForm;
      const studio = typeof upload.payload.studio === "string" ? upload.payload.studio : undefined;
      return respond(
        request,
        s.flash,
        { ok: false, message, reply: upload.reply() },
        { status: upload.error?.image ? refusedImageStatus(message) : 400, redirectTo: back(studio) },
      );
    }
    const { studio } = upload.value;
    const added = await addStudioPhoto(s, upload.value);
    if (added.ok)
      return respond(
        request,
        s.flash,
        { ok: true, message: CONTENT_MESSAGES.photoAdded, reply: upload.reply({ resetForm: true }) },
        { status: 201, redirectTo: back(studio) },
      );
    if (added.reason === "image" && added.detail)
      return respond(request, s.flash, added.detail, { status: added.detail.status, redirectTo: back(studio) });
    const [message, status] = REFUSALS[added.reason === "image" ? "failed" : added.reason];
    return respond(request, s.flash, { ok: false, message }, { status, redirectTo: back(studio) });
  }

  const submission = parseSubmission(await readForm(request), studioPhotoActionSchema);
  if (submission.status !== "success") {
    const message = submission.error?.alt?.[0] ?? CONTENT_MESSAGES.staleForm;
    return respond(
      request,
      s.flash,
      { ok: false, message, reply: submission.reply() },
      { status: 400, redirectTo: back() },
    );
  }
  const input = submission.value;
  try {
    const result =
      input.intent === "alt"
        ? await describeStudioPhoto(s, input.id, input.alt)
        : input.intent === "move"
          ? await moveStudioPhoto(s, input.id, input.direction)
          : await removeStudioPhoto(s, input.id);
    if (!result.ok) {
      const [message, status] = REFUSALS[result.reason];
      return respond(request, s.flash, { ok: false, message }, { status, redirectTo: back() });
    }
    const done = {
      alt: CONTENT_MESSAGES.photoAltSaved,
      move: CONTENT_MESSAGES.photoMoved,
      remove: CONTENT_MESSAGES.photoRemoved,
    };
    return respond(request, s.flash, { ok: true, message: done[input.intent] }, { redirectTo: back() });
  } catch (error) {
    const failed = failedAction(s.logger, error, "studio photo change failed", { intent: input.intent });
    return respond(
      request,
      s.flash,
      { ok: false, message: CONTENT_MESSAGES.photoFailed },
      { ...failed, redirectTo: back() },
    );
  }
}

export function loader() {
  return redirect(groupPaths.studi);
}
