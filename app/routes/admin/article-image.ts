import type { Route } from "./+types/article-image";
import { servicesContext } from "~/context";
import { firstError } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, respond } from "~/core/forms/respond.server";
import { largestUrl } from "~/core/media/image-pipeline.server";
import { imageUpload, refusedImageStatus } from "~/core/media/image-upload.server";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { uploadArticleImage } from "~/features/articles/article-editor.server";
import { articleImageUploadSchema } from "~/features/articles/article-form";
import { ADMIN_ARTICLES } from "~/features/articles/categories";
import { ARTICLE_MESSAGES } from "~/features/articles/messages";

/** An image for an article (its text or its cover), sent by the editor's script; answered as JSON. */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const read = await readForm(request, { upload: imageUpload(s, { what: "article image upload" }) });
  if (!read.ok)
    return respond(
      request,
      s.flash,
      { ok: false, message: read.message },
      { status: read.status, redirectTo: ADMIN_ARTICLES },
    );
  const upload = parseSubmission(read.form, articleImageUploadSchema);
  if (upload.status !== "success") {
    const message = firstError(upload.error)?.[1] ?? ARTICLE_MESSAGES.imageFailed;
    return respond(
      request,
      s.flash,
      { ok: false, message },
      { status: refusedImageStatus(message), redirectTo: ADMIN_ARTICLES },
    );
  }
  const stored = await uploadArticleImage(s, upload.value.image);
  if (!stored.ok) {
    const { status, message } = stored.detail;
    return respond(request, s.flash, { ok: false, message }, { status, redirectTo: ADMIN_ARTICLES });
  }
  const answer = { ok: true, message: "", id: stored.value.id, src: largestUrl(s.media, stored.value.image) };
  return respond(request, s.flash, answer, { status: 201, redirectTo: ADMIN_ARTICLES });
}
