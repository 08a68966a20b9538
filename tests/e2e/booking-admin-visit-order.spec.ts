import { expect, type Page, test } from "../support/e2e-test";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { createBookingSettingsRepository } from "~/features/booking/booking-settings.server";
import { BOOKING_SETTINGS_MESSAGES as M } from "~/features/booking/messages";
import { createVisitTypeRepository } from "~/features/booking/visit-types.server";
import { signInAsAdmin } from "../support/admin-browser";
import { type AppServer, newDataDir, startAppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { gotoHydrated } from "../support/hydration";
import { visitTypeData } from "../support/factory";
import { viewports } from "../support/viewports";

// The visit types' order on the settings screen ("Sposta su", "Sposta giù"), with JavaScript and
// without, is the order /prenota lists them in.

test.describe.configure({ mode: "serial", timeout: 120_000 });

let server: AppServer;

test.beforeAll(async () => {
  server = await startAppServer({ DATA_DIR: newDataDir("e2e-booking-admin-visit-order-", { admin: true }) });
  const database = await openSiteDatabase({ dataDir: server.dataDir });
  try {
    const bus = createMemoryEventBus();
    const settings = createBookingSettingsRepository(database.db, bus);
    await settings.save({ ...(await settings.get()), mode: "site" });
    const types = createVisitTypeRepository(database.db, bus);
    for (const name of ["Prima visita", "Visita di controllo", "Consulenza sportiva"])
      await types.create(visitTypeData({ name, durationMinutes: 30 }));
  } finally {
    await database.close();
  }
});
test.afterAll(async () => {
  await server?.stop();
});

/** The visit types /prenota offers at the Milan studio, in its order. */
async function orderOnSite(page: Page): Promise<string[]> {
  await page.goto(`${server.url}/prenota`);
  const milan = page.locator(".booking-place").filter({ has: page.getByRole("heading", { name: "Studio di Milano" }) });
  return milan.locator(".booking-option__name").allTextContents();
}

const orderOnScreen = (page: Page) =>
  page.locator(".booking-admin-list").first().locator("li strong").allTextContents();

test("with JavaScript, at both sizes: a type moved up and down keeps the focus, and /prenota follows", async ({
  browser,
}) => {
  for (const viewport of viewports) {
    const page = await (await browser.newContext({ viewport })).newPage();
    await signInAsAdmin(page, server);
    await gotoHydrated(page, `${server.url}/admin/prenotazioni`);
    const before = await orderOnScreen(page);
    expect(await orderOnSite(await (await browser.newContext()).newPage())).toEqual(before);
    const [first, second, third] = before as [string, string, string];
    await expect(page.getByRole("button", { name: `Sposta su: ${first}, posizione 1 di 3` })).toBeDisabled();
    await expectNoAxeViolations(page);

    const down = page.getByRole("button", { name: `Sposta giù: ${first}, posizione 1 di 3` });
    await down.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(M.typeMoved)).toBeVisible();
    await expect.poll(() => orderOnScreen(page)).toEqual([second, first, third]);
    // The focus stays on the moved type's button, at its new place.
    await expect(page.getByRole("button", { name: `Sposta giù: ${first}, posizione 2 di 3` })).toBeFocused();

    await page.getByRole("button", { name: `Sposta su: ${third}, posizione 3 di 3` }).click();
    await expect.poll(() => orderOnScreen(page)).toEqual([second, third, first]);
    const visitor = await (await browser.newContext({ viewport })).newPage();
    expect(await orderOnSite(visitor)).toEqual([second, third, first]);
    await visitor.context().close();
    await page.context().close();
  }
});

test("without JavaScript, at 390 px: the move posts and the page comes back in the new order", async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: viewports[0], javaScriptEnabled: false })).newPage();
  await signInAsAdmin(page, server);
  await page.goto(`${server.url}/admin/prenotazioni`);
  const [first, second, third] = (await orderOnScreen(page)) as [string, string, string];
  await page.getByRole("button", { name: `Sposta giù: ${second}, posizione 2 di 3` }).click();
  await expect(page.getByText(M.typeMoved)).toBeVisible();
  await expect.poll(() => orderOnScreen(page)).toEqual([first, third, second]);
  expect(await orderOnSite(page)).toEqual([first, third, second]);
  await page.context().close();
});
