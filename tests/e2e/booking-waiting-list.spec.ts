import { type Browser, expect, type Page, test } from "../support/e2e-test";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { romeDate, romeTime } from "~/core/format/rome-clock";
import { createAppointmentRepository } from "~/features/booking/appointments.server";
import { freeDays } from "~/features/booking/availability";
import { createBookingSettingsRepository } from "~/features/booking/booking-settings.server";
import { BOOKING_MESSAGES } from "~/features/booking/messages";
import { weeklyHours } from "~/features/booking/studio-hours";
import { createVisitTypeRepository } from "~/features/booking/visit-types.server";
import { dayPartOf } from "~/features/booking/waiting-list-matching";
import { defaultSiteContent } from "~/features/site-content/defaults";
import { signInAsAdmin } from "../support/admin-browser";
import { type AppServer, newDataDir, startAppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { visitTypeData } from "../support/factory";
import { gotoHydrated } from "../support/hydration";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";
import { viewports } from "../support/viewports";
import { saveScreenshot } from "../support/screenshots";

// The waiting list against a real server and a real SMTP server. Two patients
// join it without JavaScript at 390 px; a booked visit is cancelled by its patient; both receive
// the e-mail; the first to press gets the time, the second is told it is taken. Every new screen
// passes axe at 390 and 1440 px, where scripts run (axe runs in the page).

test.describe.configure({ mode: "serial", timeout: 180_000 });

const SUBJECT = "Si è liberato un orario: Prima visita";
let smtp: TestSmtpServer;
let server: AppServer;
let database: Awaited<ReturnType<typeof openSiteDatabase>>;
let typeId: string;
/** The visit booked, then cancelled: its time, and its patient's link. */
let visit: { startsAt: string; manageToken: string };
const bus = createMemoryEventBus();
const milano = weeklyHours(defaultSiteContent.studios.find((s) => s.key === "studio-di-milano")!.hours);

test.beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startAppServer({
    DATA_DIR: newDataDir("e2e-booking-waiting-list-", { admin: true }),
    SMTP_URL: smtp.url,
    MAIL_FROM: "sito@studio.test",
    MAIL_TO: "dottoressa@studio.test",
    TRUST_PROXY: "true",
  });
  database = await openSiteDatabase({ dataDir: server.dataDir });
  const settings = createBookingSettingsRepository(database.db, bus);
  await settings.save({ ...(await settings.get()), mode: "site", cancellationLimitHours: 0 });
  typeId = (await createVisitTypeRepository(database.db, bus).create(visitTypeData())).id;
  const appointments = createAppointmentRepository(database.db, bus);
  const input = (await appointments.availability(typeId, "studio-di-milano", milano))!;
  const startsAt = freeDays(input).flatMap((day) => day.times)[0]!.startsAt;
  const booked = await appointments.book(
    {
      visitTypeId: typeId,
      studioKey: "studio-di-milano",
      startsAt: new Date(startsAt),
      patient: { name: "Maria Rossi", email: "maria@example.it", phone: "+39 333 123 4567" },
      note: null,
    },
    { hours: milano },
  );
  if (!booked.ok) throw new Error(booked.reason);
  visit = { startsAt, manageToken: booked.value.manageToken };
});
test.afterAll(async () => {
  await database?.close();
  await server?.stop();
  await smtp?.stop();
});

const booking = () => `${server.url}/prenota?sede=studio-di-milano&visita=${typeId}`;

async function shoot(page: Page, name: string) {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, `${name}-${viewport.width}`, { fullPage: true });
  }
  await page.setViewportSize(viewports[0]);
}

/** A patient joins the list from the booking's day step, ticking the weekday and part of day of the visit's time. */
async function join(page: Page, name: string, email: string) {
  const instant = Date.parse(visit.startsAt);
  await page.goto(booking());
  await page.getByRole("link", { name: "Mettiti in lista d'attesa" }).click();
  await expect(page.getByRole("heading", { name: "Mettiti in lista d'attesa" })).toBeVisible();
  await page.getByLabel("Nome e cognome").fill(name);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  // Monday 1 to Sunday 7, as the form numbers them.
  const weekday = ((new Date(`${romeDate(instant)}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
  await page.locator(`#waiting-days-${weekday}`).check();
  await page.locator(`#waiting-parts-${dayPartOf(romeTime(instant))}`).check();
  await page.getByRole("checkbox", { name: /Ho letto l'informativa privacy/ }).check();
  await page.getByRole("button", { name: "Mettiti in lista d'attesa" }).click();
  await expect(page.getByRole("heading", { name: "Sei in lista d'attesa" })).toBeVisible();
}
/** The link of the waiting list's e-mail to `email`, once it has come. */
async function linkFor(email: string) {
  await expect
    .poll(() => smtp.received.some((m) => m.parsed.subject === SUBJECT && m.parsed.to?.[0]?.address === email), {
      // The job runs every 20 s; the machine may be slow.
      timeout: 90_000,
    })
    .toBe(true);
  const mail = smtp.received.find((m) => m.parsed.subject === SUBJECT && m.parsed.to?.[0]?.address === email)!;
  const url = /https?:\/\/\S+lista=[A-Za-z0-9_-]{43}/.exec(mail.parsed.text ?? "")?.[0];
  expect(url).toBeTruthy();
  return new URL(url!);
}

/** Opens her link in a browser without JavaScript and goes to the freed time's details step. */
async function openLink(browser: Browser, link: URL) {
  const page = await browser.newPage({ viewport: viewports[0], javaScriptEnabled: false });
  await page.goto(`${server.url}${link.pathname}${link.search}`);
  await page.getByRole("link", { name: romeTime(Date.parse(visit.startsAt)), exact: true }).click();
  await expect(page.getByRole("heading", { name: /I tuoi dati/ })).toBeVisible();
  await page.getByLabel("Telefono").fill("+39 333 765 4321");
  await page.getByRole("checkbox", { name: /Ho letto l'informativa privacy/ }).check();
  return page;
}

test.describe("390 px without JavaScript", () => {
  test.use({ viewport: viewports[0], javaScriptEnabled: false });

  test("two patients wait, a visit is cancelled, both are mailed, the first to press gets the time", async ({
    page,
    browser,
  }) => {
    await join(page, "Anna Verdi", "anna@example.it");
    const second = await browser.newPage({ viewport: viewports[0], javaScriptEnabled: false });
    await join(second, "Bruno Neri", "bruno@example.it");
    await second.close();

    // Maria cancels her visit by her link.
    await page.goto(`${server.url}/prenota/gestisci/${visit.manageToken}`);
    await page.getByRole("link", { name: "Annulla la visita" }).click();
    await page.getByRole("button", { name: "Sì, annulla la visita" }).click();
    await expect(page.getByText("Annullata", { exact: true })).toBeVisible();

    const [annaLink, brunoLink] = [await linkFor("anna@example.it"), await linkFor("bruno@example.it")];
    expect(annaLink.searchParams.get("giorno")).toBe(romeDate(Date.parse(visit.startsAt)));
    const anna = await openLink(browser, annaLink);
    const bruno = await openLink(browser, brunoLink);
    // Their name and e-mail filled by the link.
    await expect(anna.getByLabel("Nome e cognome")).toHaveValue("Anna Verdi");
    await expect(anna.getByLabel("E-mail", { exact: true })).toHaveValue("anna@example.it");
    await expect(bruno.getByLabel("Nome e cognome")).toHaveValue("Bruno Neri");
    for (const viewport of viewports) {
      await anna.setViewportSize(viewport);
      await saveScreenshot(anna, `details-from-link-${viewport.width}`, { fullPage: true });
    }
    await anna.setViewportSize(viewports[0]);

    await anna.getByRole("button", { name: "Prenota" }).click();
    await expect(anna.getByText("Confermata", { exact: true })).toBeVisible();
    await bruno.getByRole("button", { name: "Prenota" }).click();
    await expect(bruno.getByText(BOOKING_MESSAGES.taken)).toBeVisible();
    await anna.close();
    await bruno.close();
  });
});

test.describe("every new screen, with JavaScript (axe runs in the page)", () => {
  test.use({ viewport: viewports[0] });
  test("the link on the day step, an expired link, the form, its confirmation and her list pass axe at 390 and 1440 px", async ({
    page,
  }) => {
    await gotoHydrated(page, booking());
    await expect(page.getByRole("link", { name: "Mettiti in lista d'attesa" })).toBeVisible();
    await shoot(page, "day-step-with-link");
    // A link expired (or never valid): said, and the booking goes on as usual.
    await gotoHydrated(page, `${booking()}&lista=${"x".repeat(43)}`);
    await expect(page.getByText("Il link della lista d'attesa è scaduto")).toBeVisible();
    await shoot(page, "expired-link");
    await gotoHydrated(page, `${server.url}/prenota/lista-attesa?sede=studio-di-milano&visita=${typeId}`);
    // Refused without a day or part of day, in Italian, next to the choices.
    await page.getByLabel("Nome e cognome").fill("Carla Bianchi");
    await page.getByLabel("E-mail", { exact: true }).fill("carla@example.it");
    await page.getByRole("checkbox", { name: /Ho letto l'informativa privacy/ }).check();
    await page.getByRole("button", { name: "Mettiti in lista d'attesa" }).click();
    await expect(page.locator("#waiting-days-error")).toHaveText("Scegli almeno un giorno della settimana.");
    await expect(page.locator("#waiting-parts-error")).toHaveText(
      "Scegli almeno una fascia: mattina, pomeriggio o sera.",
    );
    await shoot(page, "waiting-list-form");
    await page.getByLabel("giovedì").check();
    await page.getByLabel(/Sera/).check();
    await page.getByRole("button", { name: "Mettiti in lista d'attesa" }).click();
    await expect(page.getByRole("heading", { name: "Sei in lista d'attesa" })).toBeVisible();
    await shoot(page, "waiting-list-joined");
    // The privacy page says what the list keeps and for how long (her setting).
    await page.goto(`${server.url}/privacy#lista-attesa`);
    await expect(page.locator("#lista-attesa + p")).toContainText("cancellata automaticamente dopo 60 giorni");

    await signInAsAdmin(page, server);
    await gotoHydrated(page, `${server.url}/admin/prenotazioni`);
    const section = page.locator("#lista-attesa");
    // Bruno may wait for the same weekday and part of day, when the visit fell on a Thursday evening.
    const carla = section.getByRole("listitem").filter({ hasText: "Carla Bianchi" });
    await expect(carla).toBeVisible();
    await expect(carla.getByText("giovedì · sera")).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await shoot(page, "admin-waiting-list");
    await section.getByRole("button", { name: "Togli dalla lista: Carla Bianchi" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Togli dalla lista" }).click();
    await expect(section.getByText("Carla Bianchi", { exact: true })).toHaveCount(0);
  });
});
