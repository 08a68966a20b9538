import { expect, type Page, test } from "../support/e2e-test";
import { openSiteDatabase } from "~/core/db/site-database.server";
import type { BookingMode } from "~/features/booking/booking-values";
import { createPostgresEventBus, type EventBus } from "~/core/events/event-bus.server";
import { createBookingSettingsRepository } from "~/features/booking/booking-settings.server";
import { defaultSiteContent } from "~/features/site-content/defaults";
import { type AppServer, startAppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { waitForLiveStream } from "../support/event-stream";
import { viewports } from "../support/viewports";

// The booking buttons (the home's hero, the services page, a recipe, and "Prenota" in the menu)
// follow her choice among four: her external profile (the default), the site's own booking, a call,
// or none. The choice is saved as the agenda's settings save it, announced on the database's bus.

test.describe.configure({ mode: "serial", timeout: 120_000 });

let server: AppServer;
let database: Awaited<ReturnType<typeof openSiteDatabase>>;
let bus: EventBus;

test.beforeAll(async () => {
  server = await startAppServer();
  database = await openSiteDatabase({ dataDir: server.dataDir });
  bus = await createPostgresEventBus(database.url);
});
test.afterAll(async () => {
  await bus?.close();
  await database?.close();
  await server?.stop();
});

async function choose(mode: BookingMode) {
  const settings = createBookingSettingsRepository(database.db, bus);
  await settings.save({ ...(await settings.get()), mode });
}

const hero = (page: Page) => page.locator(".hero").getByRole("link", { name: /^Prenota una visita/ });
const servicesButton = (page: Page) => page.getByRole("link", { name: /^Prenota una consulenza/ });
/** "Prenota" in the header: the wide menu at 1440 px, the menu button's panel at 390 px. */
async function menuLink(page: Page) {
  const phone = (page.viewportSize()?.width ?? 0) < 600;
  if (phone) {
    await page.getByLabel("Menu", { exact: true }).click();
    return page.getByRole("navigation", { name: "Menu mobile" }).getByRole("link", { name: /^Prenota/ });
  }
  return page.getByRole("navigation", { name: "Principale" }).getByRole("link", { name: /^Prenota/ });
}

for (const viewport of viewports) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("by default each button opens her external profile in a new tab, and the menu has «Prenota»", async ({
      page,
    }) => {
      await choose("external");
      await page.goto(`${server.url}/home`);
      await expect(hero(page)).toHaveAttribute("href", defaultSiteContent.links.booking);
      await expect(hero(page)).toHaveAttribute("target", "_blank");
      await expect(hero(page)).toHaveAccessibleName("Prenota una visita (si apre in una nuova scheda)");
      const prenota = await menuLink(page);
      await expect(prenota).toBeVisible();
      await expect(prenota).toHaveAttribute("href", defaultSiteContent.links.booking);
      await expectNoAxeViolations(page);
      await page.goto(`${server.url}/services`);
      await expect(servicesButton(page)).toHaveAttribute("href", defaultSiteContent.links.doctorProfile);
    });

    test("she turns the site's booking on: an open home follows at once, and every button leads to /prenota", async ({
      page,
    }) => {
      await choose("external");
      await page.goto(`${server.url}/home`);
      await waitForLiveStream(page);
      await choose("site");
      await expect(hero(page)).toHaveAttribute("href", "/prenota");
      await expect(hero(page)).not.toHaveAttribute("target", /.*/);
      await page.goto(`${server.url}/services`);
      await expect(servicesButton(page)).toHaveAttribute("href", "/prenota");
      await (await menuLink(page)).click();
      await expect(page).toHaveURL(`${server.url}/prenota`);
      await expect(page.getByRole("heading", { name: "Prenota una visita", level: 1 })).toBeVisible();
    });
  });
}

test("a call: the buttons dial the studio's phone", async ({ page }) => {
  await choose("phone");
  await page.goto(`${server.url}/home`);
  await expect(hero(page)).toHaveAttribute("href", "tel:+393472184590");
  await expect(hero(page)).toHaveAccessibleName("Prenota una visita (chiama lo studio)");
  await page.goto(`${server.url}/services`);
  await expect(servicesButton(page)).toHaveAttribute("href", "tel:+393472184590");
  await expect(await menuLink(page)).toHaveAttribute("href", "tel:+393472184590");
});

test("none: no booking button anywhere (the services page offers the contacts), and no «Prenota» in the menu", async ({
  page,
}) => {
  await choose("none");
  await page.goto(`${server.url}/home`);
  await expect(page.locator(".hero").getByRole("link", { name: "Scopri i servizi" })).toBeVisible();
  await expect(hero(page)).toHaveCount(0);
  await expect(
    page.getByRole("navigation", { name: "Principale" }).getByRole("link", { name: /^Prenota/ }),
  ).toHaveCount(0);
  await page.goto(`${server.url}/services`);
  await expect(page.getByRole("heading", { name: "Vuoi saperne di più?" })).toBeVisible();
  await expect(servicesButton(page)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Contattami" })).toHaveAttribute("href", "/home#contatti");
});
