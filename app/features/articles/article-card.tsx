import { Link } from "react-router";
import { ResponsiveImage } from "~/ui/responsive-image";
import { articlePath } from "./categories";
import type { ArticleCardView } from "./article-page.server";

/** One article in a list: cover, categories, title, date and reading time, excerpt; the title the link. */
export function ArticleCard({
  article,
  eager,
  level = 2,
}: {
  article: ArticleCardView;
  eager?: boolean;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <article className="article-card">
      {article.cover ? (
        <ResponsiveImage
          className="article-card__image"
          image={article.cover.image}
          alt=""
          sizes="(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, calc(100vw - 2rem)"
          loading={eager ? "eager" : "lazy"}
          style={{ objectPosition: article.cover.position }}
        />
      ) : null}
      <div className="article-card__body">
        <p className="article-card__categories">{article.categories.join(" · ")}</p>
        <Heading className="article-card__title">
          <Link to={articlePath(article.slug)} className="article-card__link">
            {article.title}
          </Link>
        </Heading>
        <p className="article-card__meta">
          <time dateTime={article.publishedIso}>{article.publishedOn}</time> · {article.readingMinutes} min di lettura
        </p>
        <p className="article-card__excerpt">{article.excerpt}</p>
      </div>
    </article>
  );
}
