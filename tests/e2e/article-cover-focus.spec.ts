import { expect, test } from "../support/e2e-test";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { testImage } from "../support/factory";
import { viewports } from "../support/viewports";

/*
 * "a cover image with its crop": on her phone she taps the cover where it must stay
 * in view, nudges the point with the keyboard's arrows, publishes, and the card on /articoli (where
 * the cover is cropped to 16:9) is cropped around that point.
 */
let server: AppServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const dataDir = newDataDir("e2e-article-cover-", { admin: true });
  server = await startAppServer({ DATA_DIR: dataDir });
});

test.afterAll(async () => {
  await server?.stop();
});

test("on a phone she taps the cover's focus point, moves it with the arrows, and the public card is cropped around it", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(viewports[0]);
  await signInAsAdmin(page, server);
  await page.goto(`${server.url}/admin/articoli/nuovo`);
  await expect(page.locator(".rich-text__content")).toBeVisible();
  await page.getByLabel("Titolo", { exact: true }).fill("Legumi in inverno");
  await page.getByLabel("Riassunto").fill("Ceci, lenticchie e fagioli: come portarli in tavola.");
  await page.getByLabel("Alimentazione").check();
  await page.locator(".rich-text__content").click();
  await page.keyboard.type("Tre ricette semplici per la settimana.");

  await page.getByLabel("Immagine di copertina (facoltativa)").setInputFiles({
    name: "copertina.jpg",
    mimeType: "image/jpeg",
    buffer: await testImage(3, 1200, 900),
  });
  await page.getByRole("button", { name: "Carica la copertina" }).click();
  await page.getByLabel("Descrizione della copertina").fill("Una ciotola di ceci");

  const photo = page.locator(".focus-picker__photo img");
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const horizontal = page.getByLabel("Posizione orizzontale (%)");
  const vertical = page.getByLabel("Posizione verticale (%)");
  // A new cover starts in the middle.
  await expect(horizontal).toHaveValue("50");
  await expect(vertical).toHaveValue("50");
  const box = (await photo.boundingBox())!;
  await photo.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
  await expect(horizontal).toHaveValue(/^2[4-6]$/);
  await expect(vertical).toHaveValue(/^7[4-6]$/);

  // The keyboard's way: the arrows step the position, and the point on the photo follows.
  const x = Number(await horizontal.inputValue());
  const y = Number(await vertical.inputValue());
  await horizontal.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowUp");
  await expect(horizontal).toHaveValue(String(x + 5));
  await expect(page.locator(".focus-picker__point")).toHaveAttribute("style", new RegExp(`left: ${x + 5}%`));
  await expect(page.locator(".article-form__cover-preview")).toHaveAttribute(
    "style",
    new RegExp(`object-position: ${x + 5}% ${y}%`),
  );
  await expectNoAxeViolations(page, { include: "main" });

  await page.getByRole("button", { name: "Pubblica" }).click();
  await expect(page.getByRole("heading", { name: "Modifica l'articolo", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Posizione orizzontale (%)")).toHaveValue(String(x + 5));

  // The public list, as a visitor asks it: the card's crop keeps her point in view.
  await expect
    .poll(async () => (await fetch(`${server.url}/articoli`)).text())
    .toMatch(new RegExp(`class="article-card__image"[^>]*style="object-position:${x + 5}% ${y}%"`));
});
