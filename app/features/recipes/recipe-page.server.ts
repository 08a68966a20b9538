import type { MediaStorage } from "~/core/media/media-storage.server";
import { RECIPE_MESSAGES } from "./messages";
import { recipePath } from "./recipe";
import { recipeJsonLd } from "./recipe-json-ld";
import { recipeImageUrls, toRecipePageView } from "./recipe-view.server";
import type { RecipeRepository } from "./recipes.server";

/**
 * Everything a published recipe's page shows, ready to show (its schema.org data too), or null for
 * a draft or an address no recipe has. Server-only, so the page's script carries none of the code
 * that builds it, nor the editor's messages.
 */
export async function loadRecipePage(
  deps: { recipes: RecipeRepository; media: MediaStorage },
  slug: string,
  site: { url: string; author: string },
) {
  const recipe = await deps.recipes.findPublished(slug);
  if (!recipe) return null;
  const images = recipeImageUrls(deps.media, recipe, site.url);
  return {
    recipe: toRecipePageView(deps.media, recipe),
    share: images.share,
    author: site.author,
    notice: RECIPE_MESSAGES.indicativeValues,
    jsonLd: recipeJsonLd({
      recipe,
      url: `${site.url}${recipePath(recipe.slug)}`,
      images: images.all,
      author: { name: site.author, url: `${site.url}/home#chi-sono` },
    }),
  };
}
