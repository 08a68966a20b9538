import { data, isRouteErrorResponse, Link, useFetcher, useSearchParams } from "react-router";
import type { Route } from "./+types/articles";
import { servicesContext } from "~/context";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { failedAction, readForm, respond } from "~/core/forms/respond.server";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { type ArticleAdminRow, toArticleAdminRow } from "~/features/articles/article-editor.server";
import { articleDeleteSchema } from "~/features/articles/article-form";
import { ADMIN_ARTICLES, ARTICLES_PATH, articlePath } from "~/features/articles/categories";
import { ARTICLE_MESSAGES } from "~/features/articles/messages";
import { ConfirmButton, NoScriptConfirm } from "~/ui/admin/confirm-button";
import { pageMeta } from "~/features/site-content/meta";
import type { LiveHandle } from "~/ui/live-updates";
import adminArticlesStyles from "~/styles/admin-articles.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminArticlesStyles }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Articoli", "I tuoi articoli: scrivili, programmali, pubblicali.", { noindex: true });

export const handle: LiveHandle = { liveTables: ["articles"] };

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  return data({ articles: (await s.articles.listAll()).map((article) => toArticleAdminRow(article)) });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request), articleDeleteSchema);
  if (submission.status !== "success")
    return respond(
      request,
      s.flash,
      { ok: false, message: ARTICLE_MESSAGES.notFound },
      { status: 400, redirectTo: ADMIN_ARTICLES },
    );
  let deleted: boolean;
  try {
    deleted = await s.articles.delete(submission.value.id);
  } catch (error) {
    const failed = failedAction(s.logger, error, "article delete failed", { articleId: submission.value.id });
    return respond(
      request,
      s.flash,
      { ok: false, message: ARTICLE_MESSAGES.deleteFailed },
      { ...failed, redirectTo: ADMIN_ARTICLES },
    );
  }
  const result = deleted
    ? { ok: true, message: ARTICLE_MESSAGES.deleted }
    : { ok: false, message: ARTICLE_MESSAGES.notFound };
  return respond(request, s.flash, result, { status: deleted ? 200 : 404, redirectTo: ADMIN_ARTICLES });
}

/** A network failure becomes a toast; an expired session or a refused request still reaches the error boundary. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ActionResult> {
  try {
    return (await serverAction()) as ActionResult;
  } catch (error) {
    if (error instanceof Response || (isRouteErrorResponse(error) && [401, 403].includes(error.status))) throw error;
    return { ok: false, message: ARTICLE_MESSAGES.deleteFailed };
  }
}

const STATE_LABELS = { draft: "Bozza", scheduled: "Programmato", published: "Pubblicato" } as const;

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  // One fetcher for every row: its answer is shown here, after the deleted row has left the list.
  const remover = useFetcher<ActionResult>();
  useActionResult(remover.data);
  const removing = remover.state !== "idle" ? remover.formData?.get("id") : null;
  return (
    <>
      <h1 className="admin__title">Articoli</h1>
      <p className="admin-section__lead">
        Una bozza resta privata; un articolo pubblicato compare su <Link to={ARTICLES_PATH}>/articoli</Link>, nel feed e
        nella mappa del sito, subito o all'ora che scegli.
      </p>
      <p>
        <Link className="button" to={`${ADMIN_ARTICLES}/nuovo`}>
          Nuovo articolo
        </Link>
      </p>
      {loaderData.articles.length === 0 ? (
        <p className="admin-empty">Nessun articolo ancora: scrivi il primo.</p>
      ) : (
        <ul className="article-admin-list">
          {loaderData.articles.map((article) =>
            article.id === removing ? null : (
              <ArticleRow
                key={article.id}
                article={article}
                onDelete={() =>
                  remover.submit({ intent: "delete", id: article.id }, { method: "post", action: ADMIN_ARTICLES })
                }
              />
            ),
          )}
        </ul>
      )}
    </>
  );
}

function ArticleRow({ article, onDelete }: { article: ArticleAdminRow; onDelete: () => void }) {
  const [searchParams] = useSearchParams();
  const confirming = searchParams.get("elimina") === article.id;
  return (
    <li className="article-admin-row" id={`articolo-${article.id}`}>
      <p className="article-admin-row__title">
        <Link to={`${ADMIN_ARTICLES}/${article.id}`}>{article.title}</Link>
      </p>
      <p className="article-admin-row__state">
        <span className={`article-state article-state--${article.state}`}>{STATE_LABELS[article.state]}</span>
        {article.state === "scheduled" && article.when ? ` · comparirà il ${article.when}` : null}
        {article.state === "published" && article.when ? ` · dal ${article.when}` : null}
      </p>
      {article.unreadable ? <p className="form-error">{ARTICLE_MESSAGES.unreadable}</p> : null}
      <p className="article-admin-row__actions">
        {article.state === "published" ? <Link to={articlePath(article.slug)}>Vedi sul sito</Link> : null}
        <ConfirmButton
          label="Elimina"
          accessibleLabel={`Elimina l'articolo: ${article.title}`}
          question={ARTICLE_MESSAGES.deleteQuestion}
          confirmLabel="Elimina"
          noScriptHref={`${ADMIN_ARTICLES}?elimina=${article.id}#articolo-${article.id}`}
          onConfirm={onDelete}
        />
      </p>
      {confirming ? (
        <NoScriptConfirm
          action={ADMIN_ARTICLES}
          question={ARTICLE_MESSAGES.deleteQuestion}
          confirmLabel="Elimina"
          fields={{ intent: "delete", id: article.id }}
          cancelHref={`${ADMIN_ARTICLES}#articolo-${article.id}`}
        />
      ) : null}
    </li>
  );
}
