import { Link } from "react-router";
import type { Route } from "./+types/articles";
import { servicesContext } from "~/context";
import { ArticleCard } from "~/features/articles/article-card";
import { Breadcrumbs } from "~/features/articles/breadcrumbs";
import { type ArticleCardView, toArticleCardView } from "~/features/articles/article-page.server";
import { FEED_PATH } from "~/features/articles/categories";
import { pageMeta } from "~/features/site-content/meta";
import { JsonLd } from "~/ui/json-ld";
import type { LiveHandle } from "~/ui/live-updates";
import { Stylesheet } from "~/ui/stylesheet";
import articlesStyles from "~/styles/articles.css?url";

/** An article published, scheduled one appearing, edited or withdrawn: an open list follows. */
export const handle: LiveHandle = { liveTables: ["articles"] };

const PAGE_SIZE = 12;

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/atom+xml", title: "Articoli (Atom)", href: FEED_PATH },
];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    "Articoli",
    "Articoli di alimentazione e stili di vita: risposte chiare alle domande più frequenti dei pazienti.",
    { canonicalPath: "/articoli" },
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = context.get(servicesContext);
  const requested = Number(new URL(request.url).searchParams.get("pagina") ?? "1");
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 1000 ? requested : 1;
  let articles: ArticleCardView[] = [];
  let total = 0;
  try {
    const found = await s.articles.listPublished({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
    articles = found.articles.map((article) => toArticleCardView(s.media, article));
    total = found.total;
  } catch (error) {
    // A failed read shows the empty list; the rest of the page still works.
    s.logger.error({ err: error }, "reading articles failed");
  }
  const url = s.config.siteUrl;
  return {
    articles,
    page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    breadcrumbs: {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${url}/home` },
        { "@type": "ListItem", position: 2, name: "Articoli", item: `${url}/articoli` },
      ],
    },
  };
}

export default function ArticlesPage({ loaderData }: Route.ComponentProps) {
  const { articles, page, pages } = loaderData;
  return (
    <div className="page articles-page">
      <Stylesheet href={articlesStyles} />
      <JsonLd data={loaderData.breadcrumbs} />
      <Breadcrumbs trail={[{ to: "/home", label: "Home" }]} current="Articoli" />
      <header className="articles-page__header">
        <h1>Articoli</h1>
        <p className="articles-page__lead">
          Alimentazione e stili di vita, spiegati con parole semplici. Per un consiglio su misura, prenota una visita.
        </p>
        <p>
          <a href={FEED_PATH}>Segui gli articoli (feed Atom)</a>
        </p>
      </header>
      {articles.length ? (
        <ul className="article-grid">
          {articles.map((article, index) => (
            <li key={article.id}>
              <ArticleCard article={article} eager={index < 2} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="articles-empty">Nessun articolo pubblicato per ora: torna a trovarci presto.</p>
      )}
      {pages > 1 ? (
        <nav className="articles-pager" aria-label="Pagine degli articoli">
          {page > 1 ? (
            <Link to={page === 2 ? "/articoli" : `/articoli?pagina=${page - 1}`} rel="prev">
              <span aria-hidden="true">←</span> Articoli più recenti
            </Link>
          ) : null}
          <span>{`Pagina ${page} di ${pages}`}</span>
          {page < pages ? (
            <Link to={`/articoli?pagina=${page + 1}`} rel="next">
              Articoli meno recenti <span aria-hidden="true">→</span>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
