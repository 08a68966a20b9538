import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "../support/e2e-test";
import { expectToast } from "../support/toasts";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { addDays, romeDate, romeInstant } from "~/core/format/rome-clock";
import { createBookingSettingsRepository } from "~/features/booking/booking-settings.server";
import { italianHolidaysBetween } from "~/features/booking/italian-holidays";
import { HOLIDAY_MESSAGES } from "~/features/booking/messages";
import { createVisitTypeRepository } from "~/features/booking/visit-types.server";
import { signInAsAdmin } from "../support/admin-browser";
import { type AppServer, newDataDir, startAppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { bookedAmong, postBooking } from "../support/booking";
import { everyDayContentFile, visitTypeData } from "../support/factory";
import { gotoHydrated } from "../support/hydration";
import { viewports } from "../support/viewports";
import { saveScreenshot } from "../support/screenshots";

// Italy's national holidays are closed on /prenota without her typing them, a time
// on one posted straight to the server is refused, she reopens one in the settings (with JavaScript
// and without) and it is offered; a studio's patron saint closes that studio only. The server's
// clock is the real one: the booking horizon is set to its longest (365 days), which always reaches
// the next Christmas, New Year's Day and Epiphany, and the studios are open every day of the week.

test.describe.configure({ mode: "serial", timeout: 180_000 });

const SECTION = "section[aria-labelledby='festivita-titolo']";

let server: AppServer;
let database: Awaited<ReturnType<typeof openSiteDatabase>>;
let typeId: string;

const today = romeDate(Date.now());
const lastDay = addDays(today, 364);
const nextHolidays = italianHolidaysBetween(today, lastDay);
/** The day of the named holiday within the horizon. */
const dateOf = (name: string) => nextHolidays.find((holiday) => holiday.name === name)!.date;
const natale = dateOf("Natale");
const capodanno = dateOf("Capodanno");
const epifania = dateOf("Epifania");
/** Two of the three, not today or tomorrow: a day she reopens still has all its times ahead. */
const [reopenWithScript, reopenWithout] = [epifania, capodanno, natale].filter((date) => date > addDays(today, 1));

test.beforeAll(async () => {
  const contentDir = mkdtempSync(path.join(os.tmpdir(), "holidays-content-"));
  server = await startAppServer({
    DATA_DIR: newDataDir("e2e-booking-holidays-", { admin: true }),
    SITE_CONTENT_FILE: everyDayContentFile(contentDir),
  });
  database = await openSiteDatabase({ dataDir: server.dataDir });
  const bus = createMemoryEventBus();
  const settings = createBookingSettingsRepository(database.db, bus);
  await settings.save({ ...(await settings.get()), mode: "site", horizonDays: 365, minimumNoticeHours: 0 });
  const types = createVisitTypeRepository(database.db, bus);
  typeId = (await types.create(visitTypeData({ studioKeys: ["studio-di-milano", "studio-di-monza"] }))).id;
});
test.afterAll(async () => {
  await database?.close();
  await server?.stop();
});

/** The days /prenota offers for the visit type at a studio ("YYYY-MM-DD"). */
async function offeredDays(page: Page, studio = "studio-di-milano"): Promise<string[]> {
  await page.goto(`${server.url}/prenota?sede=${studio}&visita=${typeId}`);
  const calendar = page.getByRole("group", { name: "Giorni con orari liberi" });
  await expect(calendar).toBeVisible();
  const hrefs = await calendar.getByRole("link").evaluateAll((all) => all.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((href) => new URL(href, server.url).searchParams.get("giorno")!);
}

const holidayButton = (page: Page, action: "Riapri" | "Chiudi di nuovo", name: string) =>
  page.getByRole("list", { name: "Festività dei prossimi 12 mesi" }).getByRole("button", {
    name: new RegExp(`^${action}: ${name}, `),
  });

test.describe("390 px", () => {
  test.use({ viewport: viewports[0] });

  test("Christmas, New Year's Day and Epiphany are not offered, and a time on one is refused at the server", async ({
    page,
  }) => {
    const offered = await offeredDays(page);
    for (const date of [natale, capodanno, epifania]) expect(offered, date).not.toContain(date);
    // The days around them are offered: the studio is open every day, only the holidays close.
    for (const date of [addDays(natale, -1), addDays(capodanno, 1), addDays(epifania, 1)])
      if (date > addDays(today, 1) && date <= lastDay) expect(offered, date).toContain(date);

    const christmasAtTen = new Date(romeInstant(natale, 10 * 60)).toISOString();
    const answer = await postBooking(server.url, typeId, christmasAtTen, 1);
    expect(answer.status).toBe(409);
    expect(await bookedAmong(database.db, [christmasAtTen])).toEqual([]);
  });

  test("she reopens a holiday in the settings and it is offered; the section passes axe", async ({ page }) => {
    await signInAsAdmin(page, server);
    await gotoHydrated(page, `${server.url}/admin/prenotazioni`);
    const section = page.locator(SECTION);
    await expect(section.getByRole("heading", { name: "Festività" })).toBeVisible();
    await expectNoAxeViolations(page, { include: SECTION });
    const name = nextHolidays.find((holiday) => holiday.date === reopenWithScript)!.name;
    await holidayButton(page, "Riapri", name).click();
    await expectToast(page, HOLIDAY_MESSAGES.reopened);
    await expect(holidayButton(page, "Chiudi di nuovo", name)).toBeVisible();
    expect(await offeredDays(page)).toContain(reopenWithScript);
  });

  test("her agenda labels Christmas on its day, though no one booked it", async ({ page }) => {
    await signInAsAdmin(page, server);
    const week = Math.floor((Date.parse(natale) - Date.parse(today)) / (7 * 86_400_000));
    await gotoHydrated(page, `${server.url}/admin/agenda?settimana=${week}`);
    const day = page.getByRole("region", { name: new RegExp(`25 dicembre ${natale.slice(0, 4)}$`) });
    await expect(day.getByText(/^Festivo: Natale/)).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(day, "agenda-holiday-390");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("she reopens a holiday and closes it again with plain forms", async ({ page }) => {
      await signInAsAdmin(page, server);
      await page.goto(`${server.url}/admin/prenotazioni`);
      const name = nextHolidays.find((holiday) => holiday.date === reopenWithout)!.name;
      expect(await offeredDays(page)).not.toContain(reopenWithout);
      await page.goto(`${server.url}/admin/prenotazioni`);
      await holidayButton(page, "Riapri", name).click();
      await expectToast(page, HOLIDAY_MESSAGES.reopened);
      await expect(holidayButton(page, "Chiudi di nuovo", name)).toBeVisible();
      expect(await offeredDays(page)).toContain(reopenWithout);

      await page.goto(`${server.url}/admin/prenotazioni`);
      await holidayButton(page, "Chiudi di nuovo", name).click();
      await expectToast(page, HOLIDAY_MESSAGES.closed);
      await expect(holidayButton(page, "Riapri", name)).toBeVisible();
      expect(await offeredDays(page)).not.toContain(reopenWithout);
    });
  });
});

test.describe("1440 px", () => {
  test.use({ viewport: viewports[1] });

  test("a patron saint closes its studio only; the section passes axe", async ({ page }) => {
    await signInAsAdmin(page, server);
    await gotoHydrated(page, `${server.url}/admin/prenotazioni`);
    const form = page.locator("#santo-patrono");
    await form.getByLabel("Studio").selectOption({ label: "Studio di Milano" });
    await form.getByLabel("Giorno").selectOption("7");
    await form.getByLabel("Mese").selectOption({ label: "dicembre" });
    await form.getByLabel("Santo patrono").fill("Sant'Ambrogio");
    await form.getByRole("button", { name: "Aggiungi il santo patrono" }).click();
    await expectToast(page, HOLIDAY_MESSAGES.patronAdded);
    const section = page.locator(SECTION);
    await expect(section.getByText("7 dicembre: Sant'Ambrogio", { exact: true })).toBeVisible();
    await expect(holidayButton(page, "Riapri", "Sant'Ambrogio \\(Studio di Milano\\)")).toBeVisible();
    await expectNoAxeViolations(page, { include: SECTION });

    // The same day again for the same studio: refused next to the day, in Italian.
    await form.getByLabel("Giorno").selectOption("7");
    await form.getByLabel("Mese").selectOption({ label: "dicembre" });
    await form.getByLabel("Santo patrono").fill("Un altro");
    await form.getByRole("button", { name: "Aggiungi il santo patrono" }).click();
    await expect(form.getByText(HOLIDAY_MESSAGES.patronExists)).toBeVisible();

    const santAmbrogio = [today.slice(0, 4), String(Number(today.slice(0, 4)) + 1)]
      .map((year) => `${year}-12-07`)
      .find((date) => date > addDays(today, 1) && date <= lastDay)!;
    expect(await offeredDays(page, "studio-di-milano")).not.toContain(santAmbrogio);
    expect(await offeredDays(page, "studio-di-monza")).toContain(santAmbrogio);
  });

  test("the section holds at 320 px (no sideways scroll); screenshots at 390×844 and 1440×900", async ({ page }) => {
    await signInAsAdmin(page, server);
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto(`${server.url}/admin/prenotazioni`);
    await expect(page.locator(SECTION)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await saveScreenshot(page.locator(SECTION), "holidays-section-320");
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      await gotoHydrated(page, `${server.url}/admin/prenotazioni`);
      // The section's heading just below the site's sticky header.
      await page
        .getByRole("heading", { name: "Festività" })
        .evaluate((h) => window.scrollTo(0, h.getBoundingClientRect().top + window.scrollY - 90));
      await saveScreenshot(page, `holidays-${viewport.width}x${viewport.height}`);
      await saveScreenshot(page.locator(SECTION), `holidays-section-${viewport.width}`);
    }
  });
});
