import { data } from "react-router";
import type { Route } from "./+types/article-restore";
import { servicesContext } from "~/context";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, respond } from "~/core/forms/respond.server";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { restoreArticleVersion } from "~/features/articles/article-editor.server";
import { articleRestoreSchema } from "~/features/articles/article-form";
import { ADMIN_ARTICLES } from "~/features/articles/categories";
import { ARTICLE_MESSAGES } from "~/features/articles/messages";

/** An earlier version of an article made its text again; back to the article's editor. */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const article = await s.articles.get(params.id);
  if (!article) throw data(ARTICLE_MESSAGES.notFound, { status: 404 });
  // From the stored row: the address asked may hold anything, a header cannot.
  const back = `${ADMIN_ARTICLES}/${article.id}`;
  const submission = parseSubmission(await readForm(request), articleRestoreSchema);
  if (submission.status !== "success")
    return respond(
      request,
      s.flash,
      { ok: false, message: ARTICLE_MESSAGES.versionNotFound },
      { status: 400, redirectTo: back },
    );
  const restored = await restoreArticleVersion(s, article.id, submission.value.number);
  const result = restored.ok
    ? { ok: true, message: ARTICLE_MESSAGES.restored }
    : { ok: false, message: ARTICLE_MESSAGES[restored.reason] };
  return respond(request, s.flash, result, { status: restored.ok ? 200 : 404, redirectTo: back, redirectAlways: true });
}
