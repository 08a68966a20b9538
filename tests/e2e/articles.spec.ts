import { expect, test } from "../support/e2e-test";
import { romeDate, romeTime } from "~/core/format/rome-clock";
import { ARTICLE_MESSAGES } from "~/features/articles/messages";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { sampleRecipe, seedPhotos, seedRecipes, testImage } from "../support/factory";
import { PASTED_HTML, PASTED_SCRIPT, PASTED_TEXT, pasteHtml } from "../support/rich-text";
import { viewports } from "../support/viewports";
import { saveScreenshot } from "../support/screenshots";

/*
 * She writes an article on her phone with a heading, a list, a link and an image,
 * schedules it a minute or two ahead, and it appears at its time on /articoli, in the Atom feed and
 * in the sitemap; what she pasted (a script among it) is text on the public page, never code.
 */
let server: AppServer;

// The schedule is the next whole minute at least 30 s away: the test waits for it (up to three minutes under load).
test.describe.configure({ timeout: 420_000 });

test.beforeAll(async () => {
  // A photo and its recipe stored through the image pipeline, then a server: slow on a busy machine.
  test.setTimeout(240_000);
  const dataDir = newDataDir("e2e-articles-", { admin: true });
  const [photo] = await seedPhotos(dataDir, 1, { titles: ["Porridge"] });
  await seedRecipes(dataDir, [sampleRecipe({ photoId: photo!.id, status: "published" })]);
  server = await startAppServer({ DATA_DIR: dataDir });
});

test.afterAll(async () => {
  await server?.stop();
});

const TITLE = "Colazione equilibrata: da dove iniziare";
const SLUG = "colazione-equilibrata-da-dove-iniziare";

/** The public answer, asked as a visitor would: no cookie, so the page cache may answer. */
async function publicText(path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, body: await response.text() };
}

test("on a phone she writes, schedules and sees her article appear at its time, in the feed and the sitemap", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.setViewportSize(viewports[0]);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signInAsAdmin(page, server);
  // On a phone the panel's sections are behind the one "Menu" button.
  await page.locator(".admin-menu__button").click();
  await page.getByRole("navigation", { name: "Sezioni del pannello" }).getByRole("link", { name: "Articoli" }).click();
  await page.getByRole("link", { name: "Nuovo articolo" }).click();
  await expect(page.getByRole("heading", { name: "Nuovo articolo", level: 1 })).toBeVisible();
  await expect(page.getByText(ARTICLE_MESSAGES.healthAdvertising)).toBeVisible();
  const editor = page.locator(".rich-text__content");
  await expect(editor).toBeVisible();
  await expectNoAxeViolations(page, { include: "main" });
  await saveScreenshot(page, "admin-article-new-390", { fullPage: true });

  await page.getByLabel("Titolo", { exact: true }).fill(TITLE);
  await page.getByLabel("Riassunto").fill("Tre idee semplici per una colazione che sazia fino a pranzo.");
  await page.getByLabel("Alimentazione").check();

  await editor.click();
  await page.keyboard.type("La colazione è il primo pasto della giornata.");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Titolo", exact: true }).click();
  await page.keyboard.type("Cosa mettere nel piatto");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Elenco", exact: true }).click();
  await page.keyboard.type("Una fonte di proteine");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Frutta di stagione");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Approfondisci sul sito del ministero: ");
  await page.getByRole("button", { name: "Collegamento", exact: true }).click();
  await page.getByLabel("Indirizzo del collegamento").fill("https://www.salute.gov.it/");
  await page.getByRole("button", { name: "Applica il collegamento" }).click();
  await page.keyboard.press("Enter");
  // What she pastes from elsewhere: a script, an image with an onerror, and the code as plain text.
  await pasteHtml(page, PASTED_HTML, PASTED_TEXT);
  await page.keyboard.press("Enter");

  // An image without its description is refused in place; with one it goes in.
  await page.getByRole("button", { name: "Immagine", exact: true }).click();
  await page.getByLabel("Scegli l'immagine").setInputFiles({
    name: "colazione.jpg",
    mimeType: "image/jpeg",
    buffer: await testImage(2),
  });
  await page.getByRole("button", { name: "Inserisci l'immagine" }).click();
  await expect(page.getByText("Descrivi l'immagine per chi non la vede: è obbligatorio.")).toBeVisible();
  await page.getByLabel("Descrizione dell'immagine (per chi non la vede)").fill("Una tazza di yogurt con frutta");
  await page.getByRole("button", { name: "Inserisci l'immagine" }).click();
  await expect(editor.locator('img[alt="Una tazza di yogurt con frutta"]')).toBeVisible({ timeout: 60_000 });
  await expect(editor.locator("h2")).toHaveText("Cosa mettere nel piatto");
  await expect(editor.locator("script")).toHaveCount(0);
  await saveScreenshot(page, "admin-article-writing-390", { fullPage: true });

  // Scheduled for the first whole minute at least half a minute away, on Italy's clock (the
  // field's minutes): time enough to save it and look before it is due.
  const at = Math.ceil((Date.now() + 30_000) / 60_000) * 60_000;
  await page.getByLabel("Data e ora di pubblicazione").fill(`${romeDate(at)}T${romeTime(at)}`);
  await page.getByRole("button", { name: "Pubblica" }).click();
  await expect(page).toHaveURL(/\/admin\/articoli\/[0-9a-f-]{36}$/);

  // Before its time it is nowhere public.
  expect((await publicText("/articoli")).body).not.toContain(TITLE);
  expect((await publicText(`/articoli/${SLUG}`)).status).toBe(404);
  expect((await publicText("/articoli/feed.xml")).body).not.toContain(TITLE);
  expect(Date.now()).toBeLessThan(at);

  await expect(page.getByRole("heading", { name: "Modifica l'articolo", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Tutti gli articoli" }).click();
  await expect(page.locator(".article-admin-row").filter({ hasText: TITLE })).toContainText("Programmato");
  await expectNoAxeViolations(page, { include: "main" });
  await saveScreenshot(page, "admin-articles-390", { fullPage: true });

  // At its time it appears: the list (through the page cache), the page, the feed, the sitemap.
  await expect
    .poll(async () => (await publicText("/articoli")).body.includes(TITLE), { timeout: 240_000, intervals: [2_000] })
    .toBe(true);
  expect(Date.now()).toBeGreaterThanOrEqual(at);
  expect((await publicText("/sitemap.xml")).body).toContain(`/articoli/${SLUG}</loc>`);

  await page.goto(`${server.url}/articoli/feed.xml`);
  const feed = await page.evaluate(async () => {
    const xml = await (await fetch("/articoli/feed.xml")).text();
    const doc = new DOMParser().parseFromString(xml, "application/xml");
    if (doc.querySelector("parsererror")) return null;
    return {
      root: doc.documentElement.localName,
      namespace: doc.documentElement.namespaceURI,
      titles: [...doc.querySelectorAll("entry > title")].map((e) => e.textContent),
      links: [...doc.querySelectorAll("entry > link")].map((e) => e.getAttribute("href")),
    };
  });
  expect(feed).toEqual({
    root: "feed",
    namespace: "http://www.w3.org/2005/Atom",
    titles: [TITLE],
    links: [expect.stringMatching(new RegExp(`/articoli/${SLUG}$`))],
  });

  // The public page, with JavaScript: what she pasted is text, and nothing of it ran.
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.goto(`${server.url}/articoli/${SLUG}`);
    await expect(page.getByRole("heading", { name: TITLE, level: 1 })).toBeVisible();
    const body = page.locator(".article-body");
    await expect(body.getByRole("heading", { name: "Cosa mettere nel piatto", level: 2 })).toBeVisible();
    await expect(body.locator("ul > li")).toHaveText(["Una fonte di proteine", "Frutta di stagione"]);
    await expect(body.getByRole("link", { name: "https://www.salute.gov.it/" })).toHaveAttribute(
      "href",
      "https://www.salute.gov.it/",
    );
    await expect(body.getByRole("img", { name: "Una tazza di yogurt con frutta" })).toBeVisible();
    await expect(body.getByText(`Testo incollato ${PASTED_SCRIPT}`)).toBeVisible();
    await expect(body.locator("script, [onerror]")).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    await expect(page.getByText(/min di lettura/)).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Percorso" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Prenota una visita" })).toBeVisible();
    // The salad is a lunch ("pranzo"), a word of the excerpt: a related recipe.
    await expect(
      page.getByRole("region", { name: "Ricette correlate" }).getByRole("link", { name: sampleRecipe().title }),
    ).toBeVisible();
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = jsonLd.flatMap((text) => [JSON.parse(text)].flat().map((item: { "@type": string }) => item["@type"]));
    expect(types).toEqual(expect.arrayContaining(["BlogPosting", "BreadcrumbList"]));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/articoli\/colazione-equilibrata/);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expectNoAxeViolations(page);
    await saveScreenshot(page, `article-${viewport.width}`, { fullPage: true });

    await page.goto(`${server.url}/articoli`);
    await expect(page.getByRole("link", { name: TITLE })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, `articles-${viewport.width}`, { fullPage: true });
  }
  expect(dialogs).toEqual([]);

  // Without JavaScript the article reads the same.
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: viewports[0] });
  const plainPage = await plain.newPage();
  await plainPage.goto(`${server.url}/articoli`);
  await plainPage.getByRole("link", { name: TITLE }).click();
  await expect(plainPage.locator(".article-body li")).toHaveCount(2);
  await expect(plainPage.locator(".article-body img")).toHaveAttribute("alt", "Una tazza di yogurt con frutta");
  await plain.close();

  // The editor at a desk, for the record.
  await page.setViewportSize(viewports[1]);
  await page.goto(`${server.url}/admin/articoli`);
  await page.getByRole("link", { name: TITLE, exact: true }).click();
  await expect(page.locator(".rich-text__content h2")).toHaveText("Cosa mettere nel piatto");
  // The toolbar is there before she touches the text.
  await expect(page.getByRole("toolbar", { name: "Formattazione del testo" })).toBeVisible();
  await expectNoAxeViolations(page, { include: "main" });
  await saveScreenshot(page, "admin-article-edit-1440", { fullPage: true });
});
