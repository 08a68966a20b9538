import { data, Link } from "react-router";
import type { Route } from "./+types/articles";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { toArticleAdminRow } from "~/features/articles/article-editor.server";
import { ADMIN_ARTICLES, ARTICLES_PATH, articlePath } from "~/features/articles/categories";
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

const STATE_LABELS = { draft: "Bozza", scheduled: "Programmato", published: "Pubblicato" } as const;

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
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
          {loaderData.articles.map((article) => (
            <li key={article.id} className="article-admin-row">
              <p className="article-admin-row__title">
                <Link to={`${ADMIN_ARTICLES}/${article.id}`}>{article.title}</Link>
              </p>
              <p className="article-admin-row__state">
                <span className={`article-state article-state--${article.state}`}>{STATE_LABELS[article.state]}</span>
                {article.state === "scheduled" && article.when ? ` · comparirà il ${article.when}` : null}
                {article.state === "published" && article.when ? ` · dal ${article.when}` : null}
              </p>
              {article.state === "published" ? (
                <p>
                  <Link to={articlePath(article.slug)}>Vedi sul sito</Link>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
