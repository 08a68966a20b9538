import { expect, type Page, test } from "../support/e2e-test";
import { expectToast } from "../support/toasts";
import { jpeg } from "../support/admin";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { seedPhotos } from "../support/factory";
import { viewports } from "../support/viewports";
import { saveScreenshot, screenshotsWanted } from "../support/screenshots";

/* At 390 px: a photo goes to the top of the order in one step ("Sposta in cima"). */
let server: AppServer;
test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async () => {
  const dataDir = newDataDir("e2e-photos-phone-", { admin: true });
  await seedPhotos(dataDir, 3);
  server = await startAppServer({ DATA_DIR: dataDir });
});
test.afterAll(async () => {
  await server?.stop();
});

const titles = (page: Page) => page.locator(".photo-list > li:not(.photo-row--skeleton) h3").allTextContents();

test("'Sposta in cima' puts the newest photo first in one step, the focus staying on the photo", async ({ page }) => {
  await signInAsAdmin(page, server);
  await expect.poll(() => titles(page)).toEqual(["Ricetta 1", "Ricetta 2", "Ricetta 3"]);
  await expect(page.getByRole("button", { name: "Sposta in cima: Ricetta 1, posizione 1 di 3" })).toBeDisabled();

  await page.getByRole("button", { name: "Sposta in cima: Ricetta 3, posizione 3 di 3" }).click();
  await expectToast(page, "Ordine aggiornato: la foto è ora in posizione 1");
  await expect.poll(() => titles(page)).toEqual(["Ricetta 3", "Ricetta 1", "Ricetta 2"]);
  await expect(page.getByRole("button", { name: "Sposta giù: Ricetta 3, posizione 1 di 3" })).toBeFocused();
  await page.reload();
  await expect.poll(() => titles(page)).toEqual(["Ricetta 3", "Ricetta 1", "Ricetta 2"]);
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
    if (screenshotsWanted) {
      await page.locator("#foto").scrollIntoViewIfNeeded();
      await saveScreenshot(page, `photos-sposta-in-cima-${viewport.width}`);
    }
  }
});

test("several photos chosen at once are added in turn; one the server refuses is named, the others kept", async ({
  page,
}) => {
  await signInAsAdmin(page, server);
  const picker = page.locator('input[type="file"][multiple]');
  // Several at once is the script's: the plain form sends one photo.
  await expect(picker).toHaveCount(1);
  const before = (await titles(page)).length;
  await picker.setInputFiles([
    { name: "farro.jpg", mimeType: "image/jpeg", buffer: await jpeg(1200, 900) },
    { name: "rotta.jpg", mimeType: "image/jpeg", buffer: Buffer.from("non sono una foto") },
    { name: "zucca.jpg", mimeType: "image/jpeg", buffer: await jpeg(900, 900, { r: 200, g: 120, b: 40 }) },
  ]);
  await expect(page.getByText("3 foto scelte:")).toBeVisible();
  await page.getByRole("button", { name: "Aggiungi 3 foto" }).click();
  await expectToast(page, "2 foto aggiunte");
  await expect(page.locator(".admin-upload .field__error, .admin-upload [id$='-error']").first()).toContainText(
    "rotta.jpg: ",
  );
  await expect.poll(async () => (await titles(page)).length).toBe(before + 2);
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Sposta in cima' is a form that posts", async ({ page }) => {
    await signInAsAdmin(page, server);
    const before = await titles(page);
    await page
      .getByRole("button", { name: `Sposta in cima: ${before.at(-1)}, posizione ${before.length} di ${before.length}` })
      .click();
    await expectToast(page, "Ordine aggiornato: la foto è ora in posizione 1");
    expect(await titles(page)).toEqual([before.at(-1), ...before.slice(0, -1)]);
  });
});
