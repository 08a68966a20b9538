import { data, Form, useNavigate } from "react-router";
import { EditorHeading } from "~/ui/admin/editor-heading";
import type { Route } from "./+types/article-edit";
import { servicesContext } from "~/context";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond, failedAction } from "~/core/forms/respond.server";
import { formatItalianDateTime } from "~/core/format/italian-format";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { ArticleEditor } from "~/features/articles/article-editor";
import { type SaveArticleResult, saveArticle, toArticleFormInitial } from "~/features/articles/article-editor.server";
import { articleFormSchema } from "~/features/articles/article-form";
import { ADMIN_ARTICLES, articlePath } from "~/features/articles/categories";
import { ARTICLE_MESSAGES, ARTICLE_REFUSALS } from "~/features/articles/messages";
import { sayRefusal } from "~/core/forms/refusals";
import { pageMeta } from "~/features/site-content/meta";
import adminArticlesStyles from "~/styles/admin-articles.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminArticlesStyles }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Articolo", "Scrivi, programma e pubblica un articolo.", { noindex: true });

/** The body's JSON (64 KB at most, a field's cap) and the other fields. */
const MAX_FORM_BYTES = 80 * 1024;
const NEW = "nuovo";

export async function loader({ params, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const article = params.id === NEW ? null : await s.articles.get(params.id);
  if (params.id !== NEW && !article) throw data(ARTICLE_MESSAGES.notFound, { status: 404 });
  const versions = article ? await s.articles.versions(article.id) : [];
  const live = article?.status === "published" && article.publishAt && article.publishAt.getTime() <= Date.now();
  return data({
    articleId: article?.id ?? null,
    updatedAt: article?.updatedAt.toISOString() ?? null,
    publishedPath: live ? articlePath(article.slug) : null,
    initial: toArticleFormInitial(s.media, article ?? null),
    versions: versions.map((v) => ({
      number: v.number,
      savedAt: formatItalianDateTime(v.savedAt.toISOString()),
      title: v.title,
      status: v.status,
    })),
  });
}

type EditorResult = ActionResult & { articleId?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request, MAX_FORM_BYTES), articleFormSchema);
  if (submission.status !== "success") {
    return respond(request, s.flash, refusal(submission, ARTICLE_MESSAGES.invalid), { status: 400 });
  }
  const id = params.id === NEW ? undefined : params.id;
  let result: SaveArticleResult;
  try {
    result = await saveArticle(s, { id, value: submission.value });
  } catch (error) {
    return respond(
      request,
      s.flash,
      { ok: false, message: ARTICLE_MESSAGES.failed, reply: submission.reply() },
      failedAction(s.logger, error, "article save failed", { articleId: id }),
    );
  }
  if (!result.ok) {
    const { message } = ARTICLE_REFUSALS[result.reason];
    const reply = submission.reply(
      result.reason === "slugTaken" ? { fieldErrors: { slug: [message] } } : { formErrors: [message] },
    );
    const { answer, status } = sayRefusal(ARTICLE_REFUSALS, result.reason, { reply });
    return respond(request, s.flash, answer, { status });
  }
  const articleId = result.value.article.id;
  return respond<EditorResult>(
    request,
    s.flash,
    { ok: true, message: ARTICLE_MESSAGES[result.value.outcome], articleId },
    { status: id ? 200 : 201, redirectTo: `${ADMIN_ARTICLES}/${articleId}` },
  );
}

export default function AdminArticleEdit({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const result = actionData as EditorResult | undefined;
  useActionResult(result, (saved) => {
    // A new article saved with JavaScript: its own address from now on.
    if (saved.ok && saved.articleId && saved.articleId !== loaderData.articleId)
      void navigate(`${ADMIN_ARTICLES}/${saved.articleId}`, { replace: true });
  });
  return (
    <>
      <EditorHeading
        back={{ to: ADMIN_ARTICLES, label: "Tutti gli articoli" }}
        title={loaderData.articleId ? "Modifica l'articolo" : "Nuovo articolo"}
        published={{ path: loaderData.publishedPath, word: "Pubblicato" }}
      />
      <ArticleEditor
        key={loaderData.updatedAt ?? "nuovo"}
        articleId={loaderData.articleId}
        initial={loaderData.initial}
        lastResult={result && !result.ok ? result.reply : undefined}
      />
      {loaderData.versions.length > 1 ? (
        <section className="admin-section article-versions" aria-labelledby="versioni-articolo">
          <h2 id="versioni-articolo" className="admin-section__title">
            Versioni salvate
          </h2>
          <ol className="article-versions__list">
            {loaderData.versions.map((version, index) => (
              <li key={version.number}>
                <span>{`Versione ${version.number}, ${version.savedAt}: ${version.title}`}</span>
                {index === 0 ? (
                  <span> (attuale)</span>
                ) : (
                  <Form method="post" action={`${ADMIN_ARTICLES}/${loaderData.articleId}/ripristina`}>
                    <input type="hidden" name="number" value={version.number} />
                    <button type="submit" className="button button--secondary">
                      {`Ripristina la versione ${version.number}`}
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}
