import { expect, type Page, test } from "../support/e2e-test";
import { expectToast } from "../support/toasts";
import { eq } from "drizzle-orm";
import { appointments } from "~/features/booking/schema";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { addDays, romeDate, romeInstant } from "~/core/format/rome-clock";
import { formatItalianDay } from "~/core/format/italian-format";
import { createAppointmentRepository } from "~/features/booking/appointments.server";
import { createBookingSettingsRepository } from "~/features/booking/booking-settings.server";
import { createVisitTypeRepository } from "~/features/booking/visit-types.server";
import { AGENDA_MESSAGES } from "~/features/booking/messages";
import { signInAsAdmin } from "../support/admin-browser";
import { type AppServer, newDataDir, startAppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { gotoHydrated } from "../support/hydration";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";
import { viewports } from "../support/viewports";
import { visitTypeData } from "../support/factory";
import { saveScreenshot } from "../support/screenshots";

// Every request in reach. A request 40 days ahead (beyond the agenda's first two
// weeks) is listed with the others on the agenda's first screen, the oldest request first, as many
// as her menu's badge counts, and confirmed from there; the agenda's week links reach its day,
// without JavaScript too.

test.describe.configure({ mode: "serial", timeout: 120_000 });

let smtp: TestSmtpServer;
let server: AppServer;
let database: Awaited<ReturnType<typeof openSiteDatabase>>;
let typeId: string;
const bus = createMemoryEventBus();

test.beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startAppServer({
    DATA_DIR: newDataDir("e2e-booking-agenda-requests-", { admin: true }),
    SMTP_URL: smtp.url,
    MAIL_FROM: "sito@studio.test",
    MAIL_TO: "dottoressa@studio.test",
  });
  database = await openSiteDatabase({ dataDir: server.dataDir });
  const settings = createBookingSettingsRepository(database.db, bus);
  await settings.save({ ...(await settings.get()), mode: "site", horizonDays: 60 });
  const types = createVisitTypeRepository(database.db, bus);
  typeId = (
    await types.create(visitTypeData({ name: "Visita di controllo", durationMinutes: 30, confirmation: "request" }))
  ).id;
});
test.afterAll(async () => {
  await database?.close();
  await server?.stop();
  await smtp?.stop();
});

/** An appointment `days` ahead at `hour` in Italy; a request asked `askedDaysAgo` days ago. */
async function seed(name: string, days: number, hour: number, status: "pending" | "confirmed", askedDaysAgo = 0) {
  const email = `${name.toLowerCase().replace(/\s+/g, ".")}@example.it`;
  const booked = await createAppointmentRepository(database.db, bus).bookByPractitioner({
    visitTypeId: typeId,
    studioKey: "studio-di-milano",
    startsAt: new Date(romeInstant(addDays(romeDate(Date.now()), days), hour * 60)),
    patient: { name, email, phone: "+39 333 123 4567" },
    note: null,
  });
  if (!booked.ok) throw new Error(booked.reason);
  await database.db
    .update(appointments)
    .set({ status, createdAt: new Date(Date.now() - askedDaysAgo * 86_400_000) })
    .where(eq(appointments.id, booked.value.appointment.id));
  return { id: booked.value.appointment.id, email, day: formatItalianDay(addDays(romeDate(Date.now()), days)) };
}

/** The number on the menu's "Agenda" (0 when it shows none). */
async function badge(page: Page) {
  const count = page.locator(`a.admin-bar__link[href="/admin/agenda"] .admin-bar__count`).first();
  if ((await count.count()) === 0) return 0;
  return Number((await count.textContent())?.replace(/\D/g, ""));
}

const requests = (page: Page) => page.locator("#richieste .agenda-item");

test.describe("390 px, with JavaScript", () => {
  test.use({ viewport: viewports[0] });

  test("a request 40 days ahead is listed first, as her badge counts, and confirmed from the agenda", async ({
    page,
  }) => {
    const far = await seed("Lucia Neri", 40, 9, "pending", 2);
    const near = await seed("Paolo Gialli", 2, 10, "pending", 1);
    await signInAsAdmin(page, server);
    await gotoHydrated(page, `${server.url}/admin/agenda`);
    await expect(requests(page)).toHaveCount(2);
    expect(await badge(page)).toBe(2);
    // The oldest request first, with its day.
    await expect(requests(page).nth(0)).toHaveId(`appuntamento-${far.id}`);
    await expect(requests(page).nth(0)).toContainText(far.day);
    await expect(requests(page).nth(1)).toHaveId(`appuntamento-${near.id}`);
    // The near one is also on its day, pointing to its answer above.
    await expect(page.getByRole("link", { name: "Rispondi alla richiesta" })).toHaveAttribute(
      "href",
      `#appuntamento-${near.id}`,
    );
    await expectNoAxeViolations(page);
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      await saveScreenshot(page, `agenda-requests-${viewport.width}`, { fullPage: true });
    }
    await page.setViewportSize(viewports[0]);

    await page
      .locator(`#appuntamento-${far.id}`)
      .getByRole("button", { name: /^Conferma:/ })
      .click();
    await expectToast(page, AGENDA_MESSAGES.confirmed);
    await expect(requests(page)).toHaveCount(1);
    await expect.poll(() => badge(page)).toBe(1);
    await expect
      .poll(() => smtp.received.some((m) => m.parsed.to?.[0]?.address === far.email), { timeout: 30_000 })
      .toBe(true);
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, far.id));
    expect(row?.status).toBe("confirmed");
  });
});

test.describe("without JavaScript, at 390 px", () => {
  test.use({ viewport: viewports[0], javaScriptEnabled: false });

  test("the week links reach a visit 40 days ahead, and stop at the booking horizon", async ({ page }) => {
    const far = await seed("Sara Blu", 41, 11, "confirmed");
    await signInAsAdmin(page, server);
    await page.goto(`${server.url}/admin/agenda`);
    await expect(page.getByRole("link", { name: /Settimana precedente/ })).toHaveCount(0);
    await expect(page.locator(`#appuntamento-${far.id}`)).toHaveCount(0);
    for (let week = 1; week <= 5; week++) await page.getByRole("link", { name: /Settimana successiva/ }).click();
    await expect(page).toHaveURL(/settimana=5/);
    await expect(page.getByRole("heading", { name: far.day })).toBeVisible();
    await expect(page.locator(`#appuntamento-${far.id}`)).toContainText("Sara Blu");
    await page.getByRole("link", { name: /Settimana precedente/ }).click();
    await expect(page).toHaveURL(/settimana=4/);
    // 60 days of horizon: the last page (weeks 7 and 8) shows its last day and has no next week.
    await page.goto(`${server.url}/admin/agenda?settimana=99`);
    await expect(page.getByRole("link", { name: /Settimana successiva/ })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: /^Dal / })).toContainText(
      formatItalianDay(addDays(romeDate(Date.now()), 62)),
    );
  });
});
