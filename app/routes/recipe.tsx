import { Link } from "react-router";
import { BookingButton } from "~/composition/booking-call";
import type { Route } from "./+types/recipe";
import { servicesContext } from "~/context";
import { RecipeArticle } from "~/features/recipes/recipe-article";
import { loadRecipePage } from "~/features/recipes/recipe-page.server";
import { withShareImage } from "~/ui/share-meta";
import { pageMeta } from "~/features/site-content/meta";
import { JsonLd } from "~/ui/json-ld";
import type { LiveHandle } from "~/ui/live-updates";
import { Stylesheet } from "~/ui/stylesheet";
import recipesStyles from "~/styles/recipes.css?url";

/** She edits or unpublishes it, or changes its photo: an open page follows. */
export const handle: LiveHandle = { liveTables: ["recipes", "recipe_photos"] };

export const meta: Route.MetaFunction = ({ loaderData, ...args }) => {
  if (!loaderData) {
    return pageMeta(args, "Ricetta non trovata", "La ricetta richiesta non esiste o non è più pubblicata.", {
      noindex: true,
    });
  }
  const { recipe, share } = loaderData;
  return withShareImage(
    pageMeta(args, recipe.title, recipe.description),
    share && { ...share, alt: `Foto della ricetta: ${recipe.title}` },
  );
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const s = context.get(servicesContext);
  const { content } = await s.siteContent.current();
  const page = await loadRecipePage(s, params.slug, {
    url: s.config.siteUrl,
    author: content.practitioner.name,
  });
  // A draft, or an address no recipe has: not found, and not indexed.
  if (!page) throw new Response("Ricetta non trovata", { status: 404 });
  return page;
}

export default function RecipePage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page recipe-page">
      <Stylesheet href={recipesStyles} />
      <JsonLd data={loaderData.jsonLd} />
      <Link to="/ricette" className="back-link no-print">
        <span aria-hidden="true">←</span> Tutte le ricette
      </Link>
      <RecipeArticle
        recipe={loaderData.recipe}
        author={loaderData.author}
        booking={<BookingButton external={(links) => links.booking}>Prenota una visita</BookingButton>}
        notice={loaderData.notice}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="page recipe-page recipe-missing">
      <Stylesheet href={recipesStyles} />
      <h1>Ricetta non trovata</h1>
      <p>La ricetta che cerchi non esiste o non è più pubblicata.</p>
      <Link className="button" to="/ricette">
        Tutte le ricette
      </Link>
    </div>
  );
}
