import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "../support/e2e-test";
import { defaultSiteContent } from "~/features/site-content/defaults";
import { signInAsAdmin } from "../support/admin-browser";
import { expectNoAxeViolations } from "../support/axe";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { sampleRecipe, seedPhotos, seedRecipes } from "../support/factory";
import { gotoHydrated } from "../support/hydration";
import { reviewCard, waitForFillTime } from "../support/reviews";
import { expectToast } from "../support/toasts";
import { viewports } from "../support/viewports";

/*
 * On her phone and her patients' (390 px): no screen offers what it then
 * refuses, a sent review is said and stays said, the invitation form empties and suggests a first
 * name; a recipe's plurals and portions follow the scaling (in print too), energy reads
 * "2176 kJ / 520 kcal", a studio's closed days are listed, backups are named by Italy's clock and
 * described in her words, and the admin's label for the patients' count is the site's.
 */
const phone = viewports[0];
const ADDED = "Recensione aggiunta con successo";
let server: AppServer;
let recipeId: string;

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.use({ viewport: { width: phone.width, height: phone.height } });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = newDataDir("e2e-true-messages-", { admin: true });
  // The Milan studio opens on Tuesdays and Thursdays only: five closed days, three of them in a row.
  const open = [{ opens: "09:00", closes: "13:00" }];
  const hours = (["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const).map(
    (day) => ({ day, ranges: day === "Tuesday" || day === "Thursday" ? open : [] }),
  );
  const contentFile = path.join(dataDir, "content.json");
  writeFileSync(
    contentFile,
    JSON.stringify({
      studios: defaultSiteContent.studios.map((studio, i) => (i === 0 ? { ...studio, hours } : studio)),
    }),
  );
  // A recipe without a slideshow photo (its photo deleted), and no photo at all.
  const [recipe] = await seedRecipes(dataDir, [
    sampleRecipe({
      slug: "vellutata-di-zucchine",
      title: "Vellutata di zucchine",
      servings: 2,
      ingredients: [
        { section: null, quantity: 1, unit: "pezzo", name: "zucchina", note: null },
        { section: null, quantity: 200, unit: "g", name: "patate", note: null },
        { section: null, quantity: 1, unit: "cucchiaio", name: "olio extravergine d'oliva", note: null },
      ],
      nutrition: { ...sampleRecipe().nutrition, energyKcal: 520, energyKj: 2176 },
    }),
  ]);
  recipeId = recipe!.id;
  server = await startAppServer({ DATA_DIR: dataDir, SITE_CONTENT_FILE: contentFile, LIVE_STREAMS_PER_CLIENT: "100" });
});

test.afterAll(async () => {
  await server?.stop();
});

const phonePage = async (browser: Browser, options: { javaScriptEnabled?: boolean } = {}) =>
  (await browser.newContext({ viewport: { width: phone.width, height: phone.height }, ...options })).newPage();

test("with no slideshow photo, 'Nuova ricetta' is offered and its form takes her own photo instead of refusing", async ({
  page,
}) => {
  await signInAsAdmin(page, server);
  await page.goto(`${server.url}/admin/ricette`);
  await expect(page.getByRole("heading", { name: "Ricette", level: 1 })).toBeVisible();
  await expect(page.getByText("Nella presentazione non ci sono ancora foto.")).toBeVisible();
  await expect(page.getByText("Tutte le foto hanno già una ricetta")).toHaveCount(0);
  await expectNoAxeViolations(page, { include: "main" });
  await page.getByRole("link", { name: "Nuova ricetta" }).click();
  await expect(page.getByRole("heading", { name: "Nuova ricetta", level: 1 })).toBeVisible();
  // The upload is the way in (recipe-own-photo.spec.ts saves one); no slideshow photo is asked for.
  await expect(page.getByLabel("Carica la foto della ricetta")).toBeVisible();
  await expect(page.getByRole("button", { name: "Salva la ricetta" })).toBeVisible();
  await expect(page.getByText("Tutte le foto hanno già una ricetta")).toHaveCount(0);
});

test("a counted ingredient takes its plural from the editor; amounts, names and the header's portions follow the scaling, in print too", async ({
  page,
  browser,
}) => {
  // A photo for the recipe now (a recipe is saved with one; the test above needed none).
  await seedPhotos(server.dataDir, 1, { titles: ["Zucchine"] });
  await signInAsAdmin(page, server);
  await gotoHydrated(page, `${server.url}/admin/ricette/${recipeId}`);
  await page.getByRole("group", { name: "Foto della presentazione" }).getByRole("radio", { name: "Zucchine" }).check();
  const zucchina = page.locator(".recipe-form__ingredient").first();
  await zucchina.getByLabel("Plurale").fill("zucchine");
  // Saved when the server says so (its 2 s toast may be gone by the time a loaded machine looks).
  const saved = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().includes(`/admin/ricette/${recipeId}`),
  );
  await page.getByRole("button", { name: "Salva la ricetta" }).click();
  expect((await saved).status()).toBe(200);

  const visitor = await phonePage(browser);
  await gotoHydrated(visitor, `${server.url}/ricette/vellutata-di-zucchine`);
  const facts = visitor.locator(".recipe-facts");
  const items = visitor.locator(".recipe-ingredients li");
  await expect(facts).toContainText("Porzioni2");
  await expect(items).toHaveText(["1 zucchina", "200 g patate", "1 cucchiaio olio extravergine d'oliva"]);

  const more = visitor.getByRole("button", { name: "Una porzione in più" });
  await more.click();
  await more.click();
  await expect(visitor.locator("[data-servings]")).toHaveText("4 porzioni");
  await expect(items).toHaveText(["2 zucchine", "400 g patate", "2 cucchiai olio extravergine d'oliva"]);
  await expect(facts).toContainText("Porzioni4");
  await visitor.emulateMedia({ media: "print" });
  await expect(facts).toBeVisible();
  await expect(facts).toContainText("Porzioni4");
  await expect(items.first()).toHaveText("2 zucchine");
  await visitor.emulateMedia({ media: "screen" });

  const less = visitor.getByRole("button", { name: "Una porzione in meno" });
  for (let i = 0; i < 3; i++) await less.click();
  await expect(facts).toContainText("Porzioni1");
  await expect(items.first()).toHaveText("½ zucchina");

  // The two energy units with a space on each side of the slash, as they are read and copied.
  const energy = visitor.getByRole("row", { name: /Energia/ });
  await expect(energy).toContainText("2176 kJ / 520 kcal");
  expect(await energy.locator("td").first().textContent()).toBe("2176 kJ / 520 kcal");
});

test("a studio's closed days are listed one by one, never as a span", async ({ page }) => {
  await page.goto(`${server.url}/home`);
  const closed = page
    .getByRole("list", { name: "Orari, Studio di Milano" })
    .getByRole("listitem")
    .filter({ hasText: "Chiuso" });
  await expect(closed).toHaveText("Lunedì, Mercoledì, Venerdì, Sabato e Domenica Chiuso");
});

test("the admin's label for the patients' count is the site's wording", async ({ page }) => {
  await signInAsAdmin(page, server);
  await page.goto(`${server.url}/admin/contenuti/pratica`);
  await expect(page.getByLabel("Pazienti soddisfatti")).toBeVisible();
  await expect(page.getByText("Pazienti seguiti")).toHaveCount(0);
});

test("a backup is named by Italy's clock and described in her words", async ({ page }) => {
  await signInAsAdmin(page, server);
  await page.goto(`${server.url}/admin/backup`);
  // The name's minute is Italy's at the click or when the backup ended (a minute may turn meanwhile).
  const romeStamp = () => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "Europe/Rome",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      })
        .formatToParts(new Date())
        .map((part) => [part.type, part.value]),
    );
    return `studio-${parts.year}${parts.month}${parts.day}-${parts.hour}${parts.minute}`;
  };
  const before = romeStamp();
  await page.getByRole("button", { name: "Esegui backup ora" }).click();
  await expect(page.getByText(/^Backup completato: /)).toBeVisible({ timeout: 60_000 });
  const after = romeStamp();
  await expect(page.locator(".backup-status dd").first()).toContainText(
    "0 recensioni, 1 foto, 1 ricetta, 0 appuntamenti",
  );
  const name = (await page.locator(".backup-download .backup-status__detail").textContent())!.split(",")[0]!;
  expect([`${before}.tar.gz`, `${after}.tar.gz`]).toContain(name);
});

test.describe("a review through an invitation", () => {
  let admin: Page;
  let link: string;

  test("the invitation form is empty once the invitation is made", async ({ browser }) => {
    admin = await phonePage(browser);
    await signInAsAdmin(admin, server);
    await gotoHydrated(admin, `${server.url}/admin/inviti`);
    await admin.getByLabel("Nome del paziente").fill("Maria Rossi");
    await admin.getByLabel("Nota per te").fill("Controllo di novembre");
    await admin.getByRole("button", { name: "Crea invito" }).click();
    const panel = admin.getByRole("region", { name: "Invito pronto" });
    await expect(panel).toBeVisible();
    const created = new URL(await panel.getByLabel(/Link personale/).inputValue());
    link = `${server.url}${created.pathname}${created.search}`;
    await expect(admin.getByLabel("Nome del paziente")).toHaveValue("");
    await expect(admin.getByLabel("Nota per te")).toHaveValue("");
  });

  test("the patient's form suggests the first name; once sent, the page says so and stays, with no 'already used'", async ({
    browser,
  }) => {
    const patient = await phonePage(browser);
    await gotoHydrated(patient, link);
    await expect(patient.getByLabel("Nome", { exact: true })).toHaveValue("Maria");
    await patient.getByLabel("La tua esperienza").fill("Consigli chiari e pratici.");
    await patient.getByRole("checkbox", { name: /Acconsento alla pubblicazione/ }).check();
    await waitForFillTime(patient);
    await patient.getByRole("button", { name: "Invia recensione" }).click();
    await expectToast(patient, ADDED);
    const sent = patient.locator(".review-sent");
    await expect(sent).toContainText(ADDED);
    // The list has followed the change (the page's data read again, the invitation now used)...
    await expect(reviewCard(patient, "Maria")).toBeVisible();
    // ...and once the 2 s toast is gone the page still says the review was sent, and nothing else.
    await expect(patient.getByTestId("toast").filter({ hasText: ADDED })).toHaveCount(0);
    await expect(sent).toContainText(ADDED);
    await expect(patient.getByText("Questo invito è già stato usato")).toHaveCount(0);
    await expectNoAxeViolations(patient);

    // Another review is the visitor's choice: the ordinary form, without the used invitation.
    await patient.getByRole("link", { name: "Scrivi un'altra recensione" }).click();
    await expect(patient.getByLabel("Nome", { exact: true })).toHaveValue("");
    await expect(patient.locator('input[name="invito"]')).toHaveCount(0);
  });

  test("without JavaScript, the page after sending says so", async ({ browser }) => {
    const visitor = await phonePage(browser, { javaScriptEnabled: false });
    await visitor.goto(`${server.url}/reviews`);
    await visitor.getByLabel("Nome", { exact: true }).fill("Paolo");
    await visitor.getByLabel("La tua esperienza").fill("Tutto spiegato con calma.");
    await visitor.getByRole("checkbox", { name: /Acconsento alla pubblicazione/ }).check();
    await waitForFillTime(visitor);
    await visitor.getByRole("button", { name: "Invia recensione" }).click();
    await expect(visitor.locator(".review-sent")).toContainText(ADDED);
    await expect(visitor.getByRole("button", { name: "Invia recensione" })).toHaveCount(0);
    await visitor.getByRole("link", { name: "Scrivi un'altra recensione" }).click();
    await expect(visitor.getByRole("button", { name: "Invia recensione" })).toBeVisible();
  });
});
