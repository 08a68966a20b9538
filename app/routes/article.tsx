import { Link, useRouteLoaderData } from "react-router";
import { BookingButton } from "~/composition/booking-call";
import type { Route } from "./+types/article";
import { servicesContext } from "~/context";
import { RichTextBody } from "~/ui/rich-text/body";
import { ArticleCard } from "~/features/articles/article-card";
import { Breadcrumbs } from "~/features/articles/breadcrumbs";
import { loadArticlePage } from "~/features/articles/article-page.server";
import { articlePath, FEED_PATH } from "~/features/articles/categories";
import { toRecipeCardView } from "~/features/recipes/recipe-view.server";
import { pageMeta } from "~/features/site-content/meta";
import { JsonLd } from "~/ui/json-ld";
import type { LiveHandle } from "~/ui/live-updates";
import { withShareImage } from "~/ui/share-meta";
import { Stylesheet } from "~/ui/stylesheet";
import articlesStyles from "~/styles/articles.css?url";
import { SubscribeForm } from "~/features/newsletter/subscribe-form";
import type { loader as rootLoader } from "~/root";
import type { ActionResult } from "~/core/forms/action-result";
import { useLastActionData } from "~/core/forms/use-last-action-data";
import { subscribeAction } from "~/composition/newsletter-subscribe.server";

/** She edits or withdraws it, or a related recipe: an open page follows. */
export const handle: LiveHandle = { liveTables: ["articles", "recipes"] };

const RELATED_RECIPES = 3;

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/atom+xml", title: "Articoli (Atom)", href: FEED_PATH },
];

export const meta: Route.MetaFunction = ({ loaderData, ...args }) => {
  if (!loaderData) {
    return pageMeta(args, "Articolo non trovato", "L'articolo richiesto non esiste o non è più pubblicato.", {
      noindex: true,
    });
  }
  const { article, share } = loaderData;
  return withShareImage(pageMeta(args, article.title, article.excerpt), share).map((tag) =>
    tag.property === "og:type" ? { ...tag, content: "article" } : tag,
  );
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const s = context.get(servicesContext);
  const { content } = await s.siteContent.current();
  const page = await loadArticlePage(s, params.slug, { url: s.config.siteUrl, author: content.practitioner.name });
  // A draft, one scheduled for later, or an address no article has: not found, and not indexed.
  if (!page) throw new Response("Articolo non trovato", { status: 404 });
  // The two features meet here: the recipes sharing a word with the article (its title, excerpt and
  // categories), or when none does the newest ones, under a heading that says which.
  const matched = await s.recipes.listRelated(page.relatedText, RELATED_RECIPES);
  const recipes = matched.length
    ? matched
    : (await s.recipes.listPublished({}, { limit: RELATED_RECIPES, offset: 0 })).recipes;
  const recipeLinks = recipes.map((recipe) => {
    const view = toRecipeCardView(s.media, recipe);
    return { id: view.id, path: view.path, title: view.title, description: view.description };
  });
  const { relatedText: _, ...shown } = page;
  return { ...shown, recipeLinks, recipesHeading: matched.length ? "Ricette correlate" : "Dalle ricette" };
}

/** Subscribing from the form under the article: the answer is the article, the message in its form. */
export const action = (args: Route.ActionArgs) => subscribeAction(args);

export default function ArticlePage({ loaderData, actionData }: Route.ComponentProps) {
  const { article, body, images, updatedOn, related, recipeLinks, recipesHeading } = loaderData;
  const subscribed = useLastActionData<ActionResult>(actionData);
  const { newsletterConsent } = useRouteLoaderData<typeof rootLoader>("root")!;
  return (
    <div className="page article-page">
      <Stylesheet href={articlesStyles} />
      <JsonLd data={loaderData.jsonLd} />
      <Breadcrumbs
        trail={[
          { to: "/home", label: "Home" },
          { to: "/articoli", label: "Articoli" },
        ]}
        current={article.title}
      />
      <article className="article">
        <header className="article__header">
          <p className="article__categories">{article.categories.join(" · ")}</p>
          <h1>{article.title}</h1>
          <p className="article__meta">
            <time dateTime={article.publishedIso}>{article.publishedOn}</time>
            {" · "}
            {article.readingMinutes} min di lettura
            {updatedOn ? (
              // A line of its own: where a shared line wraps would change as the web font arrives (a layout shift).
              <time className="article__updated" dateTime={loaderData.updatedIso}>{`Aggiornato il ${updatedOn}`}</time>
            ) : null}
          </p>
          <p className="article__excerpt">{article.excerpt}</p>
        </header>
        {article.cover ? (
          <figure className="article__cover">
            <img
              src={article.cover.image.src}
              srcSet={article.cover.image.srcSet || undefined}
              sizes="(min-width: 48rem) 44rem, 92vw"
              width={article.cover.image.width}
              height={article.cover.image.height}
              alt={article.cover.alt}
              fetchPriority="high"
            />
          </figure>
        ) : null}
        <RichTextBody document={body} images={images} className="article-body" />
        <p className="article__notice">{loaderData.notice}</p>
        <aside className="article__booking" aria-label="Prenota una visita">
          <p>Vuoi un piano alimentare su misura per te?</p>
          <BookingButton external={(links) => links.booking}>Prenota una visita</BookingButton>
        </aside>
        {/* The newsletter's form under each article. */}
        {newsletterConsent !== null ? (
          <aside className="article__newsletter" aria-label="Newsletter">
            {/* Back at the form, where its message is, with or without JavaScript. */}
            <SubscribeForm
              consentText={newsletterConsent}
              place="article"
              result={subscribed}
              action={`${articlePath(article.slug)}#newsletter-article`}
            />
          </aside>
        ) : null}
      </article>
      {related.length ? (
        <section className="article-related" aria-labelledby="articoli-correlati">
          <h2 id="articoli-correlati">Da leggere anche</h2>
          <ul className="article-grid">
            {related.map((other) => (
              <li key={other.id}>
                <ArticleCard article={other} level={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {recipeLinks.length ? (
        <section className="article-related" aria-labelledby="ricette-correlate">
          <h2 id="ricette-correlate">{recipesHeading}</h2>
          <ul className="article-recipes">
            {recipeLinks.map((recipe) => (
              <li key={recipe.id}>
                <Link to={recipe.path}>{recipe.title}</Link>
                <p>{recipe.description}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="page article-page">
      <Stylesheet href={articlesStyles} />
      <h1>Articolo non trovato</h1>
      <p>L'articolo che cerchi non esiste o non è più pubblicato.</p>
      <Link className="button" to="/articoli">
        Tutti gli articoli
      </Link>
    </div>
  );
}
