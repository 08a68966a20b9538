import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { RECIPE_MESSAGES as M } from "./messages";
import { recipeFormSchema, stepLines, toFormDefaults, toRecipeData } from "./recipe-form";
import { sampleRecipe } from "../../../tests/support/factory";

const PHOTO = "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";

/** The form as the browser posts it: every field a string, nested names as paths. */
function formData(values: Record<string, unknown>, prefix = "", form = new FormData()): FormData {
  for (const [key, value] of Object.entries(values)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        if (typeof item === "object") formData(item, `${name}[${i}]`, form);
        else form.append(name, String(item));
      });
    } else if (typeof value === "object" && value !== null) formData(value as Record<string, unknown>, name, form);
    else form.append(name, String(value));
  }
  return form;
}

const validForm = (changes: Record<string, unknown> = {}) =>
  formData({ ...toFormDefaults(sampleRecipe({ photoId: PHOTO })), ...changes });

const parse = (form: FormData) => parseSubmission(form, recipeFormSchema);
const errors = (form: FormData) => {
  const submission = parse(form);
  return submission.status === "error" ? submission.error : null;
};

describe("the recipe form", () => {
  it("gives back the recipe it was filled with (a saved recipe's form saves it unchanged)", () => {
    const submission = parse(validForm());
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(toRecipeData(submission.value)).toEqual(sampleRecipe({ photoId: PHOTO }));
  });

  it("reads Italian decimals, fractions, one checked tag, and makes the address and the kJ when left blank", () => {
    const form = validForm({ slug: "", tags: ["vegana"] });
    form.set("ingredients[0].quantity", "1/2");
    form.set("ingredients[0].unit", "kg");
    form.set("nutrition.fat", "12,5");
    form.set("nutrition.energyKj", "");
    const submission = parse(form);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const data = toRecipeData(submission.value);
    expect(data.slug).toBe("insalata-di-farro");
    expect(data.tags).toEqual(["vegana"]);
    expect(data.ingredients[0]).toMatchObject({ quantity: 0.5, unit: "kg" });
    expect(data.nutrition).toMatchObject({ fat: 12.5, energyKcal: 420, energyKj: 1757 });
  });

  it("takes the steps one per line, dropping blank lines and pasted numbering", () => {
    expect(stepLines("1. Lava il farro.\n\n2) Cuocilo.\r\n- Scolalo.\n  Servi.  ")).toEqual([
      "Lava il farro.",
      "Cuocilo.",
      "Scolalo.",
      "Servi.",
    ]);
  });

  it("answers every bad field with its Italian message", () => {
    const form = validForm({
      // Blank is allowed (her own photo will do: the save checks there is one); a wrong one is not.
      photoId: "non-valido",
      title: " ",
      slug: "Non Valido!",
      description: "",
      category: "merenda",
      servings: "0",
      prepMinutes: "un'ora",
      cookMinutes: "-5",
      portionGrams: "250,5",
      steps: "\n \n",
      status: "visibile",
    });
    expect(errors(form)).toMatchObject({
      photoId: [M.photoGone],
      title: [M.titleMissing],
      slug: [M.slugFormat],
      description: [M.descriptionMissing],
      category: [M.categoryMissing],
      servings: [M.servingsInvalid],
      prepMinutes: [M.prepInvalid],
      cookMinutes: [M.cookInvalid],
      portionGrams: [M.portionInvalid],
      steps: [M.stepsMissing],
      status: [M.statusInvalid],
    });
  });

  it("checks each ingredient: a name, a quantity unless «q.b.», none with it, a unit from the list", () => {
    const form = validForm();
    form.set("ingredients[0].name", "");
    form.set("ingredients[1].quantity", "due etti");
    form.set("ingredients[2].quantity", "");
    form.set("ingredients[3].unit", "manciata");
    form.set("ingredients[4].quantity", "1");
    expect(errors(form)).toMatchObject({
      "ingredients[0].name": [M.ingredientName],
      "ingredients[1].quantity": [M.quantityInvalid],
      "ingredients[2].quantity": [M.quantityMissing],
      "ingredients[3].unit": [M.unitInvalid],
      "ingredients[4].quantity": [M.quantityWithQb],
    });
  });

  it("checks the nutrition table: numbers, energy first, kJ matching kcal, parts within their totals", () => {
    const bad = (nutrition: Record<string, string>) => {
      const form = validForm();
      for (const [key, value] of Object.entries(nutrition)) form.set(`nutrition.${key}`, value);
      return errors(form);
    };
    expect(bad({ protein: "-3" })).toMatchObject({ "nutrition.protein": [M.nutrientInvalid] });
    expect(bad({ fat: "tanto" })).toMatchObject({ "nutrition.fat": [M.nutrientInvalid] });
    expect(bad({ energyKcal: "420,5" })).toMatchObject({ "nutrition.energyKcal": [M.energyInvalid] });
    expect(bad({ energyKcal: "" })).toMatchObject({ "nutrition.energyKcal": [M.energyMissing] });
    expect(bad({ energyKj: "420" })).toMatchObject({ "nutrition.energyKj": [M.energyMismatch] });
    expect(bad({ saturates: "13" })).toMatchObject({ "nutrition.saturates": [M.saturatesOverFat] });
    expect(bad({ sugars: "60" })).toMatchObject({ "nutrition.sugars": [M.sugarsOverCarbohydrate] });
    // No values at all is a recipe without a table.
    const none = Object.fromEntries(Object.keys(sampleRecipe().nutrition).map((key) => [key, ""]));
    expect(bad(none)).toBeNull();
  });

  it("refuses a recipe without ingredients or with too many steps", () => {
    const form = validForm();
    for (const key of [...form.keys()]) if (key.startsWith("ingredients")) form.delete(key);
    form.set("steps", Array.from({ length: 31 }, (_, i) => `Passaggio ${i + 1}`).join("\n"));
    expect(errors(form)).toMatchObject({ ingredients: [M.ingredientsMissing], steps: [M.stepsTooMany] });
  });
});
