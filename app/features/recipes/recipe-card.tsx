import { Link } from "react-router";
import { ResponsiveImage } from "~/ui/responsive-image";
import { RecipeTags } from "./recipe-tags";
import type { RecipeCardView } from "./recipe-view";

/** One recipe in the /ricette grid: photo, title, time and tags, the whole card one link. */
export function RecipeCard({ recipe, eager }: { recipe: RecipeCardView; eager?: boolean }) {
  return (
    <article className="recipe-card">
      <div className="recipe-card__media">
        {recipe.image ? (
          <ResponsiveImage
            className="recipe-card__image"
            image={recipe.image}
            alt=""
            sizes="(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, calc(100vw - 2rem)"
            loading={eager ? "eager" : "lazy"}
          />
        ) : null}
      </div>
      <div className="recipe-card__body">
        <p className="recipe-card__category">{recipe.categoryLabel}</p>
        <h2 className="recipe-card__title">
          <Link to={recipe.path} className="recipe-card__link">
            {recipe.title}
          </Link>
        </h2>
        <p className="recipe-card__time">
          <span className="visually-hidden">Tempo totale: </span>
          {recipe.totalTimeText}
        </p>
        <RecipeTags tags={recipe.tags} />
      </div>
    </article>
  );
}
