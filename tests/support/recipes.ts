import { expect, type Page } from "@playwright/test";
import type { RecipeData } from "~/features/recipes/recipe";
import { toFormDefaults } from "~/features/recipes/recipe-form";

/** The editor's controls of ingredient row `index` (labels repeat in every row). */
const row = (page: Page, index: number) => page.locator(".recipe-form__ingredient").nth(index);

/**
 * Fills the recipe editor as the practitioner would, every field from `recipe` (the photo is
 * chosen by its thumbnail's label, its title), adding ingredient rows with the editor's own button.
 */
export async function fillRecipeForm(page: Page, recipe: RecipeData, photoLabel?: string) {
  const form = toFormDefaults(recipe);
  if (photoLabel)
    await page
      .getByRole("group", { name: "Foto della presentazione" })
      .getByRole("radio", { name: photoLabel, exact: true })
      .check();
  await page.getByLabel("Titolo", { exact: true }).fill(form.title);
  await page.getByLabel("Indirizzo della pagina").fill(form.slug);
  await page.getByLabel("Descrizione breve").fill(form.description);
  await page.getByLabel("Categoria").selectOption(form.category);
  await page.getByLabel("Cucina").fill(form.cuisine);
  for (const box of await page.locator('input[name="tags"]').all()) {
    await box.setChecked(form.tags.includes((await box.getAttribute("value"))!));
  }
  await page.getByLabel("Porzioni", { exact: true }).fill(form.servings);
  await page.getByLabel("Preparazione (minuti)").fill(form.prepMinutes);
  await page.getByLabel("Cottura (minuti)").fill(form.cookMinutes);
  await page.getByLabel("Peso di una porzione (g)").fill(form.portionGrams);
  for (const [index, ingredient] of form.ingredients.entries()) {
    if ((await page.locator(".recipe-form__ingredient").count()) <= index) {
      await page.getByRole("button", { name: "Aggiungi ingrediente" }).click();
      await expect(row(page, index)).toBeVisible();
    }
    await row(page, index).getByLabel("Quantità").fill(ingredient.quantity);
    await row(page, index).getByLabel("Unità").selectOption(ingredient.unit);
    await row(page, index).getByLabel("Ingrediente", { exact: true }).fill(ingredient.name);
    await row(page, index).getByLabel("Nota").fill(ingredient.note);
    await row(page, index).getByLabel("Sezione").fill(ingredient.section);
  }
  await page.getByLabel("Passaggi").fill(form.steps);
  await page.getByLabel("Nota della nutrizionista").fill(form.note);
  const nutrientLabels: Record<string, string> = {
    energyKcal: "Energia (kcal)",
    energyKj: "Energia (kJ)",
    fat: "Grassi (g)",
    saturates: "di cui acidi grassi saturi (g)",
    carbohydrate: "Carboidrati (g)",
    sugars: "di cui zuccheri (g)",
    fibre: "Fibre (g)",
    protein: "Proteine (g)",
    salt: "Sale (g)",
  };
  for (const [key, value] of Object.entries(form.nutrition)) await page.getByLabel(nutrientLabels[key]!).fill(value);
  await page.getByLabel(recipe.status === "published" ? "Pubblicata" : "Bozza").check();
}
