import { expect, test, type Page } from "../support/e2e-test";
import { signInAsAdmin } from "../support/admin-browser";
import { expectNoAxeViolations } from "../support/axe";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { sampleRecipe, seedPhotos, testImage } from "../support/factory";
import { gotoHydrated } from "../support/hydration";
import { fillRecipeForm } from "../support/recipes";
import { viewports } from "../support/viewports";
import { saveScreenshot } from "../support/screenshots";

/*
 * On her phone (390 px): with no photo in the slideshow, "Nuova ricetta" is offered
 * and the recipe is saved with her own photo, uploaded in the editor with its description, with and
 * without JavaScript; /ricette and the recipe's page show it.
 */
const phone = viewports[0];
let server: AppServer;
let dataDir: string;

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  dataDir = newDataDir("e2e-recipe-own-photo-", { admin: true });
  server = await startAppServer({ DATA_DIR: dataDir });
});
test.afterAll(async () => {
  await server?.stop();
});

/** The picture has arrived and decoded (not only an <img> in the page). */
const loaded = (page: Page, name: string) =>
  expect
    .poll(() => page.getByRole("img", { name }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

async function writeWithOwnPhoto(page: Page, title: string, slug: string, alt: string, index: number) {
  await signInAsAdmin(page, server);
  await page.goto(`${server.url}/admin/ricette`);
  await expect(page.getByText("Nella presentazione non ci sono ancora foto.")).toBeVisible();
  await page.getByRole("link", { name: "Nuova ricetta" }).click();
  await expect(page.getByRole("heading", { name: "Nuova ricetta", level: 1 })).toBeVisible();
  // No slideshow photo to choose, and nothing saying one is needed.
  await expect(page.getByRole("group", { name: "Foto della presentazione" })).toHaveCount(0);
  const recipe = sampleRecipe({ title, slug, ingredients: sampleRecipe().ingredients.slice(0, 2) });
  await fillRecipeForm(page, recipe);
  // Sent without a photo first: the upload field says what is missing, nothing is saved.
  await page.getByRole("button", { name: "Salva la ricetta" }).click();
  await expect(page.locator("[id$='-image-error']")).toHaveText(
    "Carica una foto della ricetta, oppure scegline una della presentazione.",
  );
  await page.getByLabel("Carica la foto della ricetta").setInputFiles({
    name: `${slug}.jpg`,
    mimeType: "image/jpeg",
    buffer: await testImage(index, 1600, 1200),
  });
  await page.getByLabel("Descrizione della foto").fill(alt);
  await page.getByRole("button", { name: "Salva la ricetta" }).click();
  // The photo is decoded and re-encoded in its turn: a loaded machine may take a while.
  await expect(page.getByRole("heading", { name: "Modifica la ricetta", level: 1 })).toBeVisible({ timeout: 60_000 });
  // The editor shows her photo, to be replaced if she likes.
  await expect(page.getByLabel("Sostituisci la foto (facoltativo)")).toBeVisible();
  await expect(page.getByLabel("Descrizione della foto")).toHaveValue(alt);
}

test("with JavaScript: a new recipe with her own photo, no slideshow photo, shown on /ricette and its page", async ({
  page,
  browser,
}) => {
  await page.setViewportSize(phone);
  const alt = "Crostata di albicocche su un tagliere di legno";
  await gotoHydrated(page, `${server.url}/admin-login`);
  await writeWithOwnPhoto(page, "Crostata di albicocche", "crostata-di-albicocche", alt, 1);
  await expectNoAxeViolations(page, { include: "main" });
  await saveScreenshot(page, "ricetta-foto-propria-editor-390");

  const visitor = await (await browser.newContext({ viewport: phone })).newPage();
  // No photo in the slideshow, yet the home and every page's footer lead to the recipes.
  await visitor.goto(`${server.url}/home`);
  await expect(visitor.locator("#ricette").getByRole("link", { name: "Tutte le ricette" })).toHaveAttribute(
    "href",
    "/ricette",
  );
  await expect(visitor.locator("footer").getByRole("link", { name: "Ricette" })).toHaveAttribute("href", "/ricette");
  await visitor.goto(`${server.url}/ricette`);
  const card = visitor.locator("article, li").filter({ hasText: "Crostata di albicocche" }).first();
  await expect(card).toBeVisible();
  await expect
    .poll(() => card.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await visitor.goto(`${server.url}/ricette/crostata-di-albicocche`);
  await loaded(visitor, alt);
  await expectNoAxeViolations(visitor);
  await saveScreenshot(visitor, "ricetta-foto-propria-pagina-390");
  await visitor.setViewportSize(viewports[1]);
  await saveScreenshot(visitor, "ricetta-foto-propria-pagina-1440");
  await visitor.context().close();
});

test("without JavaScript: the same upload form posts as it is, and the recipe's page shows her photo", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
  const page = await context.newPage();
  const alt = "Vellutata di zucca in una scodella blu";
  await writeWithOwnPhoto(page, "Vellutata di zucca", "vellutata-di-zucca", alt, 2);
  await page.goto(`${server.url}/ricette/vellutata-di-zucca`);
  await loaded(page, alt);
  await context.close();
});

test("'Rimuovi la foto': her photo is deleted, the recipe shows its slideshow photo, or none", async ({ page }) => {
  await page.setViewportSize(phone);
  await signInAsAdmin(page, server);
  const [slideshow] = await seedPhotos(dataDir, 1, { titles: ["Zucca al forno"] });
  const ownPhotoSrc = () => page.locator(".recipe-form__own-photo img").getAttribute("src");
  const remove = async (title: string) => {
    await page.goto(`${server.url}/admin/ricette`);
    await page.getByRole("link", { name: title }).first().click();
    await expect(page.getByRole("heading", { name: "Modifica la ricetta", level: 1 })).toBeVisible();
    const src = (await ownPhotoSrc())!;
    expect((await fetch(`${server.url}${src}`)).status).toBe(200);
    return src;
  };

  // With a slideshow photo chosen: it becomes the recipe's picture.
  const vellutata = await remove("Vellutata di zucca");
  await page
    .getByRole("group", { name: "Foto della presentazione" })
    .getByRole("radio", { name: "Zucca al forno" })
    .check();
  await page.getByLabel("Rimuovi la foto").check();
  await expectNoAxeViolations(page, { include: "main" });
  await saveScreenshot(page, "ricetta-rimuovi-foto-390");
  await page.getByRole("button", { name: "Salva la ricetta" }).click();
  await expect(page.getByLabel("Carica la foto della ricetta (facoltativo)")).toBeVisible();
  await expect(page.getByLabel("Rimuovi la foto")).toHaveCount(0);
  await expect(page.locator(".recipe-form__own-photo")).toHaveCount(0);
  // Deleted from storage once saved.
  await expect.poll(async () => (await fetch(`${server.url}${vellutata}`)).status).toBe(404);
  const page1 = await (await fetch(`${server.url}/ricette/vellutata-di-zucca`)).text();
  expect(page1).not.toContain("Vellutata di zucca in una scodella blu");
  expect(page1).toContain(`recipe-photos/`);
  expect(page1).not.toContain(vellutata);
  expect(slideshow).toBeTruthy();

  // With none: the recipe has no picture.
  const crostata = await remove("Crostata di albicocche");
  await page.getByLabel("Rimuovi la foto").check();
  await page.getByRole("button", { name: "Salva la ricetta" }).click();
  await expect(page.getByLabel("Carica la foto della ricetta")).toBeVisible();
  await expect.poll(async () => (await fetch(`${server.url}${crostata}`)).status).toBe(404);
  const page2 = await (await fetch(`${server.url}/ricette/crostata-di-albicocche`)).text();
  expect(page2).not.toContain('class="recipe__image"');
});
