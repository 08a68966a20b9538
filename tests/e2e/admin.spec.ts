import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "../support/e2e-test";
import { expectToast } from "../support/toasts";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { storeImage } from "~/core/media/image-pipeline.server";
import { createLocalMediaStorage } from "~/core/media/media-storage.server";
import { createReviewRepository } from "~/features/reviews/reviews.server";
import { ADMIN, jpeg } from "../support/admin";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { endFirstRunSetup } from "../support/factory";
import { expectNoAxeViolations } from "../support/axe";
import { viewports } from "../support/viewports";

// One isolated server for this file: an empty photo list, moderation on, two seeded reviews, one administrator.
let server: AppServer;
let files: string;
let reviewPhotoUrl: string;

test.beforeAll(async () => {
  const dataDir = newDataDir("e2e-admin-", { admin: true });
  files = mkdtempSync(path.join(os.tmpdir(), "e2e-admin-files-"));
  const database = await openSiteDatabase({ dataDir });
  try {
    const media = createLocalMediaStorage(path.join(dataDir, "media"));
    const image = await storeImage(media, "reviews", await jpeg(800, 600, { r: 200, g: 120, b: 80 }));
    reviewPhotoUrl = media.publicUrl(image.variants.at(-1)!.key);
    const reviews = createReviewRepository(database.db);
    await reviews.add({
      name: "Luca B.",
      content: "Percorso chiaro e seguito con attenzione.",
      rating: 5,
      status: "published",
    });
    await reviews.add({ name: "Maria R.", content: "In attesa di moderazione.", rating: 4, image, status: "pending" });
  } finally {
    await database.close();
  }
  // Signing in is under test, not the first-run setup its first sign-in would open.
  await endFirstRunSetup(dataDir);
  server = await startAppServer({ DATA_DIR: dataDir, REVIEWS_MODERATION: "true" });
});

test.afterAll(async () => {
  await server?.stop();
});

/** The login form itself is under test here, so this file signs in through it. */
async function login(page: Page) {
  await page.goto(`${server.url}/admin-login`);
  await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page).toHaveURL(`${server.url}/admin`);
}

const toast = (page: Page, text: string | RegExp) => page.getByTestId("toast").filter({ hasText: text });

/** A request held by a route until the test has seen what happens while it is pending. */
function holdUntilReleased() {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release: () => release() };
}
const photoRows = (page: Page) => page.locator(".photo-list > li:not(.photo-row--skeleton)");

test.describe
  .serial("administrator", () => {
    let page: Page;

    test.beforeAll(async ({ browser }: { browser: Browser }) => {
      page = await (await browser.newContext({ baseURL: server.url })).newPage();
    });

    test("without a session /admin leads to the login page", async () => {
      await page.goto(`${server.url}/admin`);
      await expect(page).toHaveURL(`${server.url}/admin-login`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accesso amministratore");
      await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
      await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("autocomplete", "username");
      await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("autocomplete", "current-password");
      await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("required", "");
      await expect(page.getByRole("link", { name: "Torna alla home" })).toHaveAttribute("href", "/home");
    });

    test("login: missing fields, wrong password, show/hide, busy text", async () => {
      await page.goto(`${server.url}/admin-login`);
      await page.getByRole("button", { name: "Accedi" }).click();
      await expectToast(page, "Inserisci email e password");

      const password = page.getByLabel("Password", { exact: true });
      await password.fill("sbagliata-123");
      const toggle = page.getByRole("button", { name: /Mostra password/ });
      await toggle.click();
      await expect(password).toHaveAttribute("type", "text");
      await expect(page.getByRole("button", { name: /Nascondi password/ })).toHaveAttribute("aria-pressed", "true");
      await page.getByRole("button", { name: /Nascondi password/ }).click();
      await expect(password).toHaveAttribute("type", "password");

      await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
      // Hold the answer back until the busy label has been seen.
      const answer = holdUntilReleased();
      await page.route("**/admin-login.data", async (route) => {
        await answer.held;
        await route.continue();
      });
      await page.getByRole("button", { name: "Accedi" }).click();
      await expect(page.getByRole("button", { name: "Accesso in corso..." })).toBeDisabled();
      answer.release();
      await expectToast(page, "Email o password non corretti");
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue(ADMIN.email);
      await page.unroute("**/admin-login.data");

      // Same message for an account that does not exist: nothing to learn about which emails are valid.
      await page.getByLabel("Email", { exact: true }).fill("nessuno@studio.test");
      await page.getByLabel("Password", { exact: true }).fill("qualunque-password");
      await page.getByRole("button", { name: "Accedi" }).click();
      await expect(page.locator(".admin-form__error")).toHaveText("Email o password non corretti");

      // A failed request is reported, not thrown.
      await page.route("**/admin-login.data", (route) =>
        route.request().method() === "POST" ? route.abort() : route.continue(),
      );
      await page.getByRole("button", { name: "Accedi" }).click();
      await expectToast(page, "Errore durante il login");
      await page.unroute("**/admin-login.data");
    });

    test("the home button leads home", async () => {
      await page.goto(`${server.url}/admin-login`);
      await page.getByRole("link", { name: "Torna alla home" }).click();
      await expect(page).toHaveURL(`${server.url}/home`);
    });

    test("login succeeds: toast, panel, header with Admin and logout; /admin-login then goes to /admin", async () => {
      await login(page);
      await expectToast(page, "Login effettuato con successo!");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pannello admin");
      const header = page.locator("header.site-header");
      await expect(header.getByRole("link", { name: "Admin" }).first()).toBeAttached();
      await expect(header.getByRole("button", { name: "Esci" }).first()).toBeAttached();
      await expect(page.locator("main").getByRole("button", { name: "Esci" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Foto caricate (0)" })).toBeVisible();
      await expect(page.getByText("Nessuna foto caricata")).toBeVisible();

      await page.goto(`${server.url}/admin-login`);
      await expect(page).toHaveURL(`${server.url}/admin`);
      // Valid in every tab.
      const second = await page.context().newPage();
      await second.goto(`${server.url}/admin`);
      await expect(second.getByRole("heading", { level: 1 })).toHaveText("Pannello admin");
      await second.close();
    });

    test("add photo: messages for no image, over 10 MB, not an image; then with and without a title", async () => {
      await page.goto(`${server.url}/admin`);
      const add = page.getByRole("button", { name: "Aggiungi foto" });
      await add.click();
      await expectToast(page, "Seleziona un'immagine");

      const picker = page.getByLabel("Immagine");
      await expect(picker).toHaveAttribute("accept", "image/*");
      const big = path.join(files, "grande.jpg");
      writeFileSync(big, Buffer.alloc(10 * 1024 * 1024 + 1, 0xff));
      await picker.setInputFiles(big);
      await expectToast(page, "L'immagine deve essere inferiore a 10MB");
      await expect(page.locator(".admin-upload__preview")).toHaveCount(0);

      await picker.setInputFiles({
        name: "documento.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from("non sono una foto"),
      });
      await add.click();
      await expectToast(page, /Il file non è un'immagine valida/);
      await expect(page.getByRole("heading", { name: "Foto caricate (0)" })).toBeVisible();

      await page.getByRole("textbox", { name: "Titolo (facoltativo)" }).fill("Insalata di farro");
      await picker.setInputFiles({ name: "farro.jpg", mimeType: "image/jpeg", buffer: await jpeg(1600, 1200) });
      await expect(page.getByRole("img", { name: "Anteprima dell'immagine selezionata" })).toBeVisible();
      await add.click();
      await expectToast(page, "Foto ricetta aggiunta con successo!");
      await expect(page.getByRole("heading", { name: "Foto caricate (1)" })).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Titolo (facoltativo)" })).toHaveValue("");
      await expect(page.locator(".admin-upload__preview")).toHaveCount(0);

      await picker.setInputFiles({
        name: "zuppa.png",
        mimeType: "image/png",
        buffer: await jpeg(800, 800, { r: 30, g: 90, b: 160 }),
      });
      await add.click();
      await expect(toast(page, "Foto ricetta aggiunta con successo!").first()).toBeVisible();
      await expect(page.getByRole("heading", { name: "Foto caricate (2)" })).toBeVisible();

      const rows = photoRows(page);
      await expect(rows.nth(0).getByRole("heading")).toHaveText("Insalata di farro");
      await expect(rows.nth(1).getByRole("heading")).toHaveText("Senza titolo");
      const today = new Intl.DateTimeFormat("it-IT", {
        day: "2-digit",
        month: "2-digit",
        year: "numeric",
        timeZone: "Europe/Rome",
      }).format(new Date());
      await expect(rows.nth(0)).toContainText(`Caricata il ${today}`);
      expect(today).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    });

    test("upload failures: network error and an unexpected answer", async () => {
      const picker = page.getByLabel("Immagine");
      const add = page.getByRole("button", { name: "Aggiungi foto" });
      await page.route("**/admin/foto", (route) => route.abort());
      await picker.setInputFiles({ name: "a.jpg", mimeType: "image/jpeg", buffer: await jpeg(200, 200) });
      await add.click();
      await expectToast(page, "Errore durante il caricamento dell'immagine");
      await page.unroute("**/admin/foto");
      await page.route("**/admin/foto", (route) =>
        route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
      );
      await add.click();
      await expectToast(page, "Si è verificato un errore");
      await page.unroute("**/admin/foto");
      await expect(page.getByRole("heading", { name: "Foto caricate (2)" })).toBeVisible();
    });

    test("a slow upload shows its progress, a placeholder row and a busy button", async () => {
      // The upload is answered once its busy state has been seen.
      const answer = holdUntilReleased();
      await page.route("**/admin/foto", async (route) => {
        await answer.held;
        await route.continue();
      });
      await page
        .getByLabel("Immagine")
        .setInputFiles({ name: "lenta.jpg", mimeType: "image/jpeg", buffer: await jpeg(2400, 1800) });
      await page.getByRole("button", { name: "Aggiungi foto" }).click();
      await expect(page.getByRole("button", { name: "Caricamento in corso..." })).toBeDisabled();
      await expect(page.locator(".admin-upload__progress progress")).toBeVisible();
      await expect(page.locator(".admin-upload__progress")).toContainText(
        /Invio dell'immagine: \d+%|Elaborazione dell'immagine/,
      );
      await expect(page.locator(".photo-row--skeleton")).toBeVisible();
      answer.release();
      await expect(toast(page, "Foto ricetta aggiunta con successo!").last()).toBeVisible({ timeout: 10_000 });
      await expect(page.locator(".photo-row--skeleton")).toHaveCount(0);
      await page.unroute("**/admin/foto");
      // Back to two photos for what follows.
      const row = photoRows(page).last();
      await row.getByRole("button", { name: /Elimina la foto/ }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Elimina" }).click();
      await expect(page.getByRole("heading", { name: "Foto caricate (2)" })).toBeVisible();
    });

    test("reorder with the keyboard, then edit a title in place", async () => {
      const rows = photoRows(page);
      const up = rows.nth(1).getByRole("button", { name: /^Sposta su: Senza titolo/ });
      await up.focus();
      await page.keyboard.press("Enter");
      await expectToast(page, /Ordine aggiornato: la foto è ora in posizione 1/);
      await expect(rows.nth(0).getByRole("heading")).toHaveText("Senza titolo");
      await expect(rows.nth(1).getByRole("heading")).toHaveText("Insalata di farro");
      // Focus stays with the moved photo (its "up" button is now disabled, so "down" has it).
      await expect(page.locator(":focus")).toHaveAttribute("aria-label", /^Sposta giù: Senza titolo, posizione 1 di 2/);
      await page.reload();
      await expect(photoRows(page).nth(0).getByRole("heading")).toHaveText("Senza titolo");

      const first = photoRows(page).nth(0);
      await first.getByText("Modifica titolo").click();
      await first.getByLabel(/Nuovo titolo/).fill("Zuppa di legumi");
      await first.getByRole("button", { name: "Salva" }).click();
      await expectToast(page, "Titolo aggiornato");
      await expect(first.getByRole("heading")).toHaveText("Zuppa di legumi");
    });

    test("another open admin page follows changes live", async () => {
      const other = await page.context().newPage();
      await other.goto(`${server.url}/admin`);
      await expect(other.getByRole("heading", { name: "Foto caricate (2)" })).toBeVisible();
      await page.getByRole("textbox", { name: "Titolo (facoltativo)" }).fill("Torta di mele");
      await page
        .getByLabel("Immagine")
        .setInputFiles({ name: "torta.jpg", mimeType: "image/jpeg", buffer: await jpeg(900, 700) });
      await page.getByRole("button", { name: "Aggiungi foto" }).click();
      await expect(other.getByRole("heading", { name: "Foto caricate (3)" })).toBeVisible({ timeout: 5000 });
      await expect(other.getByRole("heading", { name: "Torta di mele" })).toBeVisible();
      await other.close();
    });

    test("delete asks first; cancelling keeps the photo; confirming removes the row and its files", async () => {
      const row = photoRows(page).filter({ hasText: "Torta di mele" });
      const src = await row.locator("img").getAttribute("src");
      const srcset = (await row.locator("img").getAttribute("srcset")) ?? "";
      const urls = [
        src!,
        ...srcset
          .split(",")
          .map((s) => s.trim().split(" ")[0]!)
          .filter(Boolean),
      ];
      for (const url of urls) expect((await page.request.get(server.url + url)).status()).toBe(200);

      await row.getByRole("button", { name: /Elimina la foto: Torta di mele/ }).click();
      const dialog = page.getByRole("dialog", { name: "Sei sicuro di voler eliminare questa foto?" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Annulla" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("heading", { name: "Foto caricate (3)" })).toBeVisible();

      await row.getByRole("button", { name: /Elimina la foto: Torta di mele/ }).click();
      await dialog.getByRole("button", { name: "Elimina" }).click();
      await expectToast(page, "Foto eliminata con successo");
      await expect(page.getByRole("heading", { name: "Foto caricate (2)" })).toBeVisible();
      await expect(photoRows(page).filter({ hasText: "Torta di mele" })).toHaveCount(0);
      for (const url of urls) expect((await page.request.get(server.url + url)).status()).toBe(404);
    });

    test("a failed delete says so and keeps the row", async () => {
      await page.route("**/admin/foto.data", (route) =>
        route.request().method() === "POST" ? route.abort() : route.continue(),
      );
      const row = photoRows(page).first();
      await row.getByRole("button", { name: /Elimina la foto/ }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Elimina" }).click();
      await expectToast(page, "Errore durante l'eliminazione");
      await expect(page.getByRole("heading", { name: "Foto caricate (2)" })).toBeVisible();
      await page.unroute("**/admin/foto.data");
    });

    test("reviews: pending first, approve, hide, delete (with its photo), each confirmed by a toast", async () => {
      await page.goto(`${server.url}/admin#recensioni`);
      const section = page.locator("#recensioni");
      await expect(section).toContainText("Una recensione attende la tua approvazione");
      const items = section.locator(".review-admin");
      await expect(items.first()).toContainText("Maria R.");
      await expect(items.first()).toContainText("In attesa di approvazione");
      await expect(items.nth(1)).toContainText("Luca B.");

      await section.getByRole("button", { name: "Approva la recensione di Maria R." }).click();
      await expectToast(page, "Recensione approvata e pubblicata");
      await expect(items.filter({ hasText: "Maria R." })).toContainText("Pubblicata");

      await section.getByRole("button", { name: "Nascondi la recensione di Luca B." }).click();
      await expectToast(page, "Recensione nascosta");
      await expect(items.filter({ hasText: "Luca B." })).toContainText("Nascosta");
      await section.getByRole("button", { name: "Pubblica la recensione di Luca B." }).click();
      await expectToast(page, "Recensione pubblicata");

      expect((await page.request.get(server.url + reviewPhotoUrl)).status()).toBe(200);
      await section.getByRole("button", { name: "Elimina la recensione di Maria R." }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Elimina" }).click();
      await expectToast(page, "Recensione eliminata");
      await expect(items.filter({ hasText: "Maria R." })).toHaveCount(0);
      expect((await page.request.get(server.url + reviewPhotoUrl)).status()).toBe(404);
    });

    test("no accessibility violations on the panel and the login page, phone and desktop", async () => {
      for (const viewport of viewports) {
        await page.setViewportSize(viewport);
        await page.goto(`${server.url}/admin`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pannello admin");
        await expectNoAxeViolations(page);
        await page.goto(`${server.url}/admin/account`);
        await expectNoAxeViolations(page);
      }
      await page.setViewportSize(viewports[1]);
    });

    test("a logout that cannot reach the server says so and leaves the visitor where they were", async () => {
      await page.goto(`${server.url}/admin`);
      await page.route("**/admin-logout", (route) => route.abort("internetdisconnected"));
      await page.locator("header.site-header").getByRole("button", { name: "Esci" }).first().click();
      await expectToast(page, "Errore durante il logout");
      await expect(page).toHaveURL(`${server.url}/admin`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pannello admin");
      await page.unroute("**/admin-logout");
    });

    test("logout: toast, then /home, and the panel is closed again", async () => {
      await page.goto(`${server.url}/admin`);
      await page.locator("main").getByRole("button", { name: "Esci" }).click();
      await expect(page).toHaveURL(`${server.url}/home`);
      await expectToast(page, "Logout effettuato con successo");
      await expect(page.locator("header.site-header").getByRole("link", { name: "Accedi" }).first()).toBeAttached();
      await page.goto(`${server.url}/admin`);
      await expect(page).toHaveURL(`${server.url}/admin-login`);
      await expectNoAxeViolations(page);
    });
  });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("login, add a photo, delete it after the in-page confirmation, log out", async ({ page }) => {
    await page.goto(`${server.url}/admin-login`);
    await page.getByRole("button", { name: "Accedi" }).click();
    await expect(page.locator(".admin-form__error")).toHaveText("Inserisci email e password");
    await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Accedi" }).click();
    await expect(page).toHaveURL(`${server.url}/admin`);
    await expect(page.getByTestId("toast")).toHaveText(/Login effettuato con successo!/);

    await page.getByRole("button", { name: "Aggiungi foto" }).click();
    await expect(page.getByTestId("toast")).toHaveText(/Seleziona un'immagine/);

    const before = Number((await page.getByRole("heading", { name: /Foto caricate/ }).textContent())!.match(/\d+/)![0]);
    await page.getByRole("textbox", { name: "Titolo (facoltativo)" }).fill("Senza script");
    await page
      .getByLabel("Immagine")
      .setInputFiles({ name: "s.jpg", mimeType: "image/jpeg", buffer: await jpeg(500, 400) });
    await page.getByRole("button", { name: "Aggiungi foto" }).click();
    await expect(page.getByTestId("toast")).toHaveText(/Foto ricetta aggiunta con successo!/);
    await expect(page.getByRole("heading", { name: `Foto caricate (${before + 1})` })).toBeVisible();

    const row = page.locator(".photo-list > li").filter({ hasText: "Senza script" });
    await row.getByRole("link", { name: /Elimina la foto: Senza script/ }).click();
    await expect(row.getByText("Sei sicuro di voler eliminare questa foto?")).toBeVisible();
    await row.getByRole("button", { name: "Elimina" }).click();
    await expect(page.getByTestId("toast")).toHaveText(/Foto eliminata con successo/);
    await expect(page.getByRole("heading", { name: `Foto caricate (${before})` })).toBeVisible();

    await page.locator("main").getByRole("button", { name: "Esci" }).click();
    await expect(page).toHaveURL(`${server.url}/home`);
    await expect(page.getByTestId("toast")).toHaveText(/Logout effettuato con successo/);
  });
});
