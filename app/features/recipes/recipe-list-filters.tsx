import { Form, Link } from "react-router";
import { CATEGORY_LABELS, recipeCategories, recipeTags, TAG_LABELS } from "./recipe";
import { isFiltered, type RecipeFilter } from "./recipe-filter";

/**
 * The list's filters: a plain GET form, so the filter is in the address and works without
 * JavaScript (with it, the router loads the same address without reloading the page).
 */
export function RecipeListFilters({ filter }: { filter: RecipeFilter }) {
  return (
    <Form method="get" action="/ricette" className="recipe-filters" aria-label="Filtra le ricette">
      <div className="recipe-filters__field">
        <label htmlFor="filtro-categoria">Categoria</label>
        <select id="filtro-categoria" name="categoria" defaultValue={filter.category ?? ""} key={filter.category}>
          <option value="">Tutte</option>
          {recipeCategories.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </option>
          ))}
        </select>
      </div>
      <div className="recipe-filters__field">
        <label htmlFor="filtro-tag">Caratteristica</label>
        <select id="filtro-tag" name="tag" defaultValue={filter.tag ?? ""} key={filter.tag}>
          <option value="">Tutte</option>
          {recipeTags.map((tag) => (
            <option key={tag} value={tag}>
              {TAG_LABELS[tag]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--secondary recipe-filters__submit">
        Filtra
      </button>
      {isFiltered(filter) ? (
        <Link to="/ricette" className="recipe-filters__reset">
          Mostra tutte le ricette
        </Link>
      ) : null}
    </Form>
  );
}
