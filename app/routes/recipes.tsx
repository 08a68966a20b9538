import { Link } from "react-router";
import type { Route } from "./+types/recipes";
import { servicesContext } from "~/context";
import { RecipeCard } from "~/features/recipes/recipe-card";
import { isFiltered, parseRecipeFilter, RECIPES_PAGE_SIZE, recipesHref } from "~/features/recipes/recipe-filter";
import { RecipeListFilters } from "~/features/recipes/recipe-list-filters";
import type { RecipeCardView } from "~/features/recipes/recipe-view";
import { toRecipeCardView } from "~/features/recipes/recipe-view.server";
import { pageMeta } from "~/features/site-content/meta";
import type { LiveHandle } from "~/ui/live-updates";
import { Stylesheet } from "~/ui/stylesheet";
import recipesStyles from "~/styles/recipes.css?url";

/** A recipe published, edited or withdrawn, or a photo changed: an open list follows. */
export const handle: LiveHandle = { liveTables: ["recipes", "recipe_photos"] };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    "Ricette",
    "Ricette per pasti equilibrati e semplici da preparare, con ingredienti, procedimento e valori nutrizionali per porzione.",
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = context.get(servicesContext);
  const filter = parseRecipeFilter(new URL(request.url).searchParams);
  let recipes: RecipeCardView[] = [];
  let total = 0;
  try {
    const page = await s.recipes.listPublished(filter, {
      limit: RECIPES_PAGE_SIZE,
      offset: (filter.page - 1) * RECIPES_PAGE_SIZE,
    });
    recipes = page.recipes.map((recipe) => toRecipeCardView(s.media, recipe));
    total = page.total;
  } catch (error) {
    // A failed read shows the empty list; the rest of the page still works.
    s.logger.error({ err: error }, "reading recipes failed");
  }
  return { recipes, total, filter, pages: Math.max(1, Math.ceil(total / RECIPES_PAGE_SIZE)) };
}

export default function RecipesPage({ loaderData }: Route.ComponentProps) {
  const { recipes, filter, pages, total } = loaderData;
  return (
    <div className="page recipes-page">
      <Stylesheet href={recipesStyles} />
      <Link to="/home" className="back-link">
        <span aria-hidden="true">←</span> Torna alla home
      </Link>
      <header className="recipes-page__header">
        <h1>Le mie ricette</h1>
        <p className="recipes-page__lead">
          Idee per pasti equilibrati e semplici da preparare, con i valori nutrizionali indicativi per porzione.
        </p>
      </header>
      <RecipeListFilters filter={filter} />
      <p className="recipes-page__count" role="status">
        {total === 1 ? "1 ricetta" : `${total} ricette`}
      </p>
      {recipes.length ? (
        <ul className="recipe-grid">
          {recipes.map((recipe, index) => (
            <li key={recipe.id}>
              <RecipeCard recipe={recipe} eager={index < 3} />
            </li>
          ))}
        </ul>
      ) : isFiltered(filter) ? (
        <p className="recipes-empty">
          Nessuna ricetta corrisponde ai filtri. <Link to="/ricette">Mostra tutte le ricette</Link>
        </p>
      ) : (
        <p className="recipes-empty">Nessuna ricetta pubblicata per ora: torna a trovarci presto.</p>
      )}
      {pages > 1 ? (
        <nav className="recipes-pager" aria-label="Pagine delle ricette">
          {filter.page > 1 ? (
            <Link to={recipesHref(filter, filter.page - 1)} rel="prev">
              <span aria-hidden="true">←</span> Pagina precedente
            </Link>
          ) : null}
          <span className="recipes-pager__where">{`Pagina ${filter.page} di ${pages}`}</span>
          {filter.page < pages ? (
            <Link to={recipesHref(filter, filter.page + 1)} rel="next">
              Pagina successiva <span aria-hidden="true">→</span>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
