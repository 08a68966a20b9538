import { describe, expect, it } from "vitest";
import type { Ingredient } from "./recipe";
import {
  formatAmount,
  groupIngredients,
  ingredientLine,
  ingredientName,
  parseQuantity,
  quantityForm,
  scaleAmount,
  type Amount,
} from "./quantities";

const scaled = (amount: Amount, factor: number) => formatAmount(scaleAmount(amount, factor));

describe("quantities as typed", () => {
  it("reads whole numbers, decimals with a comma or a dot, and fractions", () => {
    expect(parseQuantity("200")).toBe(200);
    expect(parseQuantity("1,5")).toBe(1.5);
    expect(parseQuantity(" 0.25 ")).toBe(0.25);
    expect(parseQuantity("1/2")).toBe(0.5);
    expect(parseQuantity("1 1/2")).toBe(1.5);
    expect(parseQuantity("1 e 1/2")).toBe(1.5);
    expect(parseQuantity("½")).toBe(0.5);
    expect(parseQuantity("2¾")).toBe(2.75);
  });

  it("refuses what is not a quantity", () => {
    for (const text of ["", "due", "-1", "1/0", "1,2,3", "1e3", "Infinity", "0x10"])
      expect(parseQuantity(text), text).toBeNull();
  });
});

describe("scaling for another number of servings", () => {
  it("halves every quantity from 4 servings to 2", () => {
    const half = 2 / 4;
    expect(scaled({ quantity: 200, unit: "g" }, half)).toBe("100 g");
    expect(scaled({ quantity: 500, unit: "ml" }, half)).toBe("250 ml");
    expect(scaled({ quantity: 2, unit: "cucchiaio" }, half)).toBe("1 cucchiaio");
    expect(scaled({ quantity: 4, unit: "pezzo" }, half)).toBe("2");
    expect(scaled({ quantity: 1, unit: "pezzo" }, half)).toBe("½");
    expect(scaled({ quantity: 3, unit: "cucchiaino" }, half)).toBe("1 ½ cucchiaini");
    expect(scaled({ quantity: 1, unit: "kg" }, half)).toBe("500 g");
  });

  it("rounds to what a scale or a spoon measures, and keeps units readable", () => {
    expect(scaled({ quantity: 250, unit: "g" }, 1 / 3)).toBe("83 g");
    expect(scaled({ quantity: 500, unit: "g" }, 1 / 3)).toBe("165 g");
    expect(scaled({ quantity: 333, unit: "g" }, 2)).toBe("670 g");
    expect(scaled({ quantity: 7, unit: "g" }, 1 / 4)).toBe("2 g");
    expect(scaled({ quantity: 1, unit: "g" }, 1 / 4)).toBe("0,5 g");
    expect(scaled({ quantity: 600, unit: "g" }, 2)).toBe("1,2 kg");
    expect(scaled({ quantity: 750, unit: "ml" }, 5 / 3)).toBe("1,25 l");
    expect(scaled({ quantity: 1.5, unit: "l" }, 1 / 4)).toBe("380 ml");
    expect(scaled({ quantity: 1, unit: "cucchiaio" }, 1 / 3)).toBe("¼ cucchiaio");
    expect(scaled({ quantity: 3, unit: "pezzo" }, 5)).toBe("15");
    expect(scaled({ quantity: 1, unit: "pizzico" }, 1 / 2)).toBe("1 pizzico");
    expect(scaled({ quantity: 1, unit: "pizzico" }, 3)).toBe("3 pizzichi");
    expect(scaled({ quantity: null, unit: "qb" }, 3)).toBe("q.b.");
  });

  it("shows the amount exactly as written for the servings she wrote it for", () => {
    expect(scaled({ quantity: 333, unit: "g" }, 1)).toBe("333 g");
    expect(scaled({ quantity: 0.3, unit: "pezzo" }, 1)).toBe("0,3");
    expect(scaled({ quantity: 1.5, unit: "cucchiaio" }, 1)).toBe("1 ½ cucchiai");
  });
});

describe("Italian plural forms", () => {
  it("follows Italian's rule for units and for a counted ingredient's own words, a part of one read as singular", () => {
    const words = ["zucchina", "zucchine"] as const;
    expect([0.25, 0.5, 1, 1.5, 2, 12].map((n) => quantityForm(n, words))).toEqual([
      "zucchina",
      "zucchina",
      "zucchina",
      "zucchine",
      "zucchine",
      "zucchine",
    ]);
    expect(scaled({ quantity: 1, unit: "spicchio" }, 2)).toBe("2 spicchi");
    expect(scaled({ quantity: 1, unit: "fetta" }, 1.5)).toBe("1 ½ fette");
  });

  it("names a counted ingredient in the form its scaled number wants, when she gave its plural", () => {
    const zucchina = { name: "zucchina", plural: "zucchine" };
    const amount = { quantity: 1, unit: "pezzo" } as const;
    expect(ingredientName(zucchina, scaleAmount(amount, 2))).toBe("zucchine");
    expect(ingredientName(zucchina, scaleAmount(amount, 1))).toBe("zucchina");
    expect(ingredientName(zucchina, scaleAmount(amount, 0.5))).toBe("zucchina");
    // With a unit the name does not follow the number ("2 cucchiai" of "olio"), nor without a plural.
    expect(ingredientName({ name: "olio", plural: "oli" }, { quantity: 2, unit: "cucchiaio" })).toBe("olio");
    expect(ingredientName({ name: "uova" }, { quantity: 1, unit: "pezzo" })).toBe("uova");
  });
});

describe("ingredient lines", () => {
  const ingredient = (fields: Partial<Ingredient>): Ingredient => ({
    section: null,
    quantity: 1,
    unit: "pezzo",
    name: "limone",
    note: null,
    ...fields,
  });

  it("writes each ingredient in one line, as search engines read it", () => {
    expect(ingredientLine(ingredient({ quantity: 200, unit: "g", name: "farro perlato", note: "sciacquato" }))).toBe(
      "200 g farro perlato (sciacquato)",
    );
    expect(ingredientLine(ingredient({ quantity: 2, name: "uova" }))).toBe("2 uova");
    expect(ingredientLine(ingredient({ quantity: 2, name: "zucchina", plural: "zucchine" }))).toBe("2 zucchine");
    expect(ingredientLine(ingredient({ quantity: null, unit: "qb", name: "sale" }))).toBe("sale q.b.");
  });

  it("groups consecutive ingredients of the same section, in order", () => {
    const list = [
      ingredient({ name: "a" }),
      ingredient({ name: "b", section: "Per il condimento" }),
      ingredient({ name: "c", section: "Per il condimento" }),
      ingredient({ name: "d", section: "Per servire" }),
    ];
    expect(groupIngredients(list).map((g) => [g.section, g.items.map((i) => i.name)])).toEqual([
      [null, ["a"]],
      ["Per il condimento", ["b", "c"]],
      ["Per servire", ["d"]],
    ]);
  });
});
