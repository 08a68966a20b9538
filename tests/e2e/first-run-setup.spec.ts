import type { Locator, Page } from "@playwright/test";
import { expect as baseExpect, test } from "../support/e2e-test";
import { defaultSiteContent } from "~/features/site-content/defaults";
import { ADMIN, jpeg } from "../support/admin";
import { saveAndPublish, signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { gotoHydrated } from "../support/hydration";
import { expectSetupStep } from "../support/setup-steps";
import { expectToast } from "../support/toasts";
import { viewports } from "../support/viewports";

/*
 * At 390 px: from a fresh start, her first sign-in opens "Configurazione iniziale";
 * she walks its steps (each saved as she goes, each skippable) to a site with nothing fictional left,
 * her taps counted; the setup opens only once, and a step works without JavaScript.
 */
let server: AppServer;
// Several helpers share two cores: a save and the page's answer can take seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: "serial", timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dataDir = newDataDir("e2e-first-run-", { admin: true });
  server = await startAppServer({ DATA_DIR: dataDir }, 90_000);
});

test.afterAll(async () => {
  await server?.stop();
});

/** What the fictional first version says that is someone else's. */
const FICTIONAL = [
  "Giulia Ferrari",
  "AA_084512",
  "07184320153",
  "Lombardia",
  "Via Giuseppe Verdi",
  "Corso Garibaldi",
  "Milano",
  "Monza",
  "347 218 4590",
  "giuliaferrari",
];

/** Each tap or field she fills, counted. */
function counter(page: Page) {
  let taps = 0;
  return {
    tap: async (target: Locator) => {
      taps++;
      await target.click();
    },
    type: async (target: Locator, text: string) => {
      taps++;
      await target.fill(text);
    },
    upload: async (target: Locator, file: { name: string; mimeType: string; buffer: Buffer }) => {
      taps++;
      await target.setInputFiles(file);
    },
    get taps() {
      return taps;
    },
    page,
  };
}

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

/** The step's header says where she is; axe is clean on it at 390 and 1440 px. */
async function atStep(page: Page, n: number, title: string) {
  await expect(page.getByRole("heading", { level: 1, name: "Configurazione iniziale" })).toBeVisible();
  await expectSetupStep(page, n, title);
  for (const viewport of [viewports[1], viewports[0]]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
  }
}

test("her first sign-in opens the setup; she walks it to a site with nothing fictional left", async ({ page }) => {
  const her = counter(page);
  await page.goto(`${server.url}/admin-login`);
  await her.type(field(page, "Email"), ADMIN.email);
  await her.type(field(page, "Password"), ADMIN.password);
  await her.tap(page.getByRole("button", { name: "Accedi" }));
  await expect(page).toHaveURL(`${server.url}/admin/configurazione/chi-sei`);
  await atStep(page, 1, "Chi sei");
  // The fictional details of this step are marked as examples until she replaces them.
  const examples = page.getByRole("region", { name: "Esempi da sostituire" });
  // One line with their count; the list behind "Mostra", opened from the keyboard too.
  await expect(examples).toContainText(/Esempi da sostituire: \d+ dati/);
  expect((await examples.boundingBox())!.height).toBeLessThan(60);
  const partitaIva = examples.getByRole("link", { name: "la Partita IVA", exact: true });
  await expect(partitaIva).toBeHidden();
  await examples.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(partitaIva).toBeVisible();
  await examples.getByText("Nascondi").click();
  await expect(partitaIva).toBeHidden();
  const next = page.getByRole("button", { name: "Salva e continua" });

  // 1. Who she is. Someone else's details start empty, the example only a hint: nothing to clear by hand.
  await expect(field(page, "Nome visualizzato")).toHaveValue("");
  await expect(field(page, "Nome visualizzato")).toHaveAttribute("placeholder", "es. Dott.ssa Giulia Ferrari");
  await her.type(field(page, "Nome visualizzato"), "Dott.ssa Chiara Rinaldi");
  await her.type(field(page, "Albo professionale"), "Ordine dei Biologi del Piemonte");
  await her.type(field(page, "Numero di iscrizione all'albo"), "AA_071234");
  await her.type(field(page, "Partita IVA"), "12345678903");
  await her.type(field(page, "Intestatario della Partita IVA"), "Chiara Rinaldi");
  // The example's title is hers too: kept with one tap, it fills the field, hers to touch up.
  await expect(field(page, "Titolo professionale")).toHaveValue("");
  await her.tap(page.getByRole("checkbox", { name: /^Tieni «Biologa Nutrizionista»\s*: Titolo professionale$/ }));
  await expect(field(page, "Titolo professionale")).toHaveValue("Biologa Nutrizionista");
  // The home's figures: hers, or left empty (then the home does not show that one).
  await her.type(field(page, "Pazienti soddisfatti (facoltativo)"), "300+");
  await expect(field(page, "Anni di esperienza (facoltativo)")).toHaveValue("");
  await her.tap(next);
  await expect(page).toHaveURL(/\/configurazione\/studi$/);
  await atStep(page, 2, "I tuoi studi");

  // 2. One studio, in Turin: the second example studio removed.
  await her.tap(page.getByRole("button", { name: "Rimuovi: Studio di Monza" }));
  const studio = page.getByRole("group", { name: "Studio 1", exact: true });
  await her.type(field(studio, "Nome dello studio"), "Studio di Torino");
  await her.type(field(studio, "Via e numero civico"), "Via Roma 12");
  await her.type(field(studio, "CAP"), "10121");
  await her.type(field(studio, "Città"), "Torino");
  await her.type(field(studio, "Provincia"), "TO");
  await her.tap(next);
  await expect(page).toHaveURL(/\/configurazione\/orari$/);
  await atStep(page, 3, "Orari");

  // 3. Hours: the example's week suits her; skipped.
  await her.tap(page.getByRole("link", { name: "Salta questo passo" }));
  await expect(page).toHaveURL(/\/configurazione\/contatti$/);
  await atStep(page, 4, "Contatti");

  // 4. Contacts and links.
  await her.type(field(page, "Telefono"), "+39 333 123 4567");
  await her.type(field(page, "Email"), "studio@chiararinaldi.it");
  await her.type(field(page, "Sito di prenotazione"), "https://www.chiararinaldi.it/prenota");
  await her.type(
    field(page, "Profilo per le prenotazioni (es. MioDottore)"),
    "https://www.miodottore.it/chiara-rinaldi",
  );
  await her.type(field(page, "Link del profilo social"), "https://www.instagram.com/chiararinaldi/");
  await her.type(field(page, "Link per i messaggi"), "https://wa.me/393331234567");
  await her.tap(next);
  await expect(page).toHaveURL(/\/configurazione\/ritratto$/);
  await atStep(page, 5, "Ritratto");

  // 5. Her portrait: uploaded, the step stays for the focus, then on.
  await her.upload(field(page, "Foto"), { name: "ritratto.jpg", mimeType: "image/jpeg", buffer: await jpeg(600, 800) });
  await her.tap(page.getByRole("button", { name: "Carica e pubblica" }));
  await expect(page.getByRole("button", { name: "Salva e continua" })).toBeVisible();
  await expect(page).toHaveURL(/\/configurazione\/ritratto$/);
  await her.tap(next);
  await expect(page).toHaveURL(/\/configurazione\/testi$/);
  await atStep(page, 6, "Testi della home");

  // 6. The home's texts: the example's as hints, each hers with one tap or by typing; skipped for now.
  await expect(field(page, "Presentazione sotto il titolo")).toHaveValue("");
  await expect(field(page, "Presentazione sotto il titolo")).toHaveAttribute(
    "placeholder",
    /^Sono \{nome\}, \{titolo\}\./,
  );
  await expect(page.getByRole("region", { name: "Esempi da sostituire" })).toContainText("5 dati");
  await her.tap(page.getByRole("link", { name: "Salta questo passo" }));
  await expect(page).toHaveURL(/\/configurazione\/servizi$/);
  await atStep(page, 7, "Servizi");

  // 7. The services saved as they are, none kept: still the example's words.
  await her.tap(next);
  await expect(page).toHaveURL(/\/configurazione\/fine$/);
  // What she skipped is still the example's, and the closing screen says so (decision 73): the texts,
  // the services and the example FAQs; not the title she kept, nor the figures she gave or left empty.
  await expect(page.getByRole("heading", { level: 2, name: "Restano alcuni dati d'esempio" })).toBeVisible();
  const left = page.getByRole("region", { name: "Esempi da sostituire" });
  await left.locator("summary").click();
  for (const label of ["il motto", "il testo «Chi sono»"])
    await expect(left.getByRole("link", { name: label, exact: true })).toBeVisible();
  for (const label of [
    "il titolo professionale",
    "il numero di pazienti della home",
    "gli anni di esperienza della home",
  ])
    await expect(left.getByRole("link", { name: label, exact: true })).toHaveCount(0);
  await expect(left.getByRole("link", { name: /^la domanda d'esempio/ })).toHaveCount(4);
  // Each example service, with the form where she rewrites or keeps it.
  const services = left.getByRole("link", { name: /^il servizio «/ });
  await expect(services).toHaveText(defaultSiteContent.services.map((service) => `il servizio «${service.title}»`));
  for (const link of await services.all()) await expect(link).toHaveAttribute("href", "/admin/contenuti/servizi");
  for (const viewport of [viewports[1], viewports[0]]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
  }
  await her.tap(page.getByRole("button", { name: "Concludi la configurazione" }));
  await expect(page).toHaveURL(`${server.url}/admin`);
  await expectToast(page, "Configurazione completata.");
  await expect(page.getByRole("region", { name: "Da fare" })).toContainText(
    /Sul sito restano dati d'esempio da sostituire: il motto, .*il servizio «Nutrizione sportiva», la domanda d'esempio/,
  );

  console.log(`first-run setup: ${her.taps} taps from the sign-in to a site of her own`);
  // 3 to sign in, 17 fields of her own details, a photo chosen, 11 buttons and links (measured: 32).
  expect(her.taps).toBeLessThanOrEqual(32);

  for (const path of ["/home", "/services", "/privacy"]) {
    const body = await (await fetch(`${server.url}${path}`)).text();
    for (const fictional of FICTIONAL) expect(body, `${path} still says ${fictional}`).not.toContain(fictional);
  }
  // Her figure on the home; the one she left empty, not at all.
  const home = await (await fetch(`${server.url}/home`)).text();
  expect(home).toMatch(/300\+<\/span><span class="stat__label">pazienti soddisfatti/);
  expect(home).not.toContain("anni di esperienza");
});

test("the setup opened once: a later sign-in goes to the panel; the steps stay reachable", async ({ page }) => {
  await page.goto(`${server.url}/admin-login`);
  await field(page, "Email").fill(ADMIN.email);
  await field(page, "Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page).toHaveURL(`${server.url}/admin`);
  await page.goto(`${server.url}/admin/configurazione/chi-sei`);
  await expect(field(page, "Nome visualizzato")).toHaveValue("Dott.ssa Chiara Rinaldi");
});

test("a text names her studios' cities by a button; one naming a city she has no studio in is pointed out", async ({
  page,
}) => {
  await signInAsAdmin(page, server);
  // The city button writes into the field with JavaScript: pressed before the page is live, it does nothing.
  await gotoHydrated(page, `${server.url}/admin/contenuti/testi`);
  const motto = field(page, "Motto della pagina iniziale");
  await motto.fill("Nutrizionista a ");
  await page.getByRole("button", { name: "Città degli studi" }).click();
  await expect(motto).toHaveValue("Nutrizionista a {citta}");
  await saveAndPublish(page);
  await expect.poll(async () => (await fetch(`${server.url}/home`)).text()).toContain("Nutrizionista a Torino");

  await motto.fill("Nutrizionista a Monza");
  await saveAndPublish(page);
  await expect(page.getByRole("region", { name: "Esempi da sostituire" })).toContainText("il motto");
  await page.goto(`${server.url}/admin`);
  await expect(page.getByRole("region", { name: "Da fare" })).toContainText(
    /Sul sito restano dati d'esempio da sostituire: .*il motto/,
  );
});

test("without JavaScript a step saves and goes on, and 'Salta questo passo' is a link", async ({ browser }) => {
  const context = await browser.newContext({ viewport: viewports[0], javaScriptEnabled: false });
  const page = await context.newPage();
  await signInAsAdmin(page, server);
  await page.goto(`${server.url}/admin/configurazione/chi-sei`);
  await field(page, "Nome visualizzato").fill("Dott.ssa Chiara Rinaldi Bianchi");
  await page.getByRole("button", { name: "Salva e continua" }).click();
  await expect(page).toHaveURL(/\/configurazione\/studi$/);
  await expect(page.locator(".setup__progress")).toContainText("Passo 2 di 7");
  await page.getByRole("link", { name: "Salta questo passo" }).click();
  await expect(page).toHaveURL(/\/configurazione\/orari$/);
  const home = await (await fetch(`${server.url}/home`)).text();
  expect(home).toContain("Dott.ssa Chiara Rinaldi Bianchi");

  // The example's texts kept with one tap each (the motto is hers already): the server puts them back, and they are hers.
  await page.goto(`${server.url}/admin/configurazione/testi`);
  const keep = page.getByRole("checkbox", { name: /^Tieni/ });
  await expect(keep).toHaveCount(4);
  for (const box of await keep.all()) await box.check();
  await page.getByRole("button", { name: "Salva e continua" }).click();
  await expect(page).toHaveURL(/\/configurazione\/servizi$/);
  // An example service kept with one tap, as it is.
  await page.getByRole("checkbox", { name: /^Tieni il servizio d'esempio\s*: Educazione alimentare$/ }).check();
  await page.getByRole("button", { name: "Salva e continua" }).click();
  await expect(page).toHaveURL(/\/configurazione\/fine$/);
  const left = page.getByRole("region", { name: "Esempi da sostituire" });
  for (const label of ["il titolo della home", "il testo «Chi sono»", "il servizio «Educazione alimentare»"])
    await expect(left.getByText(label, { exact: true })).toHaveCount(0);
  await expect(left.getByText("il servizio «Nutrizione sportiva»", { exact: true })).toHaveCount(1);
  const about = await (await fetch(`${server.url}/home`)).text();
  expect(about).toContain("Credo in un'alimentazione che si possa seguire davvero");
  await context.close();
});
