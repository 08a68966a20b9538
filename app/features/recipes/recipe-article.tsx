import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { PlainText } from "~/ui/plain-text";
import { ResponsiveImage } from "~/ui/responsive-image";
import { useHydrated } from "~/ui/use-hydrated";
import { IngredientList } from "./ingredient-list";
import { NutritionTable } from "./nutrition-table";
import { RecipeTags } from "./recipe-tags";
import type { RecipePageView } from "./recipe-view";

/**
 * A recipe's page: photo, facts, ingredients (with the serving control), steps, the nutrition
 * table, her note, and a way to book. What is not the recipe is marked for the print stylesheet to leave out.
 */
export function RecipeArticle({
  recipe,
  author,
  booking,
  notice,
}: {
  recipe: RecipePageView;
  author: string;
  /** The "Prenota una visita" button as her booking setting wants it (or nothing). */
  booking: ReactNode;
  /** The nutrition table's notice that its values are indicative. */
  notice: string;
}) {
  const hydrated = useHydrated();
  // The servings the visitor chose: the ingredients and the header's "Porzioni" both follow them.
  const [wanted, setWanted] = useState(recipe.servings);
  return (
    <article className="recipe" aria-labelledby="ricetta-titolo">
      <header className="recipe__header">
        <p className="eyebrow recipe__category">{`${recipe.categoryLabel} · Cucina ${recipe.cuisine.toLowerCase()}`}</p>
        <h1 id="ricetta-titolo" className="recipe__title">
          {recipe.title}
        </h1>
        <p className="recipe__lead">{recipe.description}</p>
        <dl className="recipe-facts">
          <div>
            <dt>Preparazione</dt>
            <dd>{recipe.prepTimeText}</dd>
          </div>
          {recipe.cookTimeText ? (
            <div>
              <dt>Cottura</dt>
              <dd>{recipe.cookTimeText}</dd>
            </div>
          ) : null}
          <div>
            <dt>Tempo totale</dt>
            <dd>{recipe.totalTimeText}</dd>
          </div>
          <div>
            <dt>Porzioni</dt>
            <dd>{wanted}</dd>
          </div>
        </dl>
        <RecipeTags tags={recipe.tags} />
        <p className="recipe__byline">
          Di {author}
          {recipe.publishedText ? `, pubblicata il ${recipe.publishedText}` : null}
        </p>
        {/* Its place is kept hidden until scripts run, so the page does not move when it appears. */}
        <button
          type="button"
          className="button button--secondary recipe__print no-print"
          disabled={!hydrated}
          onClick={() => print()}
        >
          Stampa la ricetta
        </button>
      </header>

      {recipe.image ? (
        <ResponsiveImage
          className="recipe__image"
          image={recipe.image}
          alt={recipe.imageAlt ?? `Foto della ricetta: ${recipe.title}`}
          sizes="(min-width: 60rem) 28rem, calc(100vw - 2rem)"
          loading="eager"
          fetchPriority="high"
        />
      ) : null}

      <div className="recipe__body">
        <IngredientList
          groups={recipe.ingredientGroups}
          servings={recipe.servings}
          wanted={wanted}
          setWanted={setWanted}
        />

        <section className="recipe-steps" aria-labelledby="procedimento">
          <h2 id="procedimento">Procedimento</h2>
          <ol>
            {recipe.steps.map((step, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a step is its place in the list (its anchor is passo-n).
              <li key={index} id={`passo-${index + 1}`}>
                {step}
              </li>
            ))}
          </ol>
        </section>
      </div>

      {recipe.note ? (
        <section className="recipe-note" aria-labelledby="nota-nutrizionista">
          <h2 id="nota-nutrizionista">Il consiglio della nutrizionista</h2>
          <PlainText text={recipe.note} />
        </section>
      ) : null}

      {recipe.nutrition.length ? (
        <NutritionTable rows={recipe.nutrition} portionGrams={recipe.portionGrams} notice={notice} />
      ) : null}

      <section className="recipe-cta no-print" aria-labelledby="ricetta-cta">
        <h2 id="ricetta-cta">Un piano alimentare su misura</h2>
        <p>
          Le ricette sono idee per pasti equilibrati. Per un percorso costruito sulle tue esigenze, prenota una visita o
          scrivimi.
        </p>
        <p className="recipe-cta__actions">
          {booking}
          <Link className="button button--secondary" to="/home#contatti">
            Contatti
          </Link>
        </p>
      </section>
    </article>
  );
}
