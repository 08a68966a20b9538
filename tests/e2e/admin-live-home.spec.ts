import { expect, test, type Page } from "../support/e2e-test";
import { jpeg, mediaKey } from "../support/admin";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { waitForLiveStream } from "../support/event-stream";

/*
 * The recipe slideshow on /home follows the admin panel live, through the
 * event stream. The slideshow itself belongs to the public site; this test
 * relies only on a stable marker: an <img> (or <source>) on /home whose src
 * or srcset contains the photo's media key. It starts from an empty database
 * so the new photo is the only slide, whichever slides the component renders.
 */
let server: AppServer;

test.beforeAll(async () => {
  const dataDir = newDataDir("e2e-live-", { admin: true });
  server = await startAppServer({ DATA_DIR: dataDir });
});

test.afterAll(async () => {
  await server?.stop();
});

const imagesWithKey = (page: Page, key: string) =>
  page.locator(`img[src*="${key}"], img[srcset*="${key}"], source[srcset*="${key}"]`);

test("a photo added or deleted in the panel appears on and disappears from an open /home page", async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin, server);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${server.url}/home`);
  // The live stream is connected before the change happens.
  await waitForLiveStream(visitor);

  await admin.getByRole("textbox", { name: "Titolo (facoltativo)" }).fill("Vellutata di zucca");
  await admin
    .getByLabel("Immagine")
    .setInputFiles({ name: "zucca.jpg", mimeType: "image/jpeg", buffer: await jpeg(1200, 900) });
  await admin.getByRole("button", { name: "Aggiungi foto" }).click();
  const row = admin.locator(".photo-list > li").filter({ hasText: "Vellutata di zucca" });
  await expect(row).toBeVisible();
  const key = mediaKey((await row.locator("img").getAttribute("src"))!);

  await expect(imagesWithKey(visitor, key).first()).toBeAttached({ timeout: 3000 });

  await row.getByRole("button", { name: /Elimina la foto/ }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Elimina" }).click();
  await expect(admin.getByText("Foto eliminata con successo")).toBeVisible();
  await expect(imagesWithKey(visitor, key)).toHaveCount(0, { timeout: 3000 });
});
