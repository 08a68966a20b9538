import { expect, type Page, test } from "../support/e2e-test";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { requestNote } from "~/features/booking/booking-steps";

/** What the last step says with her default setting (48 hours). */
const REQUEST_NOTE = requestNote(48);
import { createBookingSettingsRepository } from "~/features/booking/booking-settings.server";
import { createVisitTypeRepository } from "~/features/booking/visit-types.server";
import { type AppServer, startAppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { viewports } from "../support/viewports";
import { visitTypeData } from "../support/factory";

// A visit type she confirms herself says so on the last step, before its button
// "Invia la richiesta"; a type confirmed at once keeps "Prenota" and says nothing of the kind. With
// JavaScript and without, at 390 px.

test.describe.configure({ mode: "serial", timeout: 120_000 });

let server: AppServer;
let database: Awaited<ReturnType<typeof openSiteDatabase>>;
const bus = createMemoryEventBus();

test.beforeAll(async () => {
  server = await startAppServer();
  database = await openSiteDatabase({ dataDir: server.dataDir });
  const settings = createBookingSettingsRepository(database.db, bus);
  await settings.save({ ...(await settings.get()), mode: "site" });
  const types = createVisitTypeRepository(database.db, bus);
  await types.create(visitTypeData({ name: "Prima visita" }));
  await types.create(visitTypeData({ name: "Visita di controllo", durationMinutes: 30, confirmation: "request" }));
});
test.afterAll(async () => {
  await database?.close();
  await server?.stop();
});

/** Through the first two steps to the form of the last, for the type named. */
async function lastStep(page: Page, type: RegExp) {
  await page.goto(`${server.url}/prenota`);
  await page.getByRole("link", { name: type }).first().click();
  await page.getByRole("group", { name: "Giorni con orari liberi" }).getByRole("link").first().click();
  await page
    .getByRole("list", { name: /^Orari liberi di / })
    .getByRole("link")
    .first()
    .click();
  await expect(page.getByRole("heading", { name: /I tuoi dati/ })).toBeVisible();
}

async function fillDetails(page: Page, email: string) {
  await page.getByLabel("Nome e cognome").fill("Maria Rossi");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Telefono").fill("+39 333 123 4567");
  await page.getByLabel(/Ho letto l'informativa privacy/).check();
}

for (const javaScript of [true, false]) {
  test.describe(`390 px, ${javaScript ? "with" : "without"} JavaScript`, () => {
    test.use({ viewport: viewports[0], javaScriptEnabled: javaScript });

    test("a type on request says so before its button, 'Invia la richiesta', and is received as a request", async ({
      page,
    }) => {
      await lastStep(page, /Visita di controllo/);
      const note = page.getByText(REQUEST_NOTE);
      const button = page.getByRole("button", { name: "Invia la richiesta" });
      await expect(note).toBeVisible();
      await expect(page.getByRole("button", { name: "Prenota" })).toHaveCount(0);
      // The note comes before the button, in reading order.
      expect(
        await note.evaluate(
          (p, b) => Boolean(p.compareDocumentPosition(b as Node) & Node.DOCUMENT_POSITION_FOLLOWING),
          await button.elementHandle(),
        ),
      ).toBe(true);
      if (javaScript) await expectNoAxeViolations(page);
      await fillDetails(page, `richiesta-${javaScript}@example.it`);
      await button.click();
      await expect(page.getByRole("heading", { name: "La tua prenotazione" })).toBeVisible();
      await expect(page.getByText("In attesa di conferma", { exact: true })).toBeVisible();
    });

    test("a type confirmed at once keeps 'Prenota' and says nothing of a request", async ({ page }) => {
      await lastStep(page, /Prima visita/);
      await expect(page.getByRole("button", { name: "Prenota" })).toBeVisible();
      await expect(page.getByText(REQUEST_NOTE)).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Invia la richiesta" })).toHaveCount(0);
    });
  });
}
