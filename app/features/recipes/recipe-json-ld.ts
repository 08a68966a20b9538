import { isoDuration } from "./durations";
import { ingredientLine } from "./quantities";
import { CATEGORY_LABELS, type Nutrition, type RecipeData, type RecipeTag, TAG_LABELS } from "./recipe";

/** The schema.org diets some tags mean (schema.org/RestrictedDiet). */
const DIETS: Partial<Record<RecipeTag, string>> = {
  vegetariana: "https://schema.org/VegetarianDiet",
  vegana: "https://schema.org/VeganDiet",
  "senza-glutine": "https://schema.org/GlutenFreeDiet",
  "senza-lattosio": "https://schema.org/LowLactoseDiet",
};

/** 1 g of salt holds 0,4 g of sodium (Reg. UE 1169/2011, allegato XIV: sale = sodio × 2,5). */
const SODIUM_MG_PER_SALT_G = 400;

/** Numbers for machines: a dot, at most one decimal. */
const amount = (value: number, unit: string) => `${Math.round(value * 10) / 10} ${unit}`;

function nutritionInformation(nutrition: Nutrition, portionGrams: number | null) {
  if (nutrition.energyKcal === null) return undefined;
  const grams = (value: number | null) => (value === null ? undefined : amount(value, "g"));
  return {
    "@type": "NutritionInformation",
    servingSize: portionGrams ? `1 porzione (${portionGrams} g)` : "1 porzione",
    // schema.org has calories only; the page's table also gives the kJ.
    calories: `${nutrition.energyKcal} kcal`,
    fatContent: grams(nutrition.fat),
    saturatedFatContent: grams(nutrition.saturates),
    carbohydrateContent: grams(nutrition.carbohydrate),
    sugarContent: grams(nutrition.sugars),
    fiberContent: grams(nutrition.fibre),
    proteinContent: grams(nutrition.protein),
    sodiumContent: nutrition.salt === null ? undefined : `${Math.round(nutrition.salt * SODIUM_MG_PER_SALT_G)} mg`,
  };
}

/**
 * The recipe as schema.org `Recipe` for search engines: every property Google lists as required or
 * recommended that the recipe has (no video), times as ISO 8601 durations, the images in 1:1, 4:3
 * and 16:9. No rating or review markup: there are no visitor ratings to describe (decision 17).
 */
export function recipeJsonLd(input: {
  recipe: RecipeData & { publishedAt: Date | null; updatedAt: Date };
  /** The page's absolute address. */
  url: string;
  /** Absolute addresses, the 1:1, 4:3 and 16:9 crops first. */
  images: string[];
  author: { name: string; url: string };
}) {
  const { recipe, url, images, author } = input;
  const diets = recipe.tags.flatMap((tag) => DIETS[tag] ?? []);
  return {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: recipe.title,
    description: recipe.description,
    url,
    inLanguage: "it-IT",
    image: images,
    author: { "@type": "Person", name: author.name, url: author.url },
    datePublished: recipe.publishedAt?.toISOString(),
    dateModified: recipe.updatedAt.toISOString(),
    prepTime: isoDuration(recipe.prepMinutes),
    cookTime: isoDuration(recipe.cookMinutes),
    totalTime: isoDuration(recipe.prepMinutes + recipe.cookMinutes),
    recipeYield: [String(recipe.servings), `${recipe.servings} porzioni`],
    recipeCategory: CATEGORY_LABELS[recipe.category],
    recipeCuisine: recipe.cuisine,
    keywords: recipe.tags.map((tag) => TAG_LABELS[tag].toLowerCase()).join(", ") || undefined,
    suitableForDiet: diets.length ? diets : undefined,
    recipeIngredient: recipe.ingredients.map(ingredientLine),
    recipeInstructions: recipe.steps.map((step, index) => ({
      "@type": "HowToStep",
      position: index + 1,
      text: step.text,
      url: `${url}#passo-${index + 1}`,
    })),
    nutrition: nutritionInformation(recipe.nutrition, recipe.portionGrams),
  };
}
