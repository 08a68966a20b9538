import { describe, expect, it } from "vitest";
import { kilojoulesFor, nutritionRows } from "./nutrition";
import { sampleRecipe } from "../../../tests/support/factory";

describe("the nutrition table", () => {
  it("lists the EU label's lines in its order, per portion and per 100 g of a 250 g portion", () => {
    const rows = nutritionRows(sampleRecipe().nutrition, 250);
    expect(rows.map((r) => [r.label, r.perPortion, r.per100g, r.sub])).toEqual([
      ["Energia", "1757 kJ / 420 kcal", "703 kJ / 168 kcal", false],
      ["Grassi", "12,5 g", "5 g", false],
      ["di cui acidi grassi saturi", "1,8 g", "0,7 g", true],
      ["Carboidrati", "58 g", "23,2 g", false],
      ["di cui zuccheri", "4,2 g", "1,7 g", true],
      ["Fibre", "9,1 g", "3,6 g", false],
      ["Proteine", "15,3 g", "6,1 g", false],
      ["Sale", "0,6 g", "0,24 g", false],
    ]);
  });

  it("has no per 100 g values without the portion's weight, and leaves out what she left blank", () => {
    const nutrition = { ...sampleRecipe().nutrition, energyKj: null, fibre: null, salt: null };
    const rows = nutritionRows(nutrition, null);
    expect(rows.map((r) => r.key)).toEqual(["energy", "fat", "saturates", "carbohydrate", "sugars", "protein"]);
    expect(rows.every((r) => r.per100g === null)).toBe(true);
    // kJ computed from kcal when she gave only kcal.
    expect(rows[0]!.perPortion).toBe(`${kilojoulesFor(420)} kJ / 420 kcal`);
    expect(kilojoulesFor(100)).toBe(418);
  });

  it("is empty when she gave no values", () => {
    const none = Object.fromEntries(Object.keys(sampleRecipe().nutrition).map((k) => [k, null]));
    expect(nutritionRows(none as never, 250)).toEqual([]);
  });
});
