import type { UploadAnswer } from "~/ui/rich-text/editor-panels";
import { ADMIN_ARTICLES } from "./categories";
import { ARTICLE_MESSAGES } from "./messages";

/** Where the editor sends an image: the route answers JSON with the stored image's id and address. */
export const ARTICLE_IMAGE_UPLOAD = `${ADMIN_ARTICLES}/immagini`;

/** Uploads one image through the site's image pipeline; its answer in Italian when refused. */
export async function uploadArticleImageFromEditor(file: File): Promise<UploadAnswer> {
  const body = new FormData();
  body.set("image", file);
  try {
    const response = await fetch(ARTICLE_IMAGE_UPLOAD, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
    });
    const answer = (await response.json()) as { ok?: boolean; id?: string; src?: string; message?: string };
    if (answer.ok && answer.id && answer.src) return { ok: true, id: answer.id, src: answer.src };
    return { ok: false, message: answer.message || ARTICLE_MESSAGES.imageFailed };
  } catch {
    return { ok: false, message: ARTICLE_MESSAGES.imageFailed };
  }
}
