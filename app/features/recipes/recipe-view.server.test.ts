import { describe, expect, it } from "vitest";
import type { MediaStorage } from "~/core/media/media-storage.server";
import { MAX_SERVINGS } from "./recipe-view";
import { recipeImageUrls, toRecipePageView } from "./recipe-view.server";
import type { RecipeRecord } from "./recipes.server";
import { sampleRecipe } from "../../../tests/support/factory";

const media = { publicUrl: (key: string) => `/media/${key}` } as MediaStorage;

const record = (changes: Partial<RecipeRecord> = {}): RecipeRecord => ({
  ...sampleRecipe(),
  id: "r1",
  crops: null,
  own: null,
  photo: null,
  publishedAt: new Date("2026-03-01T09:00:00Z"),
  createdAt: new Date("2026-03-01T09:00:00Z"),
  updatedAt: new Date("2026-03-02T09:00:00Z"),
  ...changes,
});

describe("a recipe's page as the server prepares it", () => {
  it("writes every ingredient's amount for each number of servings the control offers, in her groups", () => {
    const view = toRecipePageView(media, record());
    expect(view.ingredientGroups.map((g) => [g.section, g.items.map((i) => i.name)])).toEqual([
      [null, ["farro perlato", "ceci lessati"]],
      ["Per il condimento", ["olio extravergine d'oliva", "limone", "sale"]],
    ]);
    const farro = view.ingredientGroups[0]!.items[0]!;
    expect(farro.amounts).toHaveLength(MAX_SERVINGS);
    // For the 4 servings she wrote it for, as written; for 2, half; for 8, double.
    expect([farro.amounts[3], farro.amounts[1], farro.amounts[7]]).toEqual(["200 g", "100 g", "400 g"]);
    expect(farro.amounts[23]).toBe("1,2 kg");
    const salt = view.ingredientGroups[1]!.items[2]!;
    expect(salt).toMatchObject({ toTaste: true, amounts: [] });
  });

  it("names a counted ingredient in its singular or plural for each number of servings", () => {
    const view = toRecipePageView(
      media,
      record({
        servings: 2,
        ingredients: [
          { section: null, quantity: 1, unit: "pezzo", name: "zucchina", plural: "zucchine", note: null },
          { section: null, quantity: 200, unit: "g", name: "farro", note: null },
        ],
      }),
    );
    const [zucchina, farro] = view.ingredientGroups[0]!.items;
    // For 1, 2, 4 servings: ½ zucchina, 1 zucchina, 2 zucchine.
    expect([1, 2, 4].map((n) => `${zucchina!.amounts[n - 1]} ${zucchina!.names?.[n - 1]}`)).toEqual([
      "½ zucchina",
      "1 zucchina",
      "2 zucchine",
    ]);
    expect(farro!.names).toBeNull();
  });

  it("gives the photo's renditions, else the recipe's own crop, and absolute image addresses", () => {
    const crops = {
      photoId: "p",
      square: { key: "recipe-photos/s.webp", width: 960, height: 960 },
      standard: { key: "recipe-photos/m.webp", width: 1280, height: 960 },
      wide: { key: "recipe-photos/w.webp", width: 1280, height: 720 },
    };
    const orphan = record({ crops });
    expect(toRecipePageView(media, orphan).image).toEqual({
      src: "/media/recipe-photos/m.webp",
      srcSet: "",
      width: 1280,
      height: 960,
    });
    expect(recipeImageUrls(media, orphan, "https://www.studio.it")).toEqual({
      all: ["s", "m", "w"].map((name) => `https://www.studio.it/media/recipe-photos/${name}.webp`),
      share: { url: "https://www.studio.it/media/recipe-photos/w.webp", width: 1280, height: 720 },
    });
    expect(recipeImageUrls(media, record(), "https://www.studio.it")).toEqual({ all: [], share: null });
  });
});
