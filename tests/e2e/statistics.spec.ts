import { mkdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import { rowsOf } from "~/core/db/rows";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { addDays, romeDate, romeInstant } from "~/core/format/rome-clock";
import { createAppointmentRepository } from "~/features/booking/appointments.server";
import { createBookingSettingsRepository } from "~/features/booking/booking-settings.server";
import { createVisitTypeRepository } from "~/features/booking/visit-types.server";
import { ADMIN, adminCreate } from "../support/admin";
import { signInAsAdmin } from "../support/admin-browser";
import { type AppServer, startAppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "../support/e2e-test";
import { COMPUTER_USER_AGENT, PHONE_USER_AGENT, visitTypeData } from "../support/factory";
import { expectToast } from "../support/toasts";
import { viewports } from "../support/viewports";
import { STATISTICS_MESSAGES } from "~/features/statistics/messages";

// Issue 45: after two visitors' scripted visits (one from Instagram with a campaign, one from Google)
// and one booking, the "Statistiche" screen at 390 px shows what was counted, axe-clean, and the CSV
// export holds the same numbers.

test.describe.configure({ mode: "serial", timeout: 180_000 });

const shots = process.env.SHOTS_DIR ?? "test-results/statistics";
let server: AppServer;
let database: Awaited<ReturnType<typeof openSiteDatabase>>;

test.beforeAll(async () => {
  server = await startAppServer();
  expect(adminCreate({ DATA_DIR: server.dataDir }, ["--email", ADMIN.email], ADMIN.password).code).toBe(0);
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
});
test.afterAll(async () => {
  await database?.close();
  await server?.stop();
});

/** Page views written so far (every day: a run crossing midnight splits them). */
async function writtenViews(): Promise<number> {
  const [row] = rowsOf<{ views: number }>(
    await database.db.execute(sql`select coalesce(sum(views), 0)::int as views from statistics_days`),
  );
  return row?.views ?? 0;
}

test("390 px: the statistics after scripted visits and a booking, and the CSV with the same numbers", async ({
  browser,
  page,
}) => {
  await page.setViewportSize(viewports[0]);
  // Visitor one, on a phone, from her Instagram profile's link with a campaign: home, recipes, booking.
  const phone = await browser.newContext({ userAgent: PHONE_USER_AGENT, viewport: viewports[0] });
  const first = await phone.newPage();
  await first.goto(`${server.url}/home?utm_source=instagram&utm_campaign=bio`, { referer: "https://l.instagram.com/" });
  await first.goto(`${server.url}/ricette`);
  await first.goto(`${server.url}/prenota`);
  // Visitor two, on a computer, from Google: home, then booking.
  const computer = await browser.newContext({ userAgent: COMPUTER_USER_AGENT });
  const second = await computer.newPage();
  await second.goto(`${server.url}/home`, { referer: "https://www.google.com/" });
  await second.goto(`${server.url}/prenota`);
  await Promise.all([phone.close(), computer.close()]);

  // She signs in and looks at the site: her visits are not counted.
  await signInAsAdmin(page, server);
  await page.goto(`${server.url}/home`);
  // The signal: the five views written (one write every few seconds).
  await expect.poll(writtenViews, { timeout: 60_000 }).toBe(5);

  await page.goto(`${server.url}/admin/statistiche?giorni=7`);
  await expect(page.getByRole("heading", { level: 1, name: "Statistiche" })).toBeVisible();
  const week = page.locator(".statistics-period").filter({ hasText: "Ultimi 7 giorni" });
  await expect(week).toContainText("2 visitatori");
  await expect(week).toContainText("5 pagine viste");
  await expect(page.locator("#statistiche-riassunto")).toContainText("5 pagine viste e 2 visitatori");

  const rows = async (caption: string) =>
    page
      .locator("table", { has: page.locator("caption", { hasText: caption }) })
      .locator("tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim() ?? "")));
  expect(await rows("Le pagine più viste")).toEqual([
    ["/home", "2", "2"],
    ["/prenota", "2", "2"],
    ["/ricette", "1", "1"],
  ]);
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
  // The funnel: two views of /prenota and one booking (summed over the days shown).
  const funnel = await rows("Prenotazioni per giorno");
  const column = (i: number) => funnel.reduce((sum, row) => sum + Number(row[i]), 0);
  expect([column(1), column(2), column(3)]).toEqual([2, 1, 0]);

  await expectNoAxeViolations(page);
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/statistiche-390.png`, fullPage: true });
  await page.setViewportSize(viewports[1]);
  await page.screenshot({ path: `${shots}/statistiche-1440.png`, fullPage: true });
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
  expect(sum("pagina", "/prenota")).toEqual([2, 2]);
  expect(sum("pagina", "/ricette")).toEqual([1, 1]);
  expect(sum("provenienza", "Instagram")).toEqual([1, 0]);
  expect(sum("provenienza", "Google")).toEqual([1, 0]);
  expect(sum("utm_campaign", "bio")).toEqual([1, 0]);
  expect(sum("dispositivo", "phone")).toEqual([1, 0]);
  // Her own visit to /home while signed in was not counted: still five.
  expect(await writtenViews()).toBe(5);
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
