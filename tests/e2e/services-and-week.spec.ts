import type { Locator } from "@playwright/test";
import { expect as baseExpect, test, type Browser, type Page } from "../support/e2e-test";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { waitForHydratedElement, waitForHydration } from "../support/hydration";
import { saveScreenshot } from "../support/screenshots";

/*
 * Her services, which she adds, removes, orders and prices, on her phone with and without
 * JavaScript, then on the pages and in the structured data; the hours on a 320 px phone (a preset
 * keeps "Altro" open, the times are whole); the setup's hours step showing the week it saved
 * before it moves on.
 */
let server: AppServer;
// Several helpers share two cores: a save and the page's answer can take seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dataDir = newDataDir("e2e-services-week-", { admin: true });
  server = await startAppServer({ DATA_DIR: dataDir }, 90_000);
});

test.afterAll(async () => {
  await server?.stop();
});

const PHONE = { width: 390, height: 844 };
const SIZES = [{ width: 320, height: 640 }, PHONE, { width: 1440, height: 900 }];

/** Signed in, on her phone, in Italian. */
async function signIn(browser: Browser, javaScriptEnabled = true, viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({ viewport, javaScriptEnabled, locale: "it-IT" });
  const page = await context.newPage();
  page.on("dialog", (dialog) => {
    if (dialog.type() === "beforeunload") void dialog.accept();
  });
  await signInAsAdmin(page, server);
  return page;
}

async function open(page: Page, path: string, javaScript: boolean) {
  await page.goto(`${server.url}${path}`);
  if (javaScript) await waitForHydration(page);
}

const service = (page: Page, name: number | string) =>
  page.getByRole("group", { name: typeof name === "number" ? `Servizio ${name}` : name, exact: true });
const titles = (page: Page) =>
  page
    .locator(".service-list__item")
    .getByLabel("Titolo", { exact: true })
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

/** The services as a patient sees them on /services, and the prices the structured data gives. */
async function publicServices() {
  const html = await (await fetch(`${server.url}/services`)).text();
  const cards = [...html.matchAll(/<li class="service-card" id="([^"]+)">[\s\S]*?<\/li>/g)].map((card) => ({
    id: card[1]!,
    title: /service-card__title">([^<]+)</.exec(card[0])?.[1],
    price: /service-card__price">(?:<!-- -->)?Prezzo: (?:<!-- -->)?([^<]+)</.exec(card[0])?.[1],
  }));
  const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((script) => JSON.parse(script[1]!) as { hasOfferCatalog?: { itemListElement: Record<string, unknown>[] } })
    .find((data) => data.hasOfferCatalog);
  return { cards, offers: ld?.hasOfferCatalog?.itemListElement ?? [] };
}

test("with JavaScript: she removes a service, adds one with a price, moves it up; the pages and the data follow", async ({
  browser,
}) => {
  const admin = await signIn(browser);
  await open(admin, "/admin/contenuti/servizi", true);
  await expect(admin.locator(".service-list__item")).toHaveCount(6);
  const remove = admin.getByRole("button", { name: "Rimuovi: Nutrizione pediatrica" });
  await waitForHydratedElement(remove);
  await remove.click();
  await expect(admin.locator(".service-list__item")).toHaveCount(5);
  await admin.getByRole("button", { name: "Aggiungi un servizio" }).click();
  const added = service(admin, 6);
  await added.getByLabel("Titolo", { exact: true }).fill("Nutrizione in gravidanza");
  await added.getByLabel("Descrizione").fill("Alimentazione in gravidanza e allattamento, con il ginecologo.");
  await added.getByLabel("Icona").selectOption("children");
  for (let at = 4; at >= 0; at--) {
    // Pressed in the row React shows it in ("Servizio N" is its render of the order), once React
    // handles that button: never a button a render is still moving, nor one before React took it over.
    const up = service(admin, at + 2).getByRole("button", { name: "Sposta su: Nutrizione in gravidanza" });
    await waitForHydratedElement(up);
    await up.click();
    await expect(service(admin, at + 1).getByLabel("Titolo", { exact: true })).toHaveValue("Nutrizione in gravidanza");
    await expect.poll(async () => (await titles(admin)).indexOf("Nutrizione in gravidanza")).toBe(at);
  }
  await expect(admin.getByRole("button", { name: "Sposta su: Nutrizione in gravidanza" })).toBeDisabled();
  await service(admin, 1).getByLabel("Prezzo").fill("80 euro");
  // A price she cannot publish is said next to its field, in Italian.
  await admin.getByRole("button", { name: "Salva e pubblica", exact: true }).click();
  await expect(service(admin, 1)).toContainText("Scrivi il prezzo con le cifre e il simbolo €");
  await service(admin, 1).getByLabel("Prezzo").fill("da 80 €");
  await service(admin, 2).getByLabel("Prezzo").fill("70-90 €");
  await admin.getByRole("button", { name: "Salva e pubblica", exact: true }).click();
  await expect
    .poll(async () => (await publicServices()).cards.map((card) => card.title))
    .toEqual([
      "Nutrizione in gravidanza",
      "Piani alimentari personalizzati",
      "Educazione alimentare",
      "Gestione del peso",
      "Nutrizione e patologie",
      "Nutrizione sportiva",
    ]);
  const { cards, offers } = await publicServices();
  // Each card keeps its anchor; the new one has its own, from its title.
  expect(cards.map((card) => card.id)).toEqual([
    "servizio-nutrizione-in-gravidanza",
    "piani-alimentari",
    "educazione-alimentare",
    "gestione-del-peso",
    "nutrizione-e-patologie",
    "nutrizione-sportiva",
  ]);
  expect(cards.map((card) => card.price)).toEqual(["da 80 €", "70-90 €", undefined, undefined, undefined, undefined]);
  expect(offers[0]).toMatchObject({
    itemOffered: { name: "Nutrizione in gravidanza" },
    priceSpecification: { "@type": "PriceSpecification", priceCurrency: "EUR", minPrice: 80 },
  });
  expect(offers[1]).toMatchObject({ priceSpecification: { minPrice: 70, maxPrice: 90 } });
  expect(offers[2]).not.toHaveProperty("priceSpecification");
  // The home shows the same list, prices included.
  const home = await (await fetch(`${server.url}/home`)).text();
  expect(home).toContain("Nutrizione in gravidanza");
  expect(home).not.toContain("Nutrizione pediatrica");

  // Up to twelve: then no more "Aggiungi".
  await expect(admin.locator(".service-list__item")).toHaveCount(6);
  for (let n = 7; n <= 12; n++) {
    await admin.getByRole("button", { name: "Aggiungi un servizio" }).click();
    await expect(service(admin, n)).toBeVisible();
  }
  await expect(admin.getByRole("button", { name: "Aggiungi un servizio" })).toHaveCount(0);
  await expect(admin.getByText("Hai raggiunto il massimo di 12 servizi.")).toBeVisible();
  await expectNoAxeViolations(admin, { include: "main" });
});

test("without JavaScript: add, move and remove are the form's buttons; only the save publishes", async ({
  browser,
}) => {
  const admin = await signIn(browser, false);
  await open(admin, "/admin/contenuti/servizi", false);
  await admin.getByRole("button", { name: "Aggiungi un servizio" }).click();
  const added = service(admin, 7);
  await added.getByLabel("Titolo", { exact: true }).fill("Prima visita");
  await added.getByLabel("Descrizione").fill("Storia clinica, abitudini, misure.");
  await added.getByLabel("Prezzo").fill("€ 90");
  // Typed values come back with each answer (the server named the row when it had seen its title).
  await admin.getByRole("button", { name: "Sposta su: Servizio 7" }).click();
  await expect(service(admin, 6).getByLabel("Prezzo")).toHaveValue("€ 90");
  await admin.getByRole("button", { name: "Sposta su: Prima visita" }).click();
  await admin.getByRole("button", { name: "Rimuovi: Nutrizione sportiva" }).click();
  await expect(admin.locator(".service-list__item")).toHaveCount(6);
  expect((await publicServices()).cards.map((card) => card.title)).toContain("Nutrizione sportiva");
  await admin.getByRole("button", { name: "Salva e pubblica", exact: true }).click();
  await expect
    .poll(async () => (await publicServices()).cards.map((card) => card.title))
    .toEqual([
      "Nutrizione in gravidanza",
      "Piani alimentari personalizzati",
      "Educazione alimentare",
      "Gestione del peso",
      "Prima visita",
      "Nutrizione e patologie",
    ]);
  const { cards, offers } = await publicServices();
  expect(cards[4]).toMatchObject({ id: "servizio-prima-visita", price: "€ 90" });
  expect(offers[4]).toMatchObject({ priceSpecification: { price: 90, priceCurrency: "EUR" } });
});

test("screens of the services editor at 320, 390 and 1440 px stay on the screen's width", async ({ browser }) => {
  for (const viewport of SIZES) {
    const admin = await signIn(browser, true, viewport);
    await open(admin, "/admin/contenuti/servizi", true);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await saveScreenshot(admin, `services-editor-${viewport.width}`, { fullPage: true });
    await admin.context().close();
  }
});

const place = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
const day = (page: Page, placeName: string, dayName: string) =>
  place(page, placeName).getByRole("group", { name: dayName, exact: true });
async function openMore(dayGroup: Locator) {
  if ((await dayGroup.locator("details").getAttribute("open")) === null) await dayGroup.locator("summary").click();
  await expect(dayGroup.locator("details")).toHaveAttribute("open", "");
}

/**
 * Whether a time field shows its whole value: the field as wide as the same field left at its own
 * width (what its text needs; here the browser draws "09:00 AM", wider than her phone's "09:00").
 */
async function showsWhole(input: Locator) {
  return input.evaluate((element) => {
    const field = element as HTMLInputElement;
    // The same field left at its own width (what its text needs), beside it, measured.
    const probe = field.cloneNode() as HTMLInputElement;
    probe.value = field.value;
    probe.style.cssText = "position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none";
    field.after(probe);
    const needed = probe.getBoundingClientRect().width;
    probe.remove();
    return { needed, has: field.getBoundingClientRect().width, overflows: field.scrollWidth > field.clientWidth };
  });
}

test("hours at 320 px: a one-range preset keeps 'Altro' and the copy, and the times show 09:00 whole", async ({
  browser,
}) => {
  const admin = await signIn(browser, true, { width: 320, height: 640 });
  await open(admin, "/admin/contenuti/orari", true);
  const monday = day(admin, "Studio di Milano", "Lunedì");
  const opens = monday.getByRole("group", { name: "Lunedì, prima fascia" }).getByLabel("Apre alle");
  await expect(opens).toHaveValue("09:00");
  for (const input of [opens, monday.getByRole("group", { name: "Lunedì, prima fascia" }).getByLabel("Chiude alle")]) {
    const { needed, has, overflows } = await showsWhole(input);
    expect(overflows).toBe(false);
    expect(has, `a field ${has} px wide for a time that needs ${needed} px`).toBeGreaterThanOrEqual(needed);
  }
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await openMore(monday);
  await monday.getByRole("button", { name: "Mattina 9–13" }).click();
  await expect(monday.getByRole("group", { name: "Lunedì, prima fascia" }).getByLabel("Chiude alle")).toHaveValue(
    "13:00",
  );
  // "Altro" stays open, the copy in reach.
  await expect(monday.locator("details")).toHaveAttribute("open", "");
  await expect(monday.getByRole("button", { name: "Copia sui giorni aperti gli orari di lunedì" })).toBeVisible();
  await monday.getByRole("button", { name: "Copia sui giorni aperti gli orari di lunedì" }).click();
  await expect(monday.locator("details")).toHaveAttribute("open", "");
  await expect(
    day(admin, "Studio di Milano", "Martedì")
      .getByRole("group", { name: "Martedì, prima fascia" })
      .getByLabel("Chiude alle"),
  ).toHaveValue("13:00");
  await saveScreenshot(admin, "hours-editor-preset-320");
});

/** The setup's hours step, its form, saved: the week it published, day by day, before it moves on. */
async function saveHoursStep(admin: Page, javaScript: boolean) {
  await open(admin, "/admin/configurazione/orari", javaScript);
  const sunday = day(admin, "Studio di Milano", "Domenica");
  await sunday.getByLabel("Chiuso").uncheck();
  await sunday.getByRole("group", { name: "Domenica, prima fascia" }).getByLabel("Apre alle").fill("10:00");
  await sunday.getByRole("group", { name: "Domenica, prima fascia" }).getByLabel("Chiude alle").fill("12:00");
  await day(admin, "Studio di Milano", "Sabato").getByLabel("Chiuso").check();
  await admin.getByRole("button", { name: "Salva e continua" }).click();
  await expect(admin.getByRole("heading", { name: "Controlla la settimana" })).toBeVisible();
  await expect(admin).toHaveURL(/\/configurazione\/orari\?settimana$/);
}

const weekRow = (page: Page, placeName: string, dayName: string) =>
  page.getByRole("table", { name: placeName }).getByRole("row", { name: dayName });

for (const javaScript of [true, false]) {
  test(`the setup's hours step shows the week it saved, then goes on or back (${javaScript ? "with" : "without"} JavaScript)`, async ({
    browser,
  }) => {
    const admin = await signIn(browser, javaScript);
    await saveHoursStep(admin, javaScript);
    await expect(weekRow(admin, "Studio di Milano", "Lunedì")).toHaveText(/Lunedì\s*9:00–19:00/);
    await expect(weekRow(admin, "Studio di Milano", "Sabato")).toHaveText(/Sabato\s*Chiuso/);
    await expect(weekRow(admin, "Studio di Milano", "Domenica")).toHaveText(/Domenica\s*10:00–12:00/);
    await expect(weekRow(admin, "Visite online", "Domenica")).toHaveText(/Domenica\s*Chiuso/);
    await expect(admin.locator(".setup__progress")).toContainText("Passo 3 di 7: Orari.");
    // Back to the hours: the form again, as saved.
    await admin.getByRole("link", { name: "Correggi gli orari" }).click();
    await expect(admin).toHaveURL(/\/configurazione\/orari$/);
    await expect(day(admin, "Studio di Milano", "Sabato").getByLabel("Chiuso")).toBeChecked();
    await admin.goBack();
    await expect(admin.getByRole("heading", { name: "Controlla la settimana" })).toBeVisible();
    await admin.getByRole("link", { name: "Sì, è giusta: continua" }).click();
    await expect(admin).toHaveURL(/\/configurazione\/contatti$/);
  });
}

test("screens of the setup's hours step and its week at 320, 390 and 1440 px", async ({ browser }) => {
  for (const viewport of SIZES) {
    const admin = await signIn(browser, true, viewport);
    await open(admin, "/admin/configurazione/orari", true);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await saveScreenshot(admin, `setup-hours-${viewport.width}`, { fullPage: true });
    await admin.getByRole("button", { name: "Salva e continua" }).click();
    await expect(admin.getByRole("heading", { name: "Controlla la settimana" })).toBeVisible();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(admin, { include: "main" });
    await saveScreenshot(admin, `setup-hours-week-${viewport.width}`, { fullPage: true });
    await admin.context().close();
  }
});
