import { expect, test } from "../support/e2e-test";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { createBookingSettingsRepository } from "~/features/booking/booking-settings.server";
import { createVisitTypeRepository } from "~/features/booking/visit-types.server";
import { type AppServer, startAppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { waitForLiveStream } from "../support/event-stream";
import { viewports } from "../support/viewports";
import { visitTypeData } from "../support/factory";

// The booking page's calendar with JavaScript: a time another patient books meanwhile disappears from
// the page without a reload, and a day whose last time is taken is no longer offered.

test.describe.configure({ mode: "serial", timeout: 120_000 });

let server: AppServer;
let visitId: string;

test.beforeAll(async () => {
  // Behind a proxy as far as the server knows: each booking below comes from its own address.
  server = await startAppServer({ TRUST_PROXY: "true" });
  const database = await openSiteDatabase({ dataDir: server.dataDir });
  try {
    const bus = createMemoryEventBus();
    const settings = createBookingSettingsRepository(database.db, bus);
    await settings.save({ ...(await settings.get()), mode: "site" });
    // Eight hours, in days open 9:00–19:00: any two overlap, so one booking empties its day.
    const type = await createVisitTypeRepository(database.db, bus).create(
      visitTypeData({ name: "Giornata intera", durationMinutes: 480 }),
    );
    visitId = type.id;
  } finally {
    await database.close();
  }
});
test.afterAll(() => server?.stop());

let patient = 0;
/** Another patient books `startsAt` through the page's own form post, from an address of her own. */
async function bookedByAnother(startsAt: string) {
  patient++;
  const response = await fetch(`${server.url}/prenota`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "X-Forwarded-For": `198.51.100.${patient}` },
    body: new URLSearchParams({
      sede: "studio-di-milano",
      visita: visitId,
      ora: startsAt,
      name: `Paziente ${patient}`,
      email: `paziente${patient}@example.it`,
      phone: "+39 333 765 4321",
      consent: "on",
    }),
  });
  expect(response.status, await response.text()).toBe(303);
}

test.use({ viewport: viewports[0] });

test("a time booked by another patient leaves the open page, and a day with none left is no longer a link", async ({
  page,
}) => {
  await page.goto(`${server.url}/prenota?sede=studio-di-milano&visita=${visitId}`);
  const calendar = page.getByRole("group", { name: "Giorni con orari liberi" });
  const days = calendar.getByRole("link");
  await expect(days.first()).toBeVisible();
  await expectNoAxeViolations(page);
  const dayCount = await days.count();
  // The free days are the calendar's links, each named with its date and its count of times.
  await expect(days.first()).toHaveAccessibleName(/^\p{L}+ \d{1,2} \p{L}+ \d{4}, (1 orario|\d+ orari)$/u);

  await days.first().click();
  const times = page.getByRole("list", { name: /^Orari liberi di / });
  await expect(times.getByRole("link").first()).toBeVisible();
  const chosenDay = new URL(page.url()).searchParams.get("giorno")!;
  const href = (await times.getByRole("link").first().getAttribute("href"))!;
  const startsAt = new URL(href, server.url).searchParams.get("ora")!;
  await expect(calendar.locator(`a[aria-current="date"][href*="giorno=${chosenDay}"]`)).toHaveCount(1);
  await expectNoAxeViolations(page);
  await waitForLiveStream(page);

  await bookedByAnother(startsAt);

  // Without a reload: the day's times are gone, and so is the day from the calendar's links.
  await expect(times).toHaveCount(0);
  await expect(days).toHaveCount(dayCount - 1);
  await expect(calendar.locator(`a[href*="giorno=${chosenDay}"]`)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Scegli un giorno" })).toBeVisible();
});

test("at 1440 px the months sit side by side, and a free day opens from the keyboard", async ({ page }) => {
  await page.setViewportSize({ width: viewports[1].width, height: viewports[1].height });
  await page.goto(`${server.url}/prenota?sede=studio-di-milano&visita=${visitId}`);
  const months = page.getByRole("group", { name: "Giorni con orari liberi" }).getByRole("table");
  expect(await months.count()).toBeGreaterThanOrEqual(2);
  const [first, second] = [await months.nth(0).boundingBox(), await months.nth(1).boundingBox()];
  expect(second!.y).toBe(first!.y);
  expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
  await expectNoAxeViolations(page);
  // Tab reaches the first free day; Enter opens its times.
  const firstDay = page.getByRole("group", { name: "Giorni con orari liberi" }).getByRole("link").first();
  await firstDay.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("list", { name: /^Orari liberi di / })).toBeVisible();
});

test("a live change leaves a refused form's messages and what she typed in place", async ({ page }) => {
  await page.goto(`${server.url}/prenota?sede=studio-di-milano&visita=${visitId}`);
  const days = page.getByRole("group", { name: "Giorni con orari liberi" }).getByRole("link");
  const times = page.getByRole("list", { name: /^Orari liberi di / });
  // A time on another day, which another patient takes while she corrects her details.
  await days.nth(1).click();
  const otherHref = (await times.getByRole("link").first().getAttribute("href"))!;
  const otherStartsAt = new URL(otherHref, server.url).searchParams.get("ora")!;
  await days.first().click();
  await times.getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: /I tuoi dati/ })).toBeVisible();
  await waitForLiveStream(page);

  await page.getByRole("button", { name: "Prenota" }).click();
  const nameError = page.locator("#booking-name-error");
  await expect(nameError).toHaveText("Scrivi il tuo nome e cognome.");
  await page.getByLabel("Nome e cognome").fill("Maria Rossi");
  // Every message the page drops from here on is recorded.
  await page.evaluate(() => {
    const dropped: string[] = [];
    (window as unknown as { droppedMessages: string[] }).droppedMessages = dropped;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof HTMLElement && node.matches(".field__error, [role=alert]"))
            dropped.push(node.textContent ?? "");
    }).observe(document.body, { subtree: true, childList: true });
  });

  await bookedByAnother(otherStartsAt);
  // The change reached the page: its router refetched, and React has drawn two frames since.
  await page.waitForFunction(() => {
    const router = (
      window as unknown as { __reactRouterDataRouter: { state: { actionData: unknown; revalidation: string } } }
    ).__reactRouterDataRouter;
    return router.state.actionData === null && router.state.revalidation === "idle";
  });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

  expect(await page.evaluate(() => (window as unknown as { droppedMessages: string[] }).droppedMessages)).toEqual([]);
  await expect(nameError).toHaveText("Scrivi il tuo nome e cognome.");
  await expect(page.getByLabel("Nome e cognome")).toHaveValue("Maria Rossi");
});
