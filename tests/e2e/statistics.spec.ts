import { sql } from "drizzle-orm";
import { rowsOf } from "~/core/db/rows";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { addDays, romeDate, romeInstant } from "~/core/format/rome-clock";
import { createArticleRepository } from "~/features/articles/articles.server";
import { createAppointmentRepository } from "~/features/booking/appointments.server";
import { createBookingSettingsRepository } from "~/features/booking/booking-settings.server";
import { createVisitTypeRepository } from "~/features/booking/visit-types.server";
import { signInAsAdmin } from "../support/admin-browser";
import { type AppServer, newDataDir, startAppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "../support/e2e-test";
import { sampleArticle, visitTypeData } from "../support/factory";
import { COMPUTER_USER_AGENT, PHONE_USER_AGENT } from "../support/user-agents";
import { expectToast } from "../support/toasts";
import { viewports } from "../support/viewports";
import { STATISTICS_MESSAGES } from "~/features/statistics/messages";
import { waitForHydration } from "../support/hydration";
import { saveScreenshot } from "../support/screenshots";

// After two visitors' scripted visits (one from Instagram with a campaign, one from Google),
// two times chosen on /prenota (one with JavaScript, one without) and one booking, the "Statistiche"
// screen at 390 px shows what was counted, axe-clean, and the CSV export holds the same numbers.

test.describe.configure({ mode: "serial", timeout: 180_000 });

let server: AppServer;
let database: Awaited<ReturnType<typeof openSiteDatabase>>;

test.beforeAll(async () => {
  server = await startAppServer({ DATA_DIR: newDataDir("e2e-statistics-", { admin: true }) });
  database = await openSiteDatabase({ dataDir: server.dataDir });
  const bus = createMemoryEventBus();
  const settings = createBookingSettingsRepository(database.db, bus);
  await settings.save({ ...(await settings.get()), mode: "site", horizonDays: 60 });
  const type = await createVisitTypeRepository(database.db, bus).create(visitTypeData({ name: "Prima visita" }));
  // The one booking, made today (what the funnel counts), for a visit a few days ahead.
  const booked = await createAppointmentRepository(database.db, bus).bookByPractitioner({
    visitTypeId: type.id,
    studioKey: "studio-di-milano",
    startsAt: new Date(romeInstant(addDays(romeDate(Date.now()), 3), 10 * 60)),
    patient: { name: "Paola Bianchi", email: "paola.bianchi@example.it", phone: "+39 333 123 4567" },
    note: null,
  });
  if (!booked.ok) throw new Error(booked.reason);
  // One published article, for the top articles.
  await createArticleRepository(database.db, bus).save(
    undefined,
    sampleArticle({ status: "published", publishAt: new Date(Date.now() - 60_000) }),
  );
});
test.afterAll(async () => {
  await database?.close();
  await server?.stop();
});

/** Page views and times chosen written so far (every day: a run crossing midnight splits them). */
async function written(): Promise<{ views: number; timesChosen: number }> {
  const [row] = rowsOf<{ views: number; timesChosen: number }>(
    await database.db.execute(sql`select coalesce(sum(views), 0)::int as views,
      coalesce(sum(times_chosen), 0)::int as "timesChosen" from statistics_days`),
  );
  return row ?? { views: 0, timesChosen: 0 };
}

test("390 px: the statistics after scripted visits and a booking, and the CSV with the same numbers", async ({
  browser,
  page,
}) => {
  await page.setViewportSize(viewports[0]);
  // Visitor one, on a phone, from her Instagram profile's link with a campaign: home, recipes, an
  // article, booking, where she chooses a time (the steps within /prenota are one view with JavaScript).
  const phone = await browser.newContext({ userAgent: PHONE_USER_AGENT, viewport: viewports[0] });
  const first = await phone.newPage();
  await first.goto(`${server.url}/home?utm_source=instagram&utm_campaign=bio`, { referer: "https://l.instagram.com/" });
  await first.goto(`${server.url}/ricette`);
  await first.goto(`${server.url}/articoli/colazione-equilibrata`);
  await first.goto(`${server.url}/prenota`);
  // Clicked before the page is hydrated, a link is a full page load: a view of its own.
  await waitForHydration(first);
  await first
    .getByRole("link", { name: /Prima visita/ })
    .first()
    .click();
  await first.getByRole("group", { name: "Giorni con orari liberi" }).getByRole("link").first().click();
  await first
    .getByRole("list", { name: /^Orari liberi di / })
    .getByRole("link")
    .first()
    .click();
  await expect(first.getByRole("heading", { name: /I tuoi dati/ })).toBeVisible();
  const timeChosen = first.url();
  // Visitor two, on a computer without JavaScript, from Google: home, the same time chosen (each step
  // a page), her details sent empty and refused (no second choice), then the booking page again.
  const computer = await browser.newContext({ userAgent: COMPUTER_USER_AGENT, javaScriptEnabled: false });
  const second = await computer.newPage();
  await second.goto(`${server.url}/home`, { referer: "https://www.google.com/" });
  await second.goto(timeChosen);
  await second.getByRole("button", { name: "Prenota" }).click();
  await expect(second.locator("#booking-name-error")).toHaveText("Scrivi il tuo nome e cognome.");
  // A search engine's robot at the same address: no view, no time chosen.
  const robot = await page.request.get(timeChosen, {
    headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
  });
  expect(robot.status()).toBe(200);
  await second.goto(`${server.url}/prenota`);
  await Promise.all([phone.close(), computer.close()]);

  // She signs in and looks at the site: her visits are not counted.
  await signInAsAdmin(page, server);
  await page.goto(`${server.url}/home`);
  await page.goto(timeChosen);
  // The signal: the seven views written (one write every few seconds), the choices recorded before the last.
  await expect.poll(written, { timeout: 60_000 }).toEqual({ views: 7, timesChosen: 2 });

  await page.goto(`${server.url}/admin/statistiche?giorni=7`);
  await expect(page.getByRole("heading", { level: 1, name: "Statistiche" })).toBeVisible();
  const week = page.locator(".statistics-period").filter({ hasText: "Ultimi 7 giorni" });
  await expect(week).toContainText("2 visitatori");
  await expect(week).toContainText("7 pagine viste");
  await expect(page.locator("#statistiche-riassunto")).toContainText("7 pagine viste e 2 visitatori");

  const rows = async (caption: string) =>
    page
      .locator("table", { has: page.locator("caption", { hasText: caption }) })
      .locator("tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim() ?? "")));
  expect(await rows("Le pagine più viste")).toEqual([
    ["/prenota", "3", "2"],
    ["/home", "2", "2"],
    ["/articoli/colazione-equilibrata", "1", "1"],
    ["/ricette", "1", "1"],
  ]);
  expect(await rows("Gli articoli più letti")).toEqual([["/articoli/colazione-equilibrata", "1", "1"]]);
  expect(await rows("Siti di provenienza")).toEqual([
    ["Google", "1"],
    ["Instagram", "1"],
  ]);
  expect(await rows("utm_source")).toEqual([["instagram", "1"]]);
  expect(await rows("utm_campaign")).toEqual([["bio", "1"]]);
  expect(await rows("Dispositivi")).toEqual([
    ["Computer", "1"],
    ["Telefono", "1"],
  ]);
  // The funnel: three views of /prenota, two times chosen and one booking (summed over the days shown).
  const funnel = await rows("Prenotazioni per giorno");
  const column = (i: number) => funnel.reduce((sum, row) => sum + Number(row[i]), 0);
  expect([column(1), column(2), column(3), column(4)]).toEqual([3, 2, 1, 0]);

  await expectNoAxeViolations(page);
  await saveScreenshot(page, "statistiche-390", { fullPage: true });
  await page.setViewportSize(viewports[1]);
  await saveScreenshot(page, "statistiche-1440", { fullPage: true });
  await expectNoAxeViolations(page);

  // The CSV: the same pages and sources, for the same period.
  const csv = await page.request.get(`${server.url}/admin/statistiche.csv?giorni=7`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe("tipo;giorno;pagina o provenienza;visualizzazioni;visitatori");
  const sum = (kind: string, what: string) =>
    lines
      .map((line) => line.split(";"))
      .filter((cells) => cells[0] === kind && cells[2] === what)
      .reduce((total, cells) => [total[0]! + Number(cells[3]), total[1]! + Number(cells[4] || 0)], [0, 0]);
  expect(sum("pagina", "/home")).toEqual([2, 2]);
  expect(sum("pagina", "/prenota")).toEqual([3, 2]);
  expect(sum("pagina", "/ricette")).toEqual([1, 1]);
  expect(sum("pagina", "/articoli/colazione-equilibrata")).toEqual([1, 1]);
  expect(sum("orari scelti", "/prenota")).toEqual([2, 0]);
  expect(sum("provenienza", "Instagram")).toEqual([1, 0]);
  expect(sum("provenienza", "Google")).toEqual([1, 0]);
  expect(sum("utm_campaign", "bio")).toEqual([1, 0]);
  expect(sum("dispositivo", "phone")).toEqual([1, 0]);
  // Her own visits while signed in were not counted: still seven views and two times chosen.
  expect(await written()).toEqual({ views: 7, timesChosen: 2 });
});

test("she keeps the statistics beyond two years, and the privacy page says so", async ({ page }) => {
  await page.setViewportSize(viewports[0]);
  await signInAsAdmin(page, server);
  const kept = "Ho scelto di conservarli anche oltre i due anni";
  await page.goto(`${server.url}/privacy`);
  await expect(page.locator("#statistiche")).toHaveText("Statistiche di visita, senza cookie");
  await expect(page.getByText("Sono cancellati dopo 2 anni.")).toBeVisible();
  await page.goto(`${server.url}/admin/statistiche`);
  await page.getByLabel("Conservale tutte").check();
  await page.getByRole("button", { name: "Salva la scelta" }).click();
  await expectToast(page, STATISTICS_MESSAGES.keptAll);
  await page.reload();
  await expect(page.getByLabel("Conservale tutte")).toBeChecked();
  await page.goto(`${server.url}/privacy`);
  await expect(page.getByText(kept)).toBeVisible();
});
