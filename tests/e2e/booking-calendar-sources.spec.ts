import { expect, type Page, test } from "../support/e2e-test";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { createBookingSettingsRepository } from "~/features/booking/booking-settings.server";
import { CALENDAR_SOURCE_MESSAGES as M } from "~/features/booking/messages";
import { createVisitTypeRepository } from "~/features/booking/visit-types.server";
import { signInAsAdmin } from "../support/admin-browser";
import { type AppServer, newDataDir, startAppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { calendarText, serveCalendars, visitTypeData } from "../support/factory";
import { gotoHydrated } from "../support/hydration";
import { viewports } from "../support/viewports";
import { saveScreenshot } from "../support/screenshots";

// Her other calendars against a real server (decision 53): she adds one in the booking settings (a
// calendar served from a local HTTP server, allowed by CALENDAR_FETCH_ALLOW_PRIVATE), presses
// "Aggiorna ora", and /prenota no longer offers the times it says she is busy.

test.describe.configure({ mode: "serial", timeout: 180_000 });

let server: AppServer;
let provider: Awaited<ReturnType<typeof serveCalendars>>;
let database: Awaited<ReturnType<typeof openSiteDatabase>>;
let typeId: string;

test.beforeAll(async () => {
  provider = await serveCalendars({ "personale.ics": calendarText([]) });
  server = await startAppServer({
    DATA_DIR: newDataDir("e2e-booking-calendar-sources-", { admin: true }),
    CALENDAR_FETCH_ALLOW_PRIVATE: "true",
  });
  database = await openSiteDatabase({ dataDir: server.dataDir });
  const bus = createMemoryEventBus();
  const settings = createBookingSettingsRepository(database.db, bus);
  await settings.save({ ...(await settings.get()), mode: "site" });
  typeId = (await createVisitTypeRepository(database.db, bus).create(visitTypeData())).id;
});
test.afterAll(async () => {
  await database?.close();
  await server?.stop();
  await provider?.close();
});

/** The start times /prenota offers on `day`, or on the first day they span three hours (ISO instants), and that day. */
async function offered(page: Page, day?: string): Promise<{ day: string; times: string[] }> {
  const base = `${server.url}/prenota?sede=studio-di-milano&visita=${typeId}`;
  const timesOn = async (date: string) => {
    await page.goto(`${base}&giorno=${date}`);
    const links = page.getByRole("list", { name: /^Orari liberi di / }).getByRole("link");
    const hrefs = await links.evaluateAll((all) => all.map((a) => a.getAttribute("href") ?? ""));
    return hrefs.map((href) => new URL(href, server.url).searchParams.get("ora")!);
  };
  if (day) return { day, times: await timesOn(day) };
  // Not a day whose times the booking notice cut to its last hour or two: an hour and a half busy
  // there could leave no time at all.
  await page.goto(base);
  const days = await page
    .getByRole("group", { name: "Giorni con orari liberi" })
    .getByRole("link")
    .evaluateAll((all) => all.map((a) => a.getAttribute("href") ?? ""));
  for (const href of days) {
    const date = new URL(href, server.url).searchParams.get("giorno")!;
    const times = await timesOn(date);
    if (times.length > 0 && Date.parse(times.at(-1)!) - Date.parse(times[0]!) >= 3 * 3_600_000)
      return { day: date, times };
  }
  throw new Error("no day whose free times span three hours");
}

const section = (page: Page) => page.getByRole("region", { name: "I tuoi altri calendari" });

/** The section as she sees it on the screen, and whole. */
async function screenshots(page: Page, width: number) {
  await section(page).scrollIntoViewIfNeeded();
  await saveScreenshot(page, `calendar-sources-${width}`);
  await saveScreenshot(section(page), `calendar-sources-${width}-section`);
}

test.describe("390 px", () => {
  test.use({ viewport: viewports[0] });

  test("a calendar she adds, once read, takes its busy times away from /prenota", async ({ page }) => {
    const before = await offered(page);
    expect(before.times.length).toBeGreaterThan(2);
    // She is busy from the first time offered that day, for an hour and a half.
    const start = before.times[0]!;
    const end = new Date(Date.parse(start) + 90 * 60_000).toISOString();

    await signInAsAdmin(page, server);
    await gotoHydrated(page, `${server.url}/admin/prenotazioni`);
    await expect(section(page).getByText("Nessun altro calendario aggiunto.")).toBeVisible();
    await expectNoAxeViolations(page, { include: "section[aria-labelledby='altri-calendari-titolo']" });

    // An address that is not a calendar's is refused next to its field, nothing added.
    const form = page.locator("#altri-calendari");
    await form.getByLabel("Nome").fill("Personale");
    await form.getByLabel("Indirizzo del calendario").fill("ftp://example.it/calendario");
    await form.getByRole("button", { name: "Aggiungi il calendario" }).click();
    await expect(form.getByText(M.addressOrHttp)).toBeVisible();

    await form.getByLabel("Indirizzo del calendario").fill(provider.url("personale.ics"));
    await form.getByRole("button", { name: "Aggiungi il calendario" }).click();
    const row = section(page).getByRole("listitem").filter({ hasText: "Personale" });
    await expect(row.getByText(/^Letto alle \d\d:\d\d di oggi$/)).toBeVisible();
    // Only the host of the address is shown: the rest is a secret.
    await expect(row.getByText("127.0.0.1:", { exact: false })).toHaveText(/^127\.0\.0\.1:\d+\/…$/);
    await expect(page.getByText(provider.url("personale.ics"))).toHaveCount(0);
    await expect(row.getByText("Tutti gli studi e le visite online")).toBeVisible();
    // Nothing busy yet: the same times.
    expect((await offered(page, before.day)).times).toEqual(before.times);

    // She adds an event to that calendar; "Aggiorna ora" reads it at once.
    provider.set("personale.ics", calendarText([{ start, end }]));
    await gotoHydrated(page, `${server.url}/admin/prenotazioni`);
    await row.getByRole("button", { name: "Aggiorna ora: Personale" }).click();
    await expect(page.getByText(M.read(1))).toBeVisible();
    await screenshots(page, 390);
    await expectNoAxeViolations(page, { include: "section[aria-labelledby='altri-calendari-titolo']" });

    const after = await offered(page, before.day);
    const busyStart = Date.parse(start);
    const busyEnd = Date.parse(end);
    // No visit of 60 minutes (and its buffer) may meet the busy time; later ones are still offered.
    expect(after.times.filter((t) => Date.parse(t) + 60 * 60_000 > busyStart && Date.parse(t) < busyEnd)).toEqual([]);
    expect(after.times).not.toContain(start);
    expect(after.times.length).toBeGreaterThan(0);
    expect(after.times.length).toBeLessThan(before.times.length);
    expect(before.times).toEqual(expect.arrayContaining(after.times));
  });
});

test.describe("1440 px", () => {
  test.use({ viewport: viewports[1] });

  test("the calendars' section has no accessibility violations, a failed read said in Italian", async ({ page }) => {
    provider.set("personale.ics", 404);
    await signInAsAdmin(page, server);
    await gotoHydrated(page, `${server.url}/admin/prenotazioni`);
    const row = section(page).getByRole("listitem").filter({ hasText: "Personale" });
    await row.getByRole("button", { name: "Aggiorna ora: Personale" }).click();
    await expect(
      row.getByText(/^Ultima lettura non riuscita \(alle \d\d:\d\d di oggi\): il calendario non si trova/),
    ).toBeVisible();
    await screenshots(page, 1440);
    await expectNoAxeViolations(page, { include: "section[aria-labelledby='altri-calendari-titolo']" });
  });
});
