import { RECIPE_MESSAGES } from "~/features/recipes/messages";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "../support/e2e-test";
import { waitForLiveStream } from "../support/event-stream";
import { expectToast } from "../support/toasts";
import { sampleArticle, sampleRecipe, seedArticles, seedPhotos, seedRecipes } from "../support/factory";
import { viewports } from "../support/viewports";
import { saveScreenshot } from "../support/screenshots";

/*
 * A patient finds the articles from any page (the footer), and each article suggests the
 * recipes sharing a word with it and the articles sharing a category, then the newest; an open page
 * follows a related recipe she edits.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });
test.use({ viewport: viewports[0] });

let server: AppServer;
let porridgeId: string;
const day = 24 * 60 * 60_000;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = newDataDir("e2e-articles-related-", { admin: true });
  // Her editor saves a recipe only with its photo.
  const [photo] = await seedPhotos(dataDir, 1, { titles: ["Porridge"] });
  const [porridge] = await seedRecipes(dataDir, [
    sampleRecipe({
      photoId: photo!.id,
      slug: "porridge-di-avena",
      title: "Porridge di avena",
      description: "Fiocchi cotti nel latte, con frutta di stagione.",
      category: "colazione",
      tags: [],
    }),
    sampleRecipe(),
  ]);
  porridgeId = porridge!.id;
  const published = (daysAgo: number) => ({
    status: "published" as const,
    publishAt: new Date(Date.now() - daysAgo * day),
  });
  await seedArticles(dataDir, [
    sampleArticle({ slug: "avena-a-colazione", title: "L'avena a colazione", ...published(3) }),
    sampleArticle({ slug: "frutta-di-stagione", title: "Frutta di stagione", ...published(10) }),
    sampleArticle({
      slug: "bere-durante-lo-sport",
      title: "Bere durante lo sport",
      excerpt: "Quanta acqua serve in allenamento.",
      categories: ["sport"],
      ...published(1),
    }),
    sampleArticle({
      slug: "il-sonno-e-la-fame",
      title: "Il sonno e la fame",
      excerpt: "Dormire poco cambia l'appetito.",
      categories: ["stili-di-vita"],
      ...published(20),
    }),
    sampleArticle({ slug: "una-bozza", title: "Una bozza" }),
  ]);
  server = await startAppServer({ DATA_DIR: dataDir });
});
test.afterAll(async () => {
  await server?.stop();
});

test("from the home page's footer a patient reaches the articles, without JavaScript too", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: viewports[0] });
  const page = await context.newPage();
  await page.goto(`${server.url}/home`);
  await page.getByRole("contentinfo").getByRole("link", { name: "Articoli", exact: true }).click();
  await expect(page).toHaveURL(/\/articoli$/);
  await expect(page.getByRole("link", { name: "L'avena a colazione" })).toBeVisible();
  await context.close();
});

test("an article suggests the recipes sharing its words and the articles sharing its category, then the newest", async ({
  page,
  browser,
}) => {
  await page.goto(`${server.url}/articoli/avena-a-colazione`);
  const recipes = page.getByRole("region", { name: "Ricette correlate" });
  await expect(recipes.getByRole("link")).toHaveText(["Porridge di avena"]);
  // The same category first (though older), then the newest other; never a draft, never itself.
  await expect(page.getByRole("region", { name: "Da leggere anche" }).getByRole("heading", { level: 3 })).toHaveText([
    "Frutta di stagione",
    "Bere durante lo sport",
    "Il sonno e la fame",
  ]);
  await expectNoAxeViolations(page);
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await saveScreenshot(page, `article-related-${viewport.width}`, { fullPage: true });
  }
  await page.setViewportSize(viewports[0]);

  // The salad is tagged for sportspeople ("sportivi", stem "sport").
  await page.goto(`${server.url}/articoli/bere-durante-lo-sport`);
  await expect(page.getByRole("region", { name: "Ricette correlate" }).getByRole("link")).toHaveText([
    "Insalata di farro",
  ]);
  // No recipe shares a word with this one: the newest recipes, and the heading says so.
  await page.goto(`${server.url}/articoli/il-sonno-e-la-fame`);
  await expect(page.getByRole("region", { name: "Ricette correlate" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Dalle ricette" }).getByRole("link")).toHaveCount(2);

  // She renames the related recipe: the open article page follows.
  await page.goto(`${server.url}/articoli/avena-a-colazione`);
  await waitForLiveStream(page);
  const admin = await (await browser.newContext({ viewport: viewports[0] })).newPage();
  await signInAsAdmin(admin, server);
  await admin.goto(`${server.url}/admin/ricette/${porridgeId}`);
  await admin.getByLabel("Titolo", { exact: true }).fill("Porridge di avena e mele");
  await admin.getByRole("button", { name: "Salva la ricetta" }).click();
  await expectToast(admin, RECIPE_MESSAGES.published);
  await expect(recipes.getByRole("link")).toHaveText(["Porridge di avena e mele"]);
  await admin.context().close();
});
