import { expect, test, type Page } from "../support/e2e-test";
import { expectToast } from "../support/toasts";
import { RECIPE_MESSAGES } from "~/features/recipes/messages";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { fillRecipeForm } from "../support/recipes";
import { sampleRecipe, seedPhotos } from "../support/factory";
import { viewports } from "../support/viewports";

/*
 * The practitioner writes recipes for her photos in the admin: every field checked with an Italian
 * message and nothing saved until all are right, with and without JavaScript, at phone and desktop size.
 */
let server: AppServer;

// Each test fills a form of some forty fields, some twice, and runs axe on it.
test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  const dataDir = newDataDir("e2e-recipes-admin-", { admin: true });
  await seedPhotos(dataDir, 3, { titles: ["Insalata di farro", "Vellutata di zucca", "Porridge"] });
  server = await startAppServer({ DATA_DIR: dataDir });
});

test.afterAll(async () => {
  await server?.stop();
});

const recipeRow = (page: Page, title: string) => page.locator(".recipe-admin-row").filter({ hasText: title });

async function expectNothingSaved(page: Page, title: string) {
  await page.goto(`${server.url}/admin/ricette`);
  await expect(recipeRow(page, title).getByRole("link", { name: /Scrivi la ricetta/ })).toBeVisible();
}

test.describe("with JavaScript, at phone size", () => {
  test.use({ viewport: viewports[0] });

  test("bad inputs get Italian messages next to their fields and nothing is saved; a complete recipe is published", async ({
    page,
  }) => {
    await signInAsAdmin(page, server);
    // On a phone the panel's sections are behind the one "Menu" button.
    await page.locator(".admin-menu__button").click();
    await page.getByRole("navigation", { name: "Sezioni del pannello" }).getByRole("link", { name: "Ricette" }).click();
    await page.getByRole("link", { name: "Scrivi la ricetta: Insalata di farro" }).click();
    await expect(page.getByRole("heading", { name: "Nuova ricetta", level: 1 })).toBeVisible();
    // The photo's title is the recipe's first title; the reminder sits beside the free-text fields.
    await expect(page.getByLabel("Titolo", { exact: true })).toHaveValue("Insalata di farro");
    await expect(page.getByText(RECIPE_MESSAGES.healthClaims)).toHaveCount(2);
    await expectNoAxeViolations(page, { include: "main" });

    const recipe = sampleRecipe();
    await fillRecipeForm(page, { ...recipe, ingredients: recipe.ingredients.slice(0, 2) });
    await page.getByLabel("Porzioni", { exact: true }).fill("0");
    await page.locator(".recipe-form__ingredient").nth(1).getByLabel("Quantità").fill("due etti");
    await page.getByLabel("di cui acidi grassi saturi (g)").fill("20");
    await page.getByLabel("Energia (kJ)").fill("100");
    await page.getByRole("button", { name: "Salva la ricetta" }).click();

    await expect(page.getByText(RECIPE_MESSAGES.servingsInvalid).first()).toBeVisible();
    await expect(page.getByLabel("Porzioni", { exact: true })).toBeFocused();
    // Its label is in view below the fixed header, not under it.
    await expect
      .poll(async () => {
        const header = (await page.locator(".site-header").boundingBox())!;
        const label = (await page.locator("label.field__label", { hasText: /^Porzioni/ }).boundingBox())!;
        return label.y >= header.y + header.height;
      })
      .toBe(true);
    for (const message of [
      RECIPE_MESSAGES.quantityInvalid,
      RECIPE_MESSAGES.saturatesOverFat,
      RECIPE_MESSAGES.energyMismatch,
    ]) {
      await expect(page.locator(".field__error").filter({ hasText: message })).toBeVisible();
    }
    await expectNoAxeViolations(page, { include: "main" });

    // The server refuses the same form on its own (a browser that skipped the check).
    const refused = await page.evaluate(async () => {
      const form = document.querySelector<HTMLFormElement>(".recipe-form")!;
      const response = await fetch(location.pathname, { method: "POST", body: new FormData(form) });
      return response.status;
    });
    expect(refused).toBe(400);
    await expectNothingSaved(page, "Insalata di farro");

    await page.getByRole("link", { name: "Scrivi la ricetta: Insalata di farro" }).click();
    await fillRecipeForm(page, recipe);
    await page.getByRole("button", { name: "Salva la ricetta" }).click();
    await expectToast(page, RECIPE_MESSAGES.published);
    await expect(page).toHaveURL(/\/admin\/ricette\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "Modifica la ricetta", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "/ricette/insalata-di-farro" })).toBeVisible();
    // Every field comes back as saved.
    await expect(page.locator(".recipe-form__ingredient")).toHaveCount(recipe.ingredients.length);
    await expect(page.locator(".recipe-form__ingredient").nth(2).getByLabel("Sezione")).toHaveValue(
      "Per il condimento",
    );
    await expect(page.getByLabel("Grassi (g)")).toHaveValue("12,5");

    await page.getByRole("link", { name: "Tutte le ricette" }).click();
    await expect(recipeRow(page, "Insalata di farro")).toContainText("Pubblicata");
  });
});

test.describe("without JavaScript, at desktop size", () => {
  test.use({ javaScriptEnabled: false, viewport: viewports[1] });

  test("the form posts as it is: rows are added by the server, refusals keep what was typed, a save redirects", async ({
    page,
  }) => {
    await signInAsAdmin(page, server);
    await page.goto(`${server.url}/admin/ricette`);
    await page.getByRole("link", { name: "Scrivi la ricetta: Vellutata di zucca" }).click();
    const recipe = sampleRecipe({
      slug: "vellutata-di-zucca",
      title: "Vellutata di zucca",
      category: "cena",
      status: "draft",
    });
    await fillRecipeForm(page, recipe);
    await expect(page.locator(".recipe-form__ingredient")).toHaveCount(recipe.ingredients.length);
    await expect(page.getByLabel("Titolo", { exact: true })).toHaveValue("Vellutata di zucca");

    await page.getByLabel("Peso di una porzione (g)").fill("un piatto");
    await page.getByLabel("Indirizzo della pagina").fill("Vellutata di Zucca!");
    await page.getByRole("button", { name: "Salva la ricetta" }).click();
    await expect(page.getByText(RECIPE_MESSAGES.portionInvalid)).toBeVisible();
    await expect(page.locator(".field__error").filter({ hasText: RECIPE_MESSAGES.slugFormat })).toBeVisible();
    await expect(page.getByLabel("Passaggi")).toHaveValue(recipe.steps.map((s) => s.text).join("\n"));

    await page.getByLabel("Peso di una porzione (g)").fill("300");
    await page.getByLabel("Indirizzo della pagina").fill("");
    await page.getByRole("button", { name: "Salva la ricetta" }).click();
    await expect(page).toHaveURL(/\/admin\/ricette\/[0-9a-f-]{36}$/);
    await expectToast(page, RECIPE_MESSAGES.created);
    await expect(page.getByLabel("Indirizzo della pagina")).toHaveValue("vellutata-di-zucca");
    await expect(page.getByLabel("Bozza")).toBeChecked();
  });
});

test("a recipe is edited and deleted, and its photo is free again", async ({ page }) => {
  await signInAsAdmin(page, server);
  await page.goto(`${server.url}/admin/ricette`);
  await page.getByRole("link", { name: "Scrivi la ricetta: Porridge" }).click();
  await fillRecipeForm(page, sampleRecipe({ slug: "", title: "Porridge", category: "colazione", status: "draft" }));
  await page.getByRole("button", { name: "Salva la ricetta" }).click();
  await expectToast(page, RECIPE_MESSAGES.created);
  await expect(page).toHaveURL(/\/admin\/ricette\/[0-9a-f-]{36}$/);
  // The saved recipe's own form, once the page shows it.
  await expect(page.getByRole("heading", { name: "Modifica la ricetta", level: 1 })).toBeVisible();

  await page.getByLabel("Titolo", { exact: true }).fill("Porridge di avena");
  await page.getByRole("button", { name: "Salva la ricetta" }).click();
  await expectToast(page, RECIPE_MESSAGES.saved);

  await page.getByRole("link", { name: "Tutte le ricette" }).click();
  await expectNoAxeViolations(page, { include: "main" });
  await recipeRow(page, "Porridge di avena")
    .getByRole("button", { name: /Elimina la ricetta/ })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Elimina" }).click();
  await expectToast(page, RECIPE_MESSAGES.deleted);
  await expect(page.getByRole("link", { name: "Scrivi la ricetta: Porridge" })).toBeVisible();
});
