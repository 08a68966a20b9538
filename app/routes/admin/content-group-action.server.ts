import type { RouterContextProvider } from "react-router";
import type { ActionResult } from "~/core/forms/action-result";
import { servicesContext } from "~/context";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { assertFormPost, readForm, respond } from "~/core/forms/respond.server";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { editorSchema, groupPaths, type ContentGroup } from "~/features/site-content/editor-groups";
import { CONTENT_MESSAGES } from "~/features/site-content/messages";
import { toPublicContent } from "~/features/site-content/site-content.server";
import { loadExamplesLeft } from "./examples-left.server";
import { toStudioPhotoView } from "~/features/site-content/studio-photos.server";
import { dayCopySchema, formWithDayCopied } from "./hours-copy.server";
import {
  MAX_CONTENT_FORM_BYTES,
  MAX_HOURS_FORM_FIELDS,
  type PortraitRefusal,
  portraitUpload,
  saveContentGroup,
  removePortrait,
  uploadPortrait,
} from "~/features/site-content/editor.server";
import { portraitRemovalSchema, portraitUploadFormSchema } from "~/features/site-content/form-schemas";
import { refusedImageStatus, type UploadRefusal } from "~/core/media/image-upload.server";
import type { Result } from "~/core/result";

/** What an editor's action is given (a route's own action, or the first-run setup's for its step). */
type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * The action of one editor screen. A plain form post that saved is redirected with a toast (a
 * reload does not post again); a refusal answers the form's values with the messages next to each
 * field (400), or the conflict with another save (409); a list button (add, remove, move a studio)
 * saves nothing and answers the updated form. With `after` (the first-run setup's next step), a save
 * goes there, with or without JavaScript.
 */
export async function contentGroupAction(
  group: ContentGroup,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  alreadyRead?: FormData,
  after?: string,
) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const maxFields = group === "orari" ? MAX_HOURS_FORM_FIELDS : undefined;
  const form = alreadyRead ?? (await readForm(request, { maxBytes: MAX_CONTENT_FORM_BYTES, maxFields }));
  const submission = parseSubmission(form, editorSchema(group), { disableAutoCoercion: true });
  if (submission.status === undefined)
    // A list button (add, remove, move a row): the form again, nothing to announce.
    return respond<ActionResult>(request, s.flash, { ok: true, message: "", reply: submission.reply() });
  if (submission.status !== "success") {
    // A version out of range is no field she can correct: the page is what needs reloading.
    const message = submission.error?.version ? CONTENT_MESSAGES.staleForm : CONTENT_MESSAGES.invalid;
    return respond(request, s.flash, { ok: false, message, reply: submission.reply() }, { status: 400 });
  }
  const { version, ...value } = submission.value;
  const result = await saveContentGroup(s, group, value, version);
  if (!result.ok) {
    const reply = submission.reply({ formErrors: [CONTENT_MESSAGES.conflict] });
    return respond(request, s.flash, { ok: false, message: CONTENT_MESSAGES.conflictShort, reply }, { status: 409 });
  }
  const message = result.value.unchanged ? CONTENT_MESSAGES.unchanged : CONTENT_MESSAGES.saved;
  return respond(
    request,
    s.flash,
    { ok: true, message, reply: submission.reply() },
    { redirectTo: after ?? groupPaths[group], redirectAlways: after !== undefined },
  );
}

/** What every editor form starts from: the published version and its content (also the first-run setup's). */
export async function loadEditorData(context: Readonly<RouterContextProvider>) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const [published, photos] = await Promise.all([s.siteContent.current(), s.studioPhotos.byStudio()]);
  return {
    version: published.version,
    savedAt: published.savedAt,
    content: toPublicContent(s.media, published.content),
    // Each studio's photos by its key.
    studioPhotos: Object.fromEntries(
      [...photos].map(([key, rows]) => [key, rows.map((row) => toStudioPhotoView(s.media, row))]),
    ),
    // The fictional first version's details still on the site, each with its form.
    left: (await loadExamplesLeft(s, published)).map(({ label, group, href }) => ({ label, group, href })),
  };
}

/** The hours form's action, here and in the first-run setup (`after`: where a save goes, its check of the week). */
export async function hoursAction(args: ActionArgs, after?: string) {
  requireAdmin(args.context);
  const form = await readForm(args.request, { maxBytes: MAX_CONTENT_FORM_BYTES, maxFields: MAX_HOURS_FORM_FIELDS });
  const copy = parseSubmission(form, dayCopySchema);
  return contentGroupAction(
    "orari",
    args,
    copy.status === "success" ? formWithDayCopied(form, copy.value.copia) : form,
    after,
  );
}

/** What the portrait's refusals say, and with which status. */
const PORTRAIT_REFUSALS = {
  conflict: [CONTENT_MESSAGES.conflictShort, 409],
  missing: [CONTENT_MESSAGES.portraitMissing, 409],
  failed: [CONTENT_MESSAGES.failed, 500],
} as const;

/**
 * The portrait's action, here and in the first-run setup: an upload or a removal comes back to `back`,
 * the focus saved goes to `after` (the setup's next step) when given.
 */
export async function portraitAction(args: ActionArgs, back: string = groupPaths.ritratto, after?: string) {
  requireAdmin(args.context);
  const s = args.context.get(servicesContext);
  const { request } = args;
  const answer = (ok: boolean, message: string, status?: number) =>
    respond(request, s.flash, { ok, message }, { redirectTo: back, status });
  const said = (result: Result<undefined, PortraitRefusal, UploadRefusal>, done: string) => {
    if (result.ok) return answer(true, done);
    // The image's own refusal (too large, not an image, the decode queue full) as the upload helper words it.
    if (result.reason === "image" && result.detail) return answer(false, result.detail.message, result.detail.status);
    const [message, status] = PORTRAIT_REFUSALS[result.reason === "image" ? "failed" : result.reason];
    return answer(false, message, status);
  };
  assertFormPost(request);
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    const read = await readForm(request, { upload: portraitUpload(s) });
    if (!read.ok) return answer(false, read.message, read.status);
    const picked = parseSubmission(read.form, portraitUploadFormSchema);
    if (picked.status !== "success") {
      const message = picked.error?.image?.[0];
      if (!message) return answer(false, CONTENT_MESSAGES.staleForm, 400);
      return answer(false, message, refusedImageStatus(message));
    }
    const { image: file, version: baseVersion } = picked.value;
    return said(await uploadPortrait(s, { file, baseVersion }), CONTENT_MESSAGES.portraitSaved);
  }
  const form = await readForm(request, MAX_CONTENT_FORM_BYTES);
  // The remove button's form says so in its intent (the schema's literal); the focus form has none.
  const removal = parseSubmission(form, portraitRemovalSchema);
  if (removal.payload.intent === "remove") {
    if (removal.status !== "success") return answer(false, CONTENT_MESSAGES.staleForm, 400);
    return said(await removePortrait(s, removal.value.version), CONTENT_MESSAGES.portraitRemoved);
  }
  return contentGroupAction("ritratto", args, form, after);
}
