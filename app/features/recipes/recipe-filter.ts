import { type RecipeCategory, recipeCategories, type RecipeTag, recipeTags } from "./recipe";

/** What /ricette shows, from its address: ?categoria=cena&tag=vegana&pagina=2. */
export interface RecipeFilter {
  category: RecipeCategory | null;
  tag: RecipeTag | null;
  /** 1-based. */
  page: number;
}

/** Recipes per page of /ricette. */
export const RECIPES_PAGE_SIZE = 12;
/** Past this a page number is not ours (and no query may skip that many rows). */
const MAX_PAGE = 500;

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** Unknown values are ignored (an old link shows every recipe rather than an error). */
export function parseRecipeFilter(params: URLSearchParams): RecipeFilter {
  const category = params.get("categoria");
  const tag = params.get("tag");
  const page = Number(params.get("pagina"));
  return {
    category: isOneOf(recipeCategories, category) ? category : null,
    tag: isOneOf(recipeTags, tag) ? tag : null,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

export const isFiltered = (filter: RecipeFilter) => filter.category !== null || filter.tag !== null;

/** The address of `filter` at `page` (the first page without a number, so it is the cached plain /ricette). */
export function recipesHref(filter: Pick<RecipeFilter, "category" | "tag">, page = 1): string {
  const params = new URLSearchParams();
  if (filter.category) params.set("categoria", filter.category);
  if (filter.tag) params.set("tag", filter.tag);
  if (page > 1) params.set("pagina", String(page));
  const query = params.toString();
  return query ? `/ricette?${query}` : "/ricette";
}
