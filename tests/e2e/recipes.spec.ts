import { expect, test, type Page } from "../support/e2e-test";
import { expectToast } from "../support/toasts";
import sharp from "sharp";
import { RECIPE_MESSAGES } from "~/features/recipes/messages";
import type { RecipeData } from "~/features/recipes/recipe";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { waitForLiveStream } from "../support/event-stream";
import { fillRecipeForm } from "../support/recipes";
import { sampleRecipe, seedPhotos, seedRecipes } from "../support/factory";
import { viewports } from "../support/viewports";

/*
 * The public recipe pages: /ricette (filters and pages in the address, without JavaScript too) and
 * /ricette/<slug> (every part, the serving control, print, schema.org data), a draft kept private,
 * and the open pages following the practitioner's edits live.
 */
const SITE_URL = "https://www.studio-esempio.it";
const RECIPE = "/ricette/insalata-di-farro";
let server: AppServer;

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  // Three photos and fourteen recipes with their crops, then a server: slow on a busy machine.
  test.setTimeout(180_000);
  const dataDir = newDataDir("e2e-recipes-", { admin: true });
  const photos = await seedPhotos(dataDir, 3, { titles: ["Insalata di farro", "Vellutata di zucca", "Porridge"] });
  // Twelve more published recipes (no photo), so the list has two pages and something to filter.
  const fillers: RecipeData[] = Array.from({ length: 12 }, (_, i) =>
    sampleRecipe({
      slug: `ricetta-${i + 1}`,
      title: `Ricetta di prova ${i + 1}`,
      category: i % 2 ? "cena" : "colazione",
      tags: i % 3 ? [] : ["senza-glutine"],
    }),
  );
  await seedRecipes(dataDir, [
    ...fillers,
    sampleRecipe({ photoId: photos[0]!.id }),
    sampleRecipe({
      photoId: photos[1]!.id,
      slug: "vellutata-di-zucca",
      title: "Vellutata di zucca",
      status: "draft",
    }),
  ]);
  server = await startAppServer({ DATA_DIR: dataDir, SITE_URL });
});

test.afterAll(async () => {
  await server?.stop();
});

const amounts = (page: Page) => page.locator("[data-amount]").allTextContents();

for (const viewport of viewports) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the recipe's page shows every part, from the page cache, and passes axe", async ({ page, request }) => {
      const response = await request.get(`${server.url}${RECIPE}`);
      expect(response.headers()["x-page-cache"]).toBe("hit");

      await page.goto(`${server.url}${RECIPE}`);
      const article = page.getByRole("article", { name: "Insalata di farro" });
      await expect(article.getByRole("heading", { name: "Insalata di farro", level: 1 })).toBeVisible();
      await expect(article.getByRole("img", { name: "Foto della ricetta: Insalata di farro" })).toBeVisible();
      await expect(article).toContainText(sampleRecipe().description);
      for (const fact of ["Preparazione20 min", "Cottura25 min", "Tempo totale45 min", "Porzioni4"]) {
        await expect(article.locator(".recipe-facts")).toContainText(fact);
      }
      await expect(article.getByRole("list", { name: "Caratteristiche" })).toContainText("Vegana");
      await expect(article.getByRole("heading", { name: "Ingredienti" })).toBeVisible();
      await expect(article.getByRole("heading", { name: "Per il condimento" })).toBeVisible();
      expect(await amounts(page)).toEqual(["200 g", "240 g", "2 cucchiai", "1"]);
      await expect(article.getByText("sale q.b.")).toBeVisible();
      const steps = article.getByRole("region", { name: "Procedimento" }).getByRole("listitem");
      await expect(steps).toHaveText(sampleRecipe().steps.map((s) => s.text));
      await expect(article.getByRole("region", { name: "Il consiglio della nutrizionista" })).toContainText(
        sampleRecipe().note!,
      );
      const table = article.getByRole("table");
      await expect(table.getByRole("columnheader")).toHaveText(["Nutriente", "Per porzione (250 g)", "Per 100 g"]);
      await expect(table.getByRole("row", { name: /Energia/ })).toContainText("1757 kJ / 420 kcal");
      await expect(table.getByRole("row", { name: /Energia/ })).toContainText("703 kJ / 168 kcal");
      await expect(table.getByRole("row", { name: /^Sale/ })).toContainText("0,6 g0,24 g");
      await expect(article.getByText(RECIPE_MESSAGES.indicativeValues)).toBeVisible();
      await expect(article.getByRole("link", { name: /Prenota una visita/ })).toHaveAttribute("target", "_blank");
      await expect(article.getByRole("link", { name: "Contatti" })).toHaveAttribute("href", "/home#contatti");
      await expectNoAxeViolations(page);
    });

    test("/ricette lists the published recipes with photo, title, time and tags, and passes axe", async ({ page }) => {
      await page.goto(`${server.url}/ricette`);
      await expect(page.getByRole("heading", { name: "Le mie ricette", level: 1 })).toBeVisible();
      const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: "Insalata di farro" }) });
      await expect(card.locator("img")).toBeVisible();
      await expect(card).toContainText("45 min");
      await expect(card.getByRole("list", { name: "Caratteristiche" })).toHaveText(/Vegana\s*Per sportivi/);
      await expect(page.getByRole("link", { name: "Vellutata di zucca" })).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  });
}

test("scaling from 4 to 2 servings halves the quantities; without JavaScript the recipe reads as written", async ({
  browser,
  page,
}) => {
  await page.goto(`${server.url}${RECIPE}`);
  const less = page.getByRole("button", { name: "Una porzione in meno" });
  // Enabled once the page's scripts run (held until after the first paint; slow on a busy machine).
  await expect(less).toBeEnabled({ timeout: 30_000 });
  await less.click();
  await less.click();
  await expect(page.locator("[data-servings]")).toHaveText("2 porzioni");
  expect(await amounts(page)).toEqual(["100 g", "120 g", "1 cucchiaio", "½"]);
  await expect(page.getByRole("status").filter({ hasText: "Quantità ricalcolate per 2 porzioni" })).toBeAttached();
  await page.getByRole("button", { name: "Una porzione in più" }).click();
  await page.getByRole("button", { name: "Una porzione in più" }).click();
  await page.getByRole("button", { name: "Una porzione in più" }).click();
  await page.getByRole("button", { name: "Una porzione in più" }).click();
  expect(await amounts(page)).toEqual(["300 g", "360 g", "3 cucchiai", "1 ½"]);
  await page.getByRole("button", { name: /Dosi originali/ }).click();
  expect(await amounts(page)).toEqual(["200 g", "240 g", "2 cucchiai", "1"]);

  const noScript = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await noScript.goto(`${server.url}${RECIPE}`);
  expect(await amounts(noScript)).toEqual(["200 g", "240 g", "2 cucchiai", "1"]);
  await expect(noScript.locator("[data-servings]")).toHaveText("4 porzioni");
  await expect(noScript.getByRole("button", { name: "Una porzione in meno" })).toBeHidden();
});

test("the print stylesheet prints the recipe alone, on one page", async ({ page }) => {
  await page.goto(`${server.url}${RECIPE}`);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("article", { name: "Insalata di farro" })).toBeVisible();
  await expect(page.getByRole("table")).toBeVisible();
  for (const hidden of [
    page.locator(".site-header"),
    page.locator(".site-footer"),
    page.getByRole("navigation"),
    page.getByRole("link", { name: "Tutte le ricette" }),
    page.getByRole("button", { name: "Stampa la ricetta" }),
    page.getByRole("button", { name: "Una porzione in meno" }),
    page.getByRole("region", { name: "Un piano alimentare su misura" }),
  ]) {
    await expect(hidden.first()).toBeHidden();
  }
  const pdf = (await page.pdf({ format: "A4" })).toString("latin1");
  expect(pdf.match(/\/Type\s*\/Page\b(?!s)/g)).toHaveLength(1);
});

test("the schema.org Recipe data parses, has the recommended properties, ISO 8601 times and three image shapes", async ({
  page,
  request,
}) => {
  await page.goto(`${server.url}${RECIPE}`);
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  const data = scripts.map((text) => JSON.parse(text)).find((item) => item["@type"] === "Recipe");
  expect(data).toBeDefined();
  for (const key of [
    "name",
    "image",
    "author",
    "datePublished",
    "description",
    "prepTime",
    "cookTime",
    "totalTime",
    "recipeYield",
    "recipeCategory",
    "recipeCuisine",
    "keywords",
    "recipeIngredient",
    "recipeInstructions",
    "nutrition",
  ]) {
    expect(data, key).toHaveProperty(key);
  }
  expect(data).not.toHaveProperty("aggregateRating");
  expect(data).not.toHaveProperty("review");
  const iso = /^PT(?=\d)(?:(\d+)H)?(?:(\d+)M)?$/;
  const minutes = (value: string) => {
    const [, h = "0", m = "0"] = value.match(iso) ?? [];
    return Number(h) * 60 + Number(m);
  };
  for (const key of ["prepTime", "cookTime", "totalTime"]) expect(data[key]).toMatch(iso);
  expect([minutes(data.prepTime), minutes(data.cookTime), minutes(data.totalTime)]).toEqual([20, 25, 45]);
  expect(new Date(data.datePublished).toString()).not.toBe("Invalid Date");
  expect(data.author).toMatchObject({ "@type": "Person", name: "Dott.ssa Giulia Ferrari" });
  expect(data.recipeInstructions[0]).toMatchObject({ "@type": "HowToStep", position: 1 });
  expect(data.nutrition).toMatchObject({ "@type": "NutritionInformation", calories: "420 kcal" });
  expect(data.url).toBe(`${SITE_URL}${RECIPE}`);

  // Three images, 1:1, 4:3 and 16:9, each served.
  expect(data.image).toHaveLength(3);
  const ratios: number[] = [];
  for (const url of data.image as string[]) {
    expect(url.startsWith(`${SITE_URL}/media/`)).toBe(true);
    const image = await request.get(`${server.url}${new URL(url).pathname}`);
    expect(image.status()).toBe(200);
    const { width, height } = await sharp(await image.body()).metadata();
    ratios.push(Math.round((width! / height!) * 100) / 100);
  }
  expect(ratios).toEqual([1, 1.33, 1.78]);

  // Canonical and share cards: the recipe's own 16:9 picture.
  const meta = (key: string) => page.locator(`meta[property="${key}"]`).getAttribute("content");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${SITE_URL}${RECIPE}`);
  expect(await meta("og:type")).toBe("article");
  expect(await meta("og:image")).toBe(data.image[2]);
  expect(await page.title()).toContain("Insalata di farro");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: viewports[0] });

  test("filters and pages live in the address", async ({ page }) => {
    await page.goto(`${server.url}/ricette`);
    await expect(page.getByText("13 ricette")).toBeVisible();
    await expect(page.getByText("Pagina 1 di 2")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ has: page.getByRole("article") })).toHaveCount(12);
    await page.getByRole("link", { name: "Pagina successiva" }).click();
    await expect(page).toHaveURL(/\/ricette\?pagina=2$/);
    await expect(page.getByRole("listitem").filter({ has: page.getByRole("article") })).toHaveCount(1);

    await page.getByLabel("Categoria").selectOption("colazione");
    await page.getByLabel("Caratteristica").selectOption("senza-glutine");
    await page.getByRole("button", { name: "Filtra" }).click();
    await expect(page).toHaveURL(/\/ricette\?categoria=colazione&tag=senza-glutine$/);
    // Fillers 1, 7 (index 0 and 6): breakfast and gluten-free.
    const titles = page.locator(".recipe-card__title");
    await expect(titles).toHaveText(["Ricetta di prova 7", "Ricetta di prova 1"]);
    await expect(page.getByLabel("Categoria")).toHaveValue("colazione");

    await page.getByLabel("Categoria").selectOption("pranzo");
    await page.getByRole("button", { name: "Filtra" }).click();
    await expect(page.getByText("Nessuna ricetta corrisponde ai filtri.")).toBeVisible();
    await page.getByRole("link", { name: "Mostra tutte le ricette" }).first().click();
    await expect(page).toHaveURL(/\/ricette$/);
    await expect(page.getByText("13 ricette")).toBeVisible();
  });
});

/** Compressed bytes of every script a page loads (as Lighthouse counts them), and their code. */
async function pageScripts(page: Page, url: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const urls = new Map<string, string>();
  const bytes = new Map<string, number>();
  cdp.on("Network.responseReceived", (event) => {
    if (event.type === "Script") urls.set(event.requestId, event.response.url);
  });
  cdp.on("Network.loadingFinished", (event) => {
    const script = urls.get(event.requestId);
    if (script) bytes.set(new URL(script).pathname, event.encodedDataLength);
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await expect.poll(() => page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(true);
  const code = await Promise.all([...bytes.keys()].map((path) => page.request.get(`${server.url}${path}`)));
  return {
    kb: [...bytes.values()].reduce((sum, n) => sum + n, 0) / 1024,
    code: (await Promise.all(code.map((response) => response.text()))).join("\n"),
  };
}

test("a recipe's page loads no more JavaScript than /reviews, and none of the editor's code", async ({ page }) => {
  const reviews = await pageScripts(page, `${server.url}/reviews`);
  for (const path of [RECIPE, "/ricette"]) {
    const scripts = await pageScripts(page, `${server.url}${path}`);
    expect(
      scripts.kb,
      `${path}: ${scripts.kb.toFixed(1)} KB, /reviews ${reviews.kb.toFixed(1)} KB`,
    ).toBeLessThanOrEqual(reviews.kb);
    for (const marker of [
      RECIPE_MESSAGES.deleted,
      RECIPE_MESSAGES.healthClaims,
      "ZodError",
      "__intent__",
      "drizzle:",
    ]) {
      expect(scripts.code.includes(marker), `${marker} in the scripts of ${path}`).toBe(false);
    }
  }
});

test("a draft is not public (404) and not in the sitemap; the published ones are", async ({ request }) => {
  const draft = await request.get(`${server.url}/ricette/vellutata-di-zucca`);
  expect(draft.status()).toBe(404);
  expect(await draft.text()).toContain("Ricetta non trovata");
  expect((await request.get(`${server.url}/ricette/non-esiste`)).status()).toBe(404);

  const xml = await (await request.get(`${server.url}/sitemap.xml`)).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locs).toContain(`${SITE_URL}/ricette`);
  expect(locs).toContain(`${SITE_URL}${RECIPE}`);
  expect(locs).toContain(`${SITE_URL}/ricette/ricetta-12`);
  expect(locs).not.toContain(`${SITE_URL}/ricette/vellutata-di-zucca`);
});

test("she publishes a recipe: an open /home and /ricette show it live, and the slideshow links to it", async ({
  browser,
}) => {
  // Reduced motion: the slideshow does not rotate, so its first slide stays the one shown.
  const visitor = await (await browser.newContext({ reducedMotion: "reduce" })).newPage();
  await visitor.goto(`${server.url}/home`);
  await waitForLiveStream(visitor);
  const list = await (await browser.newContext()).newPage();
  await list.goto(`${server.url}/ricette`);
  await waitForLiveStream(list);
  const slideLink = (slug: string) => visitor.locator(`.slideshow__recipe[href="/ricette/${slug}"]`);
  await expect(slideLink("insalata-di-farro")).toHaveAccessibleName("Leggi la ricetta: Insalata di farro");
  await expect(visitor.locator(".slideshow__recipe")).toHaveCount(1);

  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin, server);
  await admin.goto(`${server.url}/admin/ricette`);
  await admin.getByRole("link", { name: "Scrivi la ricetta: Porridge" }).click();
  await fillRecipeForm(
    admin,
    sampleRecipe({ slug: "", title: "Porridge di avena", category: "colazione", tags: ["vegetariana"] }),
  );
  await admin.getByRole("button", { name: "Salva la ricetta" }).click();
  await expectToast(admin, RECIPE_MESSAGES.published);

  await expect(slideLink("porridge-di-avena")).toHaveAccessibleName("Leggi la ricetta: Porridge");
  await expect(list.getByRole("link", { name: "Porridge di avena" })).toBeVisible();
  await expect(list.getByText("14 ricette")).toBeVisible();

  // The first slide's link opens its recipe.
  await slideLink("insalata-di-farro").click();
  await expect(visitor).toHaveURL(`${server.url}${RECIPE}`);
  await expect(visitor.getByRole("heading", { name: "Insalata di farro", level: 1 })).toBeVisible();
});

test("at phone size: leaving the recipe editor with unsaved changes asks first; after a save it does not", async ({
  browser,
}) => {
  const admin = await (await browser.newContext({ viewport: viewports[0] })).newPage();
  const questions: string[] = [];
  admin.on("dialog", (dialog) => {
    questions.push(`${dialog.type()}: ${dialog.message()}`);
    // The in-app question is answered "stay"; the browser's own (tab closing) "leave".
    void (dialog.type() === "confirm" ? dialog.dismiss() : dialog.accept());
  });
  await signInAsAdmin(admin, server);
  await admin.goto(`${server.url}/admin/ricette`);
  await admin.getByRole("link", { name: "Modifica: Ricetta di prova 5", exact: true }).click();
  const title = admin.getByLabel("Titolo", { exact: true });
  await title.fill("Ricetta di prova 5, rivista");
  // Adding an ingredient row is a change of the form, not a save: leaving still asks.
  await admin.getByRole("button", { name: "Aggiungi ingrediente" }).click();

  await admin.getByRole("link", { name: "Tutte le ricette" }).click();
  await expect.poll(() => questions.length).toBe(1);
  expect(questions[0]).toBe(
    "confirm: Hai modifiche non salvate: se esci adesso andranno perse. Vuoi uscire lo stesso?",
  );
  await expect(admin).toHaveURL(/\/admin\/ricette\/[^/]+$/);
  await expect(title).toHaveValue("Ricetta di prova 5, rivista");

  // Closing the tab gets the browser's own question.
  await admin.close({ runBeforeUnload: true });
  await expect.poll(() => questions.length).toBe(2);
  expect(questions[1]).toMatch(/^beforeunload: /);

  const again = await (await browser.newContext({ viewport: viewports[0] })).newPage();
  let asked = 0;
  again.on("dialog", (dialog) => {
    asked++;
    void dialog.dismiss();
  });
  await signInAsAdmin(again, server);
  await again.goto(`${server.url}/admin/ricette`);
  // The draft (it has a photo, which a save needs; saved as a draft it stays private).
  await again.getByRole("link", { name: "Modifica: Vellutata di zucca", exact: true }).click();
  await again.getByLabel("Titolo", { exact: true }).fill("Vellutata di zucca e zenzero");
  await again.getByRole("button", { name: "Salva la ricetta" }).click();
  await expectToast(again, RECIPE_MESSAGES.saved);
  await again.getByRole("link", { name: "Tutte le ricette" }).click();
  await expect(again).toHaveURL(`${server.url}/admin/ricette`);
  await expect(again.getByRole("link", { name: "Modifica: Vellutata di zucca e zenzero" })).toBeVisible();
  expect(asked).toBe(0);
});
