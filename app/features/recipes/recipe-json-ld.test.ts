import { describe, expect, it } from "vitest";
import { recipeJsonLd } from "./recipe-json-ld";
import { formatMinutes, isoDuration } from "./durations";
import { sampleRecipe } from "../../../tests/support/factory";

/** Minutes in an ISO 8601 duration of hours and minutes (what recipes need), or NaN if it is not one. */
function durationMinutes(value: unknown): number {
  const match = typeof value === "string" ? value.match(/^PT(?=\d)(?:(\d+)H)?(?:(\d+)M)?$/) : null;
  return match ? Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0) : Number.NaN;
}

const build = (changes = {}) =>
  JSON.parse(
    JSON.stringify(
      recipeJsonLd({
        recipe: {
          ...sampleRecipe(changes),
          publishedAt: new Date("2026-03-01T09:00:00Z"),
          updatedAt: new Date("2026-03-02T10:00:00Z"),
        },
        url: "https://www.studio.it/ricette/insalata-di-farro",
        images: [
          "https://www.studio.it/media/a.webp",
          "https://www.studio.it/media/b.webp",
          "https://www.studio.it/media/c.webp",
        ],
        author: { name: "Dott.ssa Giulia Ferrari", url: "https://www.studio.it/home#chi-sono" },
      }),
    ),
  );

describe("the recipe's schema.org data", () => {
  it("has every property Google lists for recipes that the recipe has", () => {
    const data = build();
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Insalata di farro",
      description: sampleRecipe().description,
      image: expect.arrayContaining([expect.stringMatching(/^https:\/\//)]),
      author: { "@type": "Person", name: "Dott.ssa Giulia Ferrari" },
      datePublished: "2026-03-01T09:00:00.000Z",
      recipeYield: ["4", "4 porzioni"],
      recipeCategory: "Pranzo",
      recipeCuisine: "Italiana",
      keywords: "vegana, per sportivi",
      suitableForDiet: ["https://schema.org/VeganDiet"],
      recipeIngredient: [
        "200 g farro perlato (sciacquato)",
        "240 g ceci lessati",
        "2 cucchiai olio extravergine d'oliva",
        "1 limone (il succo)",
        "sale q.b.",
      ],
      nutrition: {
        "@type": "NutritionInformation",
        servingSize: "1 porzione (250 g)",
        calories: "420 kcal",
        fatContent: "12.5 g",
        saturatedFatContent: "1.8 g",
        carbohydrateContent: "58 g",
        sugarContent: "4.2 g",
        fiberContent: "9.1 g",
        proteinContent: "15.3 g",
        sodiumContent: "240 mg",
      },
    });
    expect(data.image).toHaveLength(3);
    expect(data.recipeInstructions).toEqual(
      sampleRecipe().steps.map((step, i) => ({
        "@type": "HowToStep",
        position: i + 1,
        text: step.text,
        url: `https://www.studio.it/ricette/insalata-di-farro#passo-${i + 1}`,
      })),
    );
    // No self-serving ratings (decision 17).
    expect(JSON.stringify(data)).not.toMatch(/aggregateRating|"review"/);
  });

  it("gives the times as valid ISO 8601 durations that add up", () => {
    for (const [prep, cook] of [
      [20, 25],
      [90, 0],
      [5, 150],
      [0, 60],
    ] as const) {
      const data = build({ prepMinutes: prep, cookMinutes: cook });
      expect(durationMinutes(data.prepTime), data.prepTime).toBe(prep);
      expect(durationMinutes(data.cookTime), data.cookTime).toBe(cook);
      expect(durationMinutes(data.totalTime), data.totalTime).toBe(prep + cook);
    }
    expect([isoDuration(45), isoDuration(60), isoDuration(90), isoDuration(0)]).toEqual([
      "PT45M",
      "PT1H",
      "PT1H30M",
      "PT0M",
    ]);
    expect([formatMinutes(45), formatMinutes(60), formatMinutes(90)]).toEqual(["45 min", "1 h", "1 h 30 min"]);
  });

  it("leaves out what the recipe does not have", () => {
    const none = Object.fromEntries(Object.keys(sampleRecipe().nutrition).map((k) => [k, null]));
    const data = build({ tags: [], nutrition: none, portionGrams: null });
    expect(data).not.toHaveProperty("nutrition");
    expect(data).not.toHaveProperty("keywords");
    expect(data).not.toHaveProperty("suitableForDiet");
  });
});
