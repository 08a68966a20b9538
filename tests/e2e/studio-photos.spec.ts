import { signInAsAdmin } from "../support/admin-browser";
import { type AppServer, newDataDir, startAppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { expect, type Page, test } from "../support/e2e-test";
import { testImage } from "../support/factory";
import { gotoHydrated } from "../support/hydration";
import { expectToast } from "../support/toasts";
import { viewports } from "../support/viewports";

// She adds a photo of a studio on her phone, with the words that describe it; the
// studio's page shows it (its alt text, its renditions, in its structured data and share card), also
// to a visitor without JavaScript. A photo without its description is refused, saying why.

test.describe.configure({ mode: "serial", timeout: 180_000 });

const ALT = "La sala d'attesa, con due poltrone verdi e una libreria";
const MISSING_ALT = "Descrivi la foto in poche parole: la leggono i lettori di schermo a chi non può vederla.";
let server: AppServer;

test.beforeAll(async () => {
  const dataDir = newDataDir("e2e-studio-photos-", { admin: true });
  server = await startAppServer({ DATA_DIR: dataDir });
});
test.afterAll(async () => {
  await server?.stop();
});

/** The page's structured data, each block parsed. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test.describe("390 px", () => {
  test.use({ viewport: viewports[0] });

  test("she adds a photo of the studio with its description on her phone; the studio's page shows it, without JavaScript too", async ({
    page,
    browser,
  }) => {
    // The page as patients had it (kept by the page cache): no photos yet.
    const before = await fetch(`${server.url}/studi/studio-di-milano`);
    expect(await before.text()).not.toContain("Lo studio in foto");

    await signInAsAdmin(page, server);
    await gotoHydrated(page, `${server.url}/admin/contenuti/studi`);
    const panel = page.getByRole("region", { name: "Foto di Studio di Milano" });
    await expect(panel.getByText("0 di 6 foto.")).toBeVisible();
    const file = panel.getByLabel("Nuova foto di Studio di Milano");
    await file.setInputFiles({ name: "sala.jpg", mimeType: "image/jpeg", buffer: await testImage(2, 1600, 1200) });

    // Without its description: refused in place, saying why; nothing added.
    await panel.getByRole("button", { name: "Aggiungi la foto" }).click();
    await expect(panel.locator("#foto-studio-di-milano-nuova-alt-error")).toHaveText(MISSING_ALT);
    await expect(panel.getByLabel("Descrizione della foto")).toBeFocused();
    await expect(panel.getByText("0 di 6 foto.")).toBeVisible();

    await panel.getByLabel("Descrizione della foto").fill(ALT);
    await panel.getByRole("button", { name: "Aggiungi la foto" }).click();
    // Decoded and re-encoded in its turn: a loaded machine may take a while.
    await expectToast(page, "Foto aggiunta: è già nella pagina dello studio.");
    await expect(panel.getByText("1 di 6 foto.")).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByLabel("Descrizione della foto 1")).toHaveValue(ALT);
    await expectNoAxeViolations(page);

    // A visitor without JavaScript: the page is no longer the one kept before the photo.
    const context = await browser.newContext({ viewport: viewports[0], javaScriptEnabled: false });
    const visitor = await context.newPage();
    await visitor.goto(`${server.url}/studi/studio-di-milano`);
    await expect(visitor.getByRole("heading", { level: 2, name: "Lo studio in foto" })).toBeVisible();
    const photo = visitor.getByRole("img", { name: ALT });
    await expect(photo).toHaveAttribute("loading", "lazy");
    await expect(photo).toHaveAttribute("srcset", /400w.*800w.*1280w/);
    await expect(photo).toHaveAttribute("width", "1280");
    await expect(photo).toHaveAttribute("height", "960");
    await photo.scrollIntoViewIfNeeded();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const src = await photo.getAttribute("src");
    const [business] = await jsonLd(visitor);
    expect(business).toMatchObject({
      "@type": "MedicalBusiness",
      image: [expect.stringMatching(new RegExp(`${src}$`))],
    });
    await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`${src}$`));
    await expect(visitor.locator('meta[property="og:image:alt"]')).toHaveAttribute("content", ALT);
    // The other studio shows none of Milan's photos.
    await visitor.goto(`${server.url}/studi/studio-di-monza`);
    await expect(visitor.getByRole("img", { name: ALT })).toHaveCount(0);
    await context.close();

    // With JavaScript, at 390 and 1440 px: no accessibility violation on the page with its photo.
    for (const viewport of viewports) {
      const reader = await browser.newPage({ viewport });
      await gotoHydrated(reader, `${server.url}/studi/studio-di-milano`);
      await reader.getByRole("img", { name: ALT }).scrollIntoViewIfNeeded();
      await expectNoAxeViolations(reader);
      await reader.close();
    }
  });
});

test("without JavaScript: a photo without description is refused with the message, one with it is added, then removed from the page", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: viewports[0], javaScriptEnabled: false });
  const page = await context.newPage();
  await signInAsAdmin(page, server);
  await page.goto(`${server.url}/admin/contenuti/studi`);
  const panel = page.getByRole("region", { name: "Foto di Studio di Monza" });
  const file = { name: "ingresso.jpg", mimeType: "image/jpeg", buffer: await testImage(4, 1200, 900) };
  await panel.getByLabel("Nuova foto di Studio di Monza").setInputFiles(file);
  await panel.getByRole("button", { name: "Aggiungi la foto" }).click();
  await expectToast(page, MISSING_ALT);
  await expect(page.getByRole("region", { name: "Foto di Studio di Monza" }).getByText("0 di 6 foto.")).toBeVisible();

  const alt = "L'ingresso di Monza, con la targa dello studio";
  await panel.getByLabel("Nuova foto di Studio di Monza").setInputFiles(file);
  await panel.getByLabel("Descrizione della foto").fill(alt);
  await panel.getByRole("button", { name: "Aggiungi la foto" }).click();
  await expectToast(page, "Foto aggiunta: è già nella pagina dello studio.");
  await expect(panel.getByText("1 di 6 foto.")).toBeVisible();
  const visitor = await context.newPage();
  await visitor.goto(`${server.url}/studi/studio-di-monza`);
  await expect(visitor.getByRole("img", { name: alt })).toHaveAttribute("width", "1200");

  await panel.getByRole("button", { name: "Rimuovi: foto 1" }).click();
  await expectToast(page, "Foto rimossa dalla pagina dello studio.");
  await expect(panel.getByText("0 di 6 foto.")).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1, name: "Studio di Monza" })).toBeVisible();
  await expect(visitor.getByRole("img", { name: alt })).toHaveCount(0);
  await context.close();
});
