import { addDays, romeDate } from "~/core/format/rome-clock";
import { formatItalianDayRange } from "~/core/format/italian-format";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { createBookingSettingsRepository } from "~/features/booking/booking-settings.server";
import { italianHolidaysBetween } from "~/features/booking/italian-holidays";
import { createVisitTypeRepository } from "~/features/booking/visit-types.server";
import { renameFirstStudio, saveAndPublish, signInAsAdmin } from "../support/admin-browser";
import { type AppServer, newDataDir, startAppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { expect, type Page, test } from "../support/e2e-test";
import { visitTypeData } from "../support/factory";
import { viewports } from "../support/viewports";
import { saveScreenshot } from "../support/screenshots";

// A page per studio, /studi/<slug>, its structured data's hours those of the hours
// editor, its slug following the studio's name, and the old slug answering 301 on its page and in
// booking links.

test.describe.configure({ mode: "serial", timeout: 180_000 });

let server: AppServer;
let typeId: string;

test.beforeAll(async () => {
  server = await startAppServer({ DATA_DIR: newDataDir("e2e-studio-pages-", { admin: true }) });
  const database = await openSiteDatabase({ dataDir: server.dataDir });
  try {
    const bus = createMemoryEventBus();
    const settings = createBookingSettingsRepository(database.db, bus);
    await settings.save({ ...(await settings.get()), mode: "site", minimumNoticeHours: 0 });
    typeId = (
      await createVisitTypeRepository(database.db, bus).create(
        visitTypeData({ name: "Prima visita", studioKeys: ["studio-di-milano"] }),
      )
    ).id;
  } finally {
    await database.close();
  }
});
test.afterAll(async () => {
  await server?.stop();
});

/** The page's structured data, each block parsed. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/** A URL of the site (its SITE_URL, which the pages' absolute links use) ending in `path`. */
const endsWith = (path: string) => expect.stringMatching(new RegExp(`${path}$`));

/** How a request without following redirects is answered: status and Location. */
async function answer(path: string): Promise<{ status: number; location: string | null }> {
  const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
  return { status: response.status, location: response.headers.get("location") };
}

test.describe("390 px", () => {
  test.use({ viewport: viewports[0] });

  test("she sets a studio's hours on her phone: its page and its LocalBusiness data say them, with the holidays that close it", async ({
    page,
    browser,
  }) => {
    await signInAsAdmin(page, server);
    await page.goto(`${server.url}/admin/contenuti/orari`);
    const milano = page.getByRole("group", { name: "Studio di Milano", exact: true });
    const monday = milano.getByRole("group", { name: "Lunedì", exact: true });
    await monday.getByRole("group", { name: "Lunedì, prima fascia" }).getByLabel("Chiude alle").fill("13:00");
    // The second range is in the day's "Altro".
    await monday.getByText("Altro").click();
    const afternoon = monday.getByRole("group", { name: "Lunedì, seconda fascia" });
    await afternoon.getByLabel("Riapre alle").fill("14:30");
    await afternoon.getByLabel("Chiude alle").fill("18:30");
    await milano.getByRole("group", { name: "Sabato", exact: true }).getByLabel("Chiuso").check();
    await saveAndPublish(page);

    await page.goto(`${server.url}/admin/contenuti/studi`);
    await page
      .getByRole("group", { name: "Studio 1", exact: true })
      .getByLabel("Come arrivare")
      .fill("Metro M3, fermata Montenapoleone.\nSuona al citofono «Ferrari», secondo piano.");
    await saveAndPublish(page);

    // The patient finds the page from the home's contacts.
    const visitor = await browser.newPage({ viewport: viewports[0] });
    await visitor.goto(`${server.url}/home`);
    await visitor.getByRole("link", { name: /^Chiusure e come arrivare\W+Studio di Milano$/ }).click();
    await expect(visitor).toHaveURL(`${server.url}/studi/studio-di-milano`);
    await expect(visitor.getByRole("heading", { level: 1, name: "Studio di Milano" })).toBeVisible();
    const hours = visitor.getByRole("list", { name: "Orari, Studio di Milano" });
    await expect(hours).toContainText("Lunedì 9:00–13:00 e 14:30–18:30");
    await expect(hours).toContainText("Sabato e Domenica Chiuso");
    await expect(visitor.getByText("Suona al citofono «Ferrari», secondo piano.")).toBeVisible();
    const map = visitor.getByRole("link", { name: /Via Giuseppe Verdi 18, 20121 Milano \(MI\)/ });
    await expect(map).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/search\//);
    await expect(visitor.locator("iframe")).toHaveCount(0);

    const [business, breadcrumbs] = await jsonLd(visitor);
    expect(business).toMatchObject({
      "@type": "MedicalBusiness",
      url: endsWith("/studi/studio-di-milano"),
      address: { streetAddress: "Via Giuseppe Verdi 18", postalCode: "20121", addressLocality: "Milano" },
    });
    // What she typed in the hours editor, day by day.
    const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
    expect(business!.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Monday"], opens: "09:00", closes: "13:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Monday"], opens: "14:30", closes: "18:30" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: weekdays.slice(1), opens: "09:00", closes: "19:00" },
    ]);
    // Italy's holidays in the next 120 days close it, each said as a closed day.
    const today = romeDate(Date.now());
    const holidays = italianHolidaysBetween(today, addDays(today, 120));
    const closed = business!.specialOpeningHoursSpecification as { validFrom: string; opens: string; closes: string }[];
    expect(closed.map((day) => day.validFrom)).toEqual(holidays.map((holiday) => holiday.date));
    for (const day of closed) expect([day.opens, day.closes]).toEqual(["00:00", "00:00"]);
    expect(breadcrumbs).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [
        { position: 1, item: endsWith("/home") },
        { position: 2, name: "Studio di Milano", item: endsWith("/studi/studio-di-milano") },
      ],
    });
    await expect(visitor.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/studi\/studio-di-milano$/);
    await expect(visitor.locator('meta[property="og:url"]')).toHaveAttribute("content", /\/studi\/studio-di-milano$/);

    // Booking straight into this studio.
    await visitor.getByRole("link", { name: /Prima visita/ }).click();
    await expect(visitor).toHaveURL(new RegExp(`/prenota\\?sede=studio-di-milano&visita=${typeId}$`));
    await expect(visitor.getByRole("group", { name: "Giorni con orari liberi" })).toBeVisible();
  });

  test("her time off ahead closes the studio on its page, as dates a patient reads, without JavaScript too", async ({
    page,
    browser,
  }) => {
    const today = romeDate(Date.now());
    const [first, last] = [addDays(today, 40), addDays(today, 47)];
    await signInAsAdmin(page, server);
    await page.goto(`${server.url}/admin/prenotazioni`);
    const section = page.getByRole("region", { name: "Giorni di chiusura" });
    await section.getByLabel("Dal").fill(first);
    await section.getByLabel(/^Al/).fill(last);
    await section.getByLabel(/^Descrizione/).fill("Congresso a Bologna");
    await section.getByRole("button", { name: "Aggiungi i giorni di chiusura" }).click();
    await expect(section.getByRole("listitem").filter({ hasText: "Congresso a Bologna" })).toBeVisible();

    const visitor = await browser.newContext({ javaScriptEnabled: false, viewport: viewports[0] });
    const patient = await visitor.newPage();
    await patient.goto(`${server.url}/studi/studio-di-milano`);
    const closures = patient.locator(".studio-page__closures li");
    await expect(closures.filter({ hasText: `Chiuso ${formatItalianDayRange(first, last)}` })).toHaveCount(1);
    // Her own description stays in the panel.
    await expect(patient.getByText("Congresso a Bologna")).toHaveCount(0);
    const [business] = await jsonLd(patient);
    expect(business!.specialOpeningHoursSpecification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      opens: "00:00",
      closes: "00:00",
      validFrom: first,
      validThrough: last,
    });
    // axe runs on this page, with this closure, in the tests at 390 and 1440 px below.
    for (const viewport of viewports) {
      await patient.setViewportSize(viewport);
      await saveScreenshot(patient, `studio-closures-${viewport.width}`, { fullPage: true });
    }
    await visitor.close();
  });

  test("she renames the studio: its page and booking links move to the new slug, the old ones answer 301", async ({
    page,
    browser,
  }) => {
    await renameFirstStudio(page, server, "Studio di Torino");

    expect(await answer("/studi/studio-di-milano")).toEqual({ status: 301, location: "/studi/studio-di-torino" });
    expect(await answer(`/prenota?sede=studio-di-milano&visita=${typeId}`)).toEqual({
      status: 301,
      location: `/prenota?sede=studio-di-torino&visita=${typeId}`,
    });
    expect((await answer("/studi/studio-di-torino")).status).toBe(200);
    expect((await answer("/studi/studio-di-nessuno")).status).toBe(404);

    // A patient's old bookmark lands on the studio, and booking goes on there.
    const visitor = await browser.newPage({ viewport: viewports[0] });
    await visitor.goto(`${server.url}/prenota?sede=studio-di-milano&visita=${typeId}`);
    await expect(visitor).toHaveURL(`${server.url}/prenota?sede=studio-di-torino&visita=${typeId}`);
    await expect(visitor.getByText("Studio di Torino").first()).toBeVisible();
    await expect(visitor.getByRole("group", { name: "Giorni con orari liberi" })).toBeVisible();
    await visitor.goto(`${server.url}/studi/studio-di-milano`);
    await expect(visitor).toHaveURL(`${server.url}/studi/studio-di-torino`);
    await expect(visitor.getByRole("heading", { level: 1, name: "Studio di Torino" })).toBeVisible();

    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toMatch(/<loc>[^<]*\/studi\/studio-di-torino<\/loc>/);
    expect(sitemap).toMatch(/<loc>[^<]*\/studi\/studio-di-monza<\/loc>/);
    expect(sitemap).not.toContain("/studi/studio-di-milano");
    const home = await (await fetch(`${server.url}/home`)).text();
    expect(home).toContain('href="/studi/studio-di-torino"');
  });
});

test("without JavaScript: the studio's page, its structured data and its booking link", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: viewports[0] });
  const page = await context.newPage();
  await page.goto(`${server.url}/studi/studio-di-monza`);
  await expect(page.getByRole("heading", { level: 1, name: "Studio di Monza" })).toBeVisible();
  expect((await jsonLd(page))[0]).toMatchObject({ "@type": "MedicalBusiness", name: /^Studio di Monza/ });
  // No visit type is offered at Monza: the page says so, with her phone.
  await expect(page.getByText(/non ci sono visite prenotabili online in questo studio/)).toBeVisible();
  await page.goto(`${server.url}/studi/studio-di-torino`);
  await page.getByRole("link", { name: /Prima visita/ }).click();
  await expect(page.getByRole("group", { name: "Giorni con orari liberi" })).toBeVisible();
});

for (const viewport of viewports) {
  test(`the studio's page passes axe at ${viewport.width} px`, async ({ browser }) => {
    const page = await browser.newPage({ viewport });
    await page.goto(`${server.url}/studi/studio-di-torino`);
    await expect(page.getByRole("heading", { level: 1, name: "Studio di Torino" })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, `studio-page-${viewport.width}`, { fullPage: true });
  });
}
