import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect as baseExpect, test, type Browser, type Page } from "../support/e2e-test";
import { CONTENT_MESSAGES } from "~/features/site-content/messages";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { createBookingSettingsRepository } from "~/features/booking/booking-settings.server";
import { jpeg } from "../support/admin";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { seedBooking } from "../support/factory";
import { expectNoAxeViolations } from "../support/axe";
import { waitForLiveStream } from "../support/event-stream";
import { gotoHydrated } from "../support/hydration";
import { viewports } from "../support/viewports";
import { saveScreenshot } from "../support/screenshots";

/*
 * "Contenuti del sito": the practitioner edits her site and every open page follows without a
 * reload. One server with its own empty database, so versions count from 1.
 */
let server: AppServer;
let dataDir: string;
// Seven helpers share two cores here: a save and the pages' refresh can take seconds.
const expect = baseExpect.configure({ timeout: 15_000 });

test.beforeAll(async () => {
  // Seven helpers share two cores: creating the account and starting can be slow.
  test.setTimeout(120_000);
  dataDir = newDataDir("e2e-content-", { admin: true });
  // Every browser here is one client address, with several pages open at once and their live
  // streams: the per-address cap (10 by default) leaves no room to spare.
  server = await startAppServer({ DATA_DIR: dataDir, LIVE_STREAMS_PER_CLIENT: "100" }, 90_000);
});

test.afterAll(async () => {
  await server?.stop();
});

async function signIn(
  browser: Browser,
  options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {},
) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  // Tests move on with page.goto from forms they left unsaved: the browser's "leave the page?" is answered "leave".
  page.on("dialog", (dialog) => {
    if (dialog.type() === "beforeunload") void dialog.accept();
  });
  await signInAsAdmin(page, server);
  return page;
}

/** A visitor's page, open before the change, with its live stream connected. */
async function openVisitor(browser: Browser, pathname: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.url}${pathname}`);
  await waitForLiveStream(page);
  return page;
}

async function publishedVersion(page: Page): Promise<number> {
  await page.goto(`${server.url}/admin/contenuti`);
  return Number(await page.locator(".content-editor__status strong").textContent());
}

test.describe.configure({ mode: "serial", timeout: 120_000 });

/** Booking back to the default (her external profile), as the other tests expect the home. */
async function setBookingMode(mode: "external") {
  const database = await openSiteDatabase({ dataDir });
  try {
    const settings = createBookingSettingsRepository(database.db, createMemoryEventBus());
    await settings.save({ ...(await settings.get()), mode });
  } finally {
    await database.close();
  }
}

/** Clicks the form's button and waits until the editor shows the next published version. */
async function saveAndPublish(page: Page, button = "Salva e pubblica") {
  const status = page.locator(".content-editor__status strong");
  const before = Number(await status.textContent());
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(status).toHaveText(String(before + 1));
}

test("the practice details reach the footer of open pages and the structured data", async ({ browser }) => {
  const admin = await signIn(browser);
  const services = await openVisitor(browser, "/services");
  const home = await openVisitor(browser, "/home");

  await admin.getByRole("link", { name: "Contenuti del sito" }).click();
  await admin.getByRole("link", { name: "Dati dello studio" }).click();
  await admin.getByLabel("Telefono").fill("+39 02 8765 4321");
  await admin.getByLabel("Numero di iscrizione all'albo").fill("AA_099999");
  await admin.getByLabel("Partita IVA", { exact: true }).fill("01234567897");
  await saveAndPublish(admin);

  const legal = services.locator(".site-footer__legal");
  await expect(legal).toContainText("iscrizione n. AA_099999");
  await expect(legal).toContainText("P.IVA 01234567897");
  await expect(services.locator(".site-footer")).toContainText("+39 02 8765 4321");
  await expect(home.locator("#contatti")).toContainText("+39 02 8765 4321");
  const jsonLd = JSON.parse((await home.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(jsonLd.vatID).toBe("IT01234567897");
});

test("texts and services appear on /home and /services without reloading", async ({ browser }) => {
  const admin = await signIn(browser);
  const home = await openVisitor(browser, "/home");
  const services = await openVisitor(browser, "/services");

  await gotoHydrated(admin, `${server.url}/admin/contenuti/testi`);
  await admin.getByLabel("Titolo principale della home").fill("Mangiare bene, con gusto");
  await admin
    .getByLabel("Chi sono")
    .fill("Primo paragrafo <b>non HTML</b>".replace(/[<>]/g, "") + "\n\nSecondo paragrafo\ncon un a capo.");
  await admin.getByLabel("Introduzione della pagina dei servizi").fill("Percorsi su misura per ogni età.");
  await saveAndPublish(admin);

  await expect(home.locator("#hero-title")).toHaveText("Mangiare bene, con gusto");
  const about = home.locator(".about__text > p:not(.eyebrow)");
  await expect(about).toHaveCount(2);
  await expect(about.nth(1)).toContainText("Secondo paragrafo");
  expect(await about.nth(1).locator("br").count()).toBe(1);
  await expect(services.locator(".services-page__intro")).toHaveText("Percorsi su misura per ogni età.");

  await admin.goto(`${server.url}/admin/contenuti/servizi`);
  const first = admin.getByRole("group", { name: "Servizio 1" });
  await first.getByLabel("Titolo", { exact: true }).fill("Consulenza nutrizionale");
  await first.getByLabel("Icona").selectOption("sport");
  await saveAndPublish(admin);
  await expect(services.locator(".service-card").first()).toContainText("Consulenza nutrizionale");
  await expect(home.locator(".service-card").first()).toContainText("Consulenza nutrizionale");
  await expect(services.locator(".service-card")).toHaveCount(6);
});

test("hours are saved per day and shown grouped", async ({ browser }) => {
  const admin = await signIn(browser);
  const home = await openVisitor(browser, "/home");
  await admin.goto(`${server.url}/admin/contenuti/orari`);
  const milano = admin.getByRole("group", { name: "Studio di Milano", exact: true });
  const monday = milano.getByRole("group", { name: "Lunedì", exact: true });
  await monday.getByRole("group", { name: "Lunedì, prima fascia" }).getByLabel("Chiude alle").fill("13:00");
  // The second range is in the day's "Altro".
  await monday.getByText("Altro").click();
  const afternoon = monday.getByRole("group", { name: "Lunedì, seconda fascia" });
  await afternoon.getByLabel("Riapre alle").fill("15:00");
  await afternoon.getByLabel("Chiude alle").fill("19:00");
  const saturday = milano.getByRole("group", { name: "Sabato", exact: true });
  const saturdayMorning = saturday.getByRole("group", { name: "Sabato, prima fascia" });
  await saturday.getByLabel("Chiuso").check();
  // A closed day shows only its box; its times wait, unchanged, for the day it opens again.
  await expect(saturdayMorning).toBeHidden();
  await saturday.getByLabel("Chiuso").uncheck();
  await expect(saturdayMorning.getByLabel("Apre alle")).toHaveValue("09:00");
  await saturday.getByLabel("Chiuso").check();
  await saveAndPublish(admin);
  await expect(milano.getByText("Sul sito ora:")).toContainText("Lun 9:00–13:00 e 15:00–19:00, Mar–Ven 9:00–19:00");

  const hours = home.getByRole("list", { name: "Orari, Studio di Milano" });
  await expect(hours).toContainText("Lunedì");
  await expect(hours).toContainText("9:00–13:00 e 15:00–19:00");
  await expect(hours).toContainText("Martedì – Venerdì");
  // A closed day is said as closed (it used to disappear from the list).
  await expect(hours.getByRole("listitem").filter({ hasText: "Sabato e Domenica" })).toContainText("Chiuso");
  // Monza keeps its own week.
  await expect(home.getByRole("list", { name: "Orari, Studio di Monza" })).toContainText("Sabato 9:00–13:00");
});

test("each studio has its own week: Monza closed on Monday, Milan open, on the home and in booking", async ({
  browser,
}) => {
  const admin = await signIn(browser);
  const home = await openVisitor(browser, "/home");
  await admin.goto(`${server.url}/admin/contenuti/orari`);
  const monza = admin.getByRole("group", { name: "Studio di Monza", exact: true });
  // One place is open at a time on a phone: Milan's at first.
  await monza.locator(":scope > summary").click();
  await monza.getByRole("group", { name: "Lunedì", exact: true }).getByLabel("Chiuso").check();
  await saveAndPublish(admin);
  await expect(monza.getByText("Sul sito ora:")).toContainText("Mar–Ven 9:00–19:00, Sab 9:00–13:00");

  const monzaHours = home.getByRole("list", { name: "Orari, Studio di Monza" });
  await expect(monzaHours.getByRole("listitem").filter({ hasText: "Chiuso" })).toHaveText("Lunedì e Domenica Chiuso");
  await expect(monzaHours).toContainText("Martedì – Venerdì 9:00–19:00");
  await expect(home.getByRole("list", { name: "Orari, Studio di Milano" })).toContainText(
    "Lunedì 9:00–13:00 e 15:00–19:00",
  );

  // Booking on, with a first visit offered in both studios: Monza offers no Monday, Milan does.
  const { visitTypeId } = await seedBooking(dataDir);
  try {
    const patient = await (await browser.newContext()).newPage();
    const dayLabels = async (studio: string) => {
      await patient.goto(`${server.url}/prenota?sede=${studio}&visita=${visitTypeId}`);
      const days = patient.getByRole("group", { name: "Giorni con orari liberi" }).getByRole("link");
      await expect(days.first()).toBeVisible();
      // Each free day's link is named with its date ("lunedì 30 novembre 2026, 9 orari").
      return days.evaluateAll((links) => links.map((link) => link.getAttribute("aria-label") ?? ""));
    };
    const monzaDays = await dayLabels("studio-di-monza");
    expect(monzaDays.some((day) => /^martedì/i.test(day))).toBe(true);
    expect(monzaDays.filter((day) => /^lunedì/i.test(day))).toEqual([]);
    expect((await dayLabels("studio-di-milano")).some((day) => /^lunedì/i.test(day))).toBe(true);
  } finally {
    await setBookingMode("external");
  }
});

test("studios can be added, reordered and removed", async ({ browser }) => {
  const admin = await signIn(browser);
  const home = await openVisitor(browser, "/home");
  await admin.goto(`${server.url}/admin/contenuti/studi`);
  await admin.getByRole("button", { name: "Aggiungi uno studio" }).click();
  const third = admin.getByRole("group", { name: "Studio 3" });
  await third.getByLabel("Nome dello studio").fill("Studio di Lecco");
  await third.getByLabel("Via e numero civico").fill("Piazza Cermenati 4");
  await third.getByLabel("CAP").fill("23900");
  await third.getByLabel("Città").fill("Lecco");
  await third.getByLabel("Provincia").fill("lc");
  await admin.getByRole("button", { name: "Sposta su: Studio di Lecco" }).click();
  await admin.getByRole("button", { name: "Rimuovi: Studio di Monza" }).click();
  await saveAndPublish(admin);

  const cards = home.locator(".contact-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText("Studio di Milano");
  await expect(cards.nth(1)).toContainText("Piazza Cermenati 4, 23900 Lecco (LC)");
  await expect(cards.nth(1).locator("a.contact-card__address")).toHaveAttribute(
    "href",
    /google\.com\/maps\/search\/.*Lecco/,
  );
});

test("wrong values are refused with their messages next to the field, and nothing changes", async ({ browser }) => {
  const admin = await signIn(browser);
  const before = await publishedVersion(admin);

  await admin.goto(`${server.url}/admin/contenuti/pratica`);
  const vat = admin.getByLabel("Partita IVA", { exact: true });
  await vat.fill("01234567890");
  await vat.blur();
  await expect(admin.getByText("Partita IVA non valida")).toBeVisible();
  await expect(vat).toHaveAttribute("aria-invalid", "true");
  await expect(vat).toHaveAccessibleDescription(/Partita IVA non valida/);
  await admin.getByLabel("Sito di prenotazione").fill("prenota punto it");
  await admin.getByLabel("Nome visualizzato").fill("");
  await admin.getByRole("button", { name: "Salva e pubblica" }).click();
  await expect(admin.getByText(/^Indirizzo web non valido/)).toBeVisible();
  await expect(admin.getByText("Indica il nome che compare sul sito.")).toBeVisible();

  await admin.goto(`${server.url}/admin/contenuti/orari`);
  const tuesday = admin
    .getByRole("group", { name: "Studio di Milano", exact: true })
    .getByRole("group", { name: "Martedì", exact: true });
  await tuesday.getByRole("group", { name: "Martedì, prima fascia" }).getByLabel("Chiude alle").fill("14:00");
  await tuesday.getByText("Altro").click();
  const second = tuesday.getByRole("group", { name: "Martedì, seconda fascia" });
  await second.getByLabel("Riapre alle").fill("13:00");
  await second.getByLabel("Chiude alle").fill("18:00");
  await admin.getByRole("button", { name: "Salva e pubblica" }).click();
  await expect(tuesday.getByText(/Le due fasce orarie si sovrappongono/)).toBeVisible();

  await gotoHydrated(admin, `${server.url}/admin/contenuti/testi`);
  await admin.getByLabel("Chi sono").fill("a".repeat(100_000));
  await admin.getByRole("button", { name: "Salva e pubblica" }).click();
  await expect(admin.getByText("Testo troppo lungo: al massimo 5000 caratteri.")).toBeVisible();

  expect(await publishedVersion(admin)).toBe(before);
  const home = await (await fetch(`${server.url}/home`)).text();
  expect(home).toContain("Mangiare bene, con gusto");
});

test("the server refuses the same values when the browser does not check them (no JavaScript)", async ({ browser }) => {
  const admin = await signIn(browser, { javaScriptEnabled: false });
  const before = await publishedVersion(admin);

  await admin.goto(`${server.url}/admin/contenuti/pratica`);
  await admin.getByLabel("Partita IVA", { exact: true }).fill("12345678901");
  await admin.getByLabel("Albo professionale").fill("");
  await admin.getByLabel("Link del profilo social").fill("javascript:alert(1)");
  await admin.getByRole("button", { name: "Salva e pubblica" }).click();
  await expect(admin.getByLabel("Partita IVA", { exact: true })).toHaveAccessibleDescription(/Partita IVA non valida/);
  await expect(admin.getByLabel("Partita IVA", { exact: true })).toHaveValue("12345678901");
  await expect(
    admin.getByText("L'albo professionale è obbligatorio: per legge compare in fondo a ogni pagina."),
  ).toBeVisible();
  await expect(admin.getByText(/^Indirizzo web non valido/)).toBeVisible();

  await admin.goto(`${server.url}/admin/contenuti/testi`);
  await admin.getByLabel("Chi sono").fill("a".repeat(100_000));
  await admin.getByRole("button", { name: "Salva e pubblica" }).click();
  await expect(admin.getByText("Testo troppo lungo: al massimo 5000 caratteri.")).toBeVisible();

  await admin.goto(`${server.url}/admin/contenuti/orari`);
  const wednesday = admin
    .getByRole("group", { name: "Studio di Milano", exact: true })
    .getByRole("group", { name: "Mercoledì", exact: true });
  await wednesday.getByRole("group", { name: "Mercoledì, prima fascia" }).getByLabel("Chiude alle").fill("08:00");
  await admin.getByRole("button", { name: "Salva e pubblica" }).click();
  await expect(wednesday.getByText("La chiusura deve essere dopo l'apertura.")).toBeVisible();
  expect(await publishedVersion(admin)).toBe(before);
});

test("without JavaScript: save, add a studio and restore a version", async ({ browser }) => {
  const admin = await signIn(browser, { javaScriptEnabled: false });
  const before = await publishedVersion(admin);

  await admin.goto(`${server.url}/admin/contenuti/testi`);
  await admin.getByLabel("Motto della pagina iniziale").fill("Il benessere a tavola");
  await saveAndPublish(admin);
  expect(await (await fetch(`${server.url}/`)).text()).toContain("Il benessere a tavola");

  await admin.goto(`${server.url}/admin/contenuti/studi`);
  await admin.getByRole("button", { name: "Aggiungi uno studio" }).click();
  const added = admin.getByRole("group", { name: "Studio 3" });
  await added.getByLabel("Nome dello studio").fill("Studio di Como");
  await added.getByLabel("Via e numero civico").fill("Via Milano 2");
  await added.getByLabel("CAP").fill("22100");
  await added.getByLabel("Città").fill("Como");
  await added.getByLabel("Provincia").fill("CO");
  await saveAndPublish(admin);
  expect(await (await fetch(`${server.url}/home`)).text()).toContain("Studio di Como");

  await admin.goto(`${server.url}/admin/contenuti`);
  await admin.getByRole("link", { name: `Vedi e ripristina la versione ${before}` }).click();
  await saveAndPublish(admin, `Ripristina la versione ${before}`);
  const home = await (await fetch(`${server.url}/home`)).text();
  expect(home).not.toContain("Studio di Como");
  expect(await publishedVersion(admin)).toBe(before + 3);
});

test("without JavaScript: a studio added later starts closed, and its week posts and shows", async ({ browser }) => {
  const admin = await signIn(browser, { javaScriptEnabled: false });
  const lecco = () => fetch(`${server.url}/home`).then((response) => response.text());
  // Added in an earlier test: no hours of its own yet, so no day is offered or shown as open.
  expect(await lecco()).toContain("Orari: su appuntamento");

  await admin.goto(`${server.url}/admin/contenuti/orari`);
  const leccoWeek = admin.getByRole("group", { name: "Studio di Lecco", exact: true });
  await leccoWeek.locator(":scope > summary").click();
  const monday = leccoWeek.getByRole("group", { name: "Lunedì", exact: true });
  await expect(monday.getByLabel("Chiuso")).toBeChecked();
  const morning = monday.getByRole("group", { name: "Lunedì, prima fascia" });
  // Closed, the day shows only its box (a stylesheet rule: no script needed).
  await expect(morning).toBeHidden();
  await monday.getByLabel("Chiuso").uncheck();
  await morning.getByLabel("Apre alle").fill("09:00");
  await morning.getByLabel("Chiude alle").fill("12:00");
  await saveAndPublish(admin);
  const home = await lecco();
  expect(home).not.toContain("Orari: su appuntamento");
  expect(home).toMatch(/aria-label="Orari, Studio di Lecco".*?Lunedì<\/span> <span>9:00–12:00/s);
});

test("restoring an older version brings its content back on open pages", async ({ browser }) => {
  const admin = await signIn(browser);
  const home = await openVisitor(browser, "/home");
  await admin.goto(`${server.url}/admin/contenuti`);
  const versions = admin.locator(".version-list__item");
  await expect(versions.first()).toContainText("Pubblicata");
  expect(await versions.count()).toBeGreaterThan(3);
  // Version 1 is the first version: the defaults, with the original hero title.
  await admin.getByRole("link", { name: "Vedi e ripristina la versione 1", exact: true }).click();
  await saveAndPublish(admin, "Ripristina la versione 1");
  await admin.goto(`${server.url}/admin/contenuti`);
  await expect(home.locator("#hero-title")).toHaveText("Un'alimentazione su misura, costruita insieme a te");
  await expect(versions.first()).toContainText("Ripristino della versione 1");
});

test("at phone size: a restore shows what it changes, asks, and can restore one section alone", async ({ browser }) => {
  const admin = await signIn(browser, { viewport: { width: 390, height: 844 } });
  // Two sections changed in one version's distance: the phone number and the tagline.
  await admin.goto(`${server.url}/admin/contenuti/pratica`);
  const base = await publishedVersion(admin);
  await admin.goto(`${server.url}/admin/contenuti/pratica`);
  const oldPhone = await admin.getByLabel("Telefono").inputValue();
  await admin.getByLabel("Telefono").fill("+39 02 5550 1234");
  await saveAndPublish(admin);
  await admin.goto(`${server.url}/admin/contenuti/testi`);
  const oldTagline = await admin.getByLabel("Motto della pagina iniziale").inputValue();
  await admin.getByLabel("Motto della pagina iniziale").fill("Mangiare bene, senza fretta");
  await saveAndPublish(admin);

  await admin.goto(`${server.url}/admin/contenuti`);
  await admin.getByRole("link", { name: `Vedi e ripristina la versione ${base}` }).click();
  // Nothing is restored by opening it: the published version is still the newest.
  await expect(admin.locator(".content-editor__status strong")).toHaveText(String(base + 2));
  const practice = admin.getByRole("region", { name: "Dati dello studio" });
  await expect(practice.getByRole("definition")).toContainText("Adesso: +39 02 5550 1234");
  await expect(practice.getByRole("definition")).toContainText(`Nella versione ${base}: ${oldPhone}`);
  const texts = admin.getByRole("region", { name: "Testi" });
  await expect(texts).toContainText(`Nella versione ${base}: ${oldTagline}`);
  await expectNoAxeViolations(admin);
  await saveScreenshot(admin, "version-preview-390", { fullPage: true });

  // Only the phone number comes back; the new tagline stays.
  await saveAndPublish(admin, "Ripristina solo «Dati dello studio»");
  await expect(admin.getByText("«Dati dello studio» ripristinata dalla versione")).toBeVisible();
  await expect(admin.getByTestId("toast").filter({ hasText: "ripristinata dalla versione" })).toHaveCount(1);
  const home = await (await fetch(`${server.url}/home`)).text();
  expect(home).toContain("Mangiare bene, senza fretta");
  expect(home).not.toContain("+39 02 5550 1234");
  await admin.goto(`${server.url}/admin/contenuti`);
  await expect(admin.locator(".version-list__item").first()).toContainText(
    `Ripristino di «Dati dello studio» dalla versione ${base}`,
  );
});

test("at phone size: leaving a form with unsaved changes asks first; a save does not", async ({ browser }) => {
  const admin = await signIn(browser, { viewport: { width: 390, height: 844 } });
  // The question comes from the page's script: she types once React has the page.
  await gotoHydrated(admin, `${server.url}/admin/contenuti/testi`);
  const about = admin.getByLabel("Chi sono");
  await about.fill("Un testo scritto con cura, da non perdere.");
  const questions: string[] = [];
  admin.on("dialog", (dialog) => {
    questions.push(`${dialog.type()}: ${dialog.message()}`);
    // The in-app question is answered "stay" (the browser's own is answered by signIn's handler).
    if (dialog.type() === "confirm") void dialog.dismiss();
  });
  const servicesTab = admin.getByRole("link", { name: "Servizi", exact: true });
  await servicesTab.click();
  await expect.poll(() => questions.length).toBe(1);
  expect(questions[0]).toBe(
    "confirm: Hai modifiche non salvate: se esci adesso andranno perse. Vuoi uscire lo stesso?",
  );
  await expect(admin).toHaveURL(/\/admin\/contenuti\/testi$/);
  await expect(about).toHaveValue("Un testo scritto con cura, da non perdere.");

  // Closing the tab gets the browser's own question.
  await admin.close({ runBeforeUnload: true });
  await expect.poll(() => questions.length).toBe(2);
  expect(questions[1]).toMatch(/^beforeunload: /);

  // Saved, nothing is asked on leaving.
  const again = await signIn(browser, { viewport: { width: 390, height: 844 } });
  let asked = 0;
  again.on("dialog", (dialog) => {
    asked++;
    if (dialog.type() === "confirm") void dialog.dismiss();
  });
  await gotoHydrated(again, `${server.url}/admin/contenuti/testi`);
  await again.getByLabel("Chi sono").fill("Un testo scritto con cura, salvato.");
  await saveAndPublish(again);
  // Shown once: the save's answer and the page's refresh after it announce one success between them.
  await expect(again.getByTestId("toast").filter({ hasText: CONTENT_MESSAGES.saved })).toHaveCount(1);
  // A second save from the same screen builds on the first (no conflict with herself).
  await again.getByLabel("Chi sono").fill("Un testo scritto con cura, salvato due volte.");
  await saveAndPublish(again);
  await again.getByRole("link", { name: "Servizi", exact: true }).click();
  await expect(again).toHaveURL(/\/admin\/contenuti\/servizi$/);
  expect(asked).toBe(0);
});

test("a save with nothing changed adds no version and says so", async ({ browser }) => {
  const admin = await signIn(browser, { viewport: { width: 390, height: 844 } });
  const before = await publishedVersion(admin);
  await admin.goto(`${server.url}/admin/contenuti/testi`);
  await admin.getByRole("button", { name: "Salva e pubblica" }).click();
  await expect(admin.getByText("Nessuna modifica da pubblicare: il sito è già così.")).toBeVisible();
  expect(await publishedVersion(admin)).toBe(before);
});

test("two tabs: the second save is told the content changed, and nothing is overwritten", async ({ browser }) => {
  const first = await signIn(browser);
  const second = await first.context().newPage();
  await first.goto(`${server.url}/admin/contenuti/testi`);
  await second.goto(`${server.url}/admin/contenuti/pratica`);

  await first.getByLabel("Titolo principale della home").fill("Salvato dalla prima scheda");
  await saveAndPublish(first);

  await second.getByLabel("Nome visualizzato").fill("Salvato dalla seconda scheda");
  await second.getByRole("button", { name: "Salva e pubblica" }).click();
  await expect(second.locator(".content-form__alert")).toContainText("Il contenuto è stato modificato nel frattempo");
  await expect(second.getByLabel("Nome visualizzato")).toHaveValue("Salvato dalla seconda scheda");

  const home = await (await fetch(`${server.url}/home`)).text();
  expect(home).toContain("Salvato dalla prima scheda");
  expect(home).not.toContain("Salvato dalla seconda scheda");
});

test("portrait: upload, replace and remove, seen on an open /home", async ({ browser }) => {
  const admin = await signIn(browser);
  const home = await openVisitor(browser, "/home");
  const portrait = home.locator("img.about__portrait");
  await expect(portrait).toHaveAttribute("src", "/images/ritratto.svg");

  await admin.goto(`${server.url}/admin/contenuti/ritratto`);
  await admin
    .getByLabel("Foto", { exact: true })
    .setInputFiles({ name: "ritratto.jpg", mimeType: "image/jpeg", buffer: await jpeg(900, 1200) });
  await saveAndPublish(admin, "Carica e pubblica");
  await expect(portrait).toHaveAttribute("src", /^\/media\/site\/[A-Za-z0-9_-]+\.webp$/);
  const firstSrc = await portrait.getAttribute("src");

  await admin.getByLabel("Foto", { exact: true }).setInputFiles({
    name: "nuovo.jpg",
    mimeType: "image/jpeg",
    buffer: await jpeg(1000, 1000, { r: 200, g: 90, b: 60 }),
  });
  await saveAndPublish(admin, "Carica e pubblica");
  await expect(portrait).not.toHaveAttribute("src", firstSrc!);
  await expect(portrait).toHaveAttribute("src", /^\/media\/site\//);

  await admin.getByLabel("Posizione verticale (%)").fill("10");
  await saveAndPublish(admin, "Salva la posizione");
  await expect(portrait).toHaveAttribute("style", /object-position: 50% 10%/);

  // A stored file the browser cannot decode: the bundled picture takes its place.
  const srcset = (await portrait.getAttribute("srcset"))!;
  for (const url of srcset.split(",").map((candidate) => candidate.trim().split(" ")[0]!)) {
    writeFileSync(path.join(server.dataDir, "media", url.replace(/^\/media\//, "")), "non è una foto");
  }
  const broken = await openVisitor(browser, "/home");
  const brokenPortrait = broken.locator("img.about__portrait");
  await brokenPortrait.scrollIntoViewIfNeeded();
  await expect(brokenPortrait).toHaveAttribute("src", "/images/ritratto.svg");

  await saveAndPublish(admin, "Rimuovi il ritratto");
  await expect(portrait).toHaveAttribute("src", "/images/ritratto.svg");
});

test("portrait without JavaScript, and a file that is not an image", async ({ browser }) => {
  const admin = await signIn(browser, { javaScriptEnabled: false });
  await admin.goto(`${server.url}/admin/contenuti/ritratto`);
  await admin
    .getByLabel("Foto", { exact: true })
    .setInputFiles({ name: "finto.jpg", mimeType: "image/jpeg", buffer: Buffer.from("non sono una foto") });
  await admin.getByRole("button", { name: "Carica e pubblica" }).click();
  await expect(
    admin
      .locator(".toast, [role=status], [role=alert]")
      .filter({ hasText: /immagine/i })
      .first(),
  ).toBeVisible();
  await admin
    .getByLabel("Foto", { exact: true })
    .setInputFiles({ name: "ritratto.jpg", mimeType: "image/jpeg", buffer: await jpeg(800, 1000) });
  await saveAndPublish(admin, "Carica e pubblica");
  expect(await (await fetch(`${server.url}/home`)).text()).toMatch(/src="\/media\/site\//);
  await saveAndPublish(admin, "Rimuovi il ritratto");
});

for (const viewport of viewports) {
  test(`the editor's screens are accessible at ${viewport.width} px`, async ({ browser }) => {
    // Seven pages, each checked by axe: minutes on a loaded machine.
    test.setTimeout(300_000);
    const admin = await signIn(browser, { viewport });
    for (const pathname of [
      "/admin/contenuti",
      "/admin/contenuti/pratica",
      "/admin/contenuti/studi",
      "/admin/contenuti/orari",
      "/admin/contenuti/testi",
      "/admin/contenuti/servizi",
      "/admin/contenuti/ritratto",
    ]) {
      await admin.goto(`${server.url}${pathname}`);
      await expect(admin.locator(".content-section")).toBeVisible();
      await expectNoAxeViolations(admin);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth), pathname).toBeLessThanOrEqual(
        viewport.width,
      );
    }
    // With messages showing, too.
    await admin.goto(`${server.url}/admin/contenuti/pratica`);
    await admin.getByLabel("Partita IVA", { exact: true }).fill("1");
    await admin.getByRole("button", { name: "Salva e pubblica" }).click();
    await expect(admin.getByText("Partita IVA non valida")).toBeVisible();
    await expectNoAxeViolations(admin);
  });
}
