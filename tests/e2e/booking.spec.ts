import { expect, type Page, test } from "../support/e2e-test";
import ICAL from "ical.js";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { createAppointmentRepository } from "~/features/booking/appointments.server";
import { freeDays } from "~/features/booking/availability";
import { createBookingSettingsRepository } from "~/features/booking/booking-settings.server";
import { weeklyHours } from "~/features/booking/studio-hours";
import { createVisitTypeRepository } from "~/features/booking/visit-types.server";
import { defaultSiteContent } from "~/features/site-content/defaults";
import { type AppServer, startAppServer } from "../support/app-server";
import { expectNoAxeViolations as checkAxe } from "../support/axe";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";
import { viewports } from "../support/viewports";
import { visitTypeData } from "../support/factory";

// The patient's side of booking against a real server and a real SMTP server: the page in three
// steps with and without JavaScript, at 390 and 1440 px; her e-mail with its calendar file; her link.

test.describe.configure({ mode: "serial", timeout: 120_000 });

let smtp: TestSmtpServer;
let server: AppServer;
let database: Awaited<ReturnType<typeof openSiteDatabase>>;
let firstVisitId: string;
const bus = createMemoryEventBus();
const settingsRepository = () => createBookingSettingsRepository(database.db, bus);
const practiceEmail = defaultSiteContent.contact.email;
const milanoHours = weeklyHours(defaultSiteContent.studios.find((s) => s.key === "studio-di-milano")!.hours);

test.beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // Behind a proxy as far as the server knows: each concurrent patient below comes from her own address.
  server = await startAppServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: "sito@studio.test",
    MAIL_TO: "dottoressa@studio.test",
    TRUST_PROXY: "true",
  });
  database = await openSiteDatabase({ dataDir: server.dataDir });
  const types = createVisitTypeRepository(database.db, bus);
  const first = await types.create(visitTypeData({ priceCents: 8000, showPrice: true }));
  firstVisitId = first.id;
});
test.afterAll(async () => {
  await database?.close();
  await server?.stop();
  await smtp?.stop();
});

test("while booking is off, /prenota answers 404 with a page saying to call the studio", async ({ page }) => {
  const response = await page.goto(`${server.url}/prenota`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText("La prenotazione dal sito non è attiva")).toBeVisible();
  await settingsRepository().save({ ...(await settingsRepository().get()), mode: "site" });
});

/** Books through the three steps; returns the instant chosen and her name. */
async function bookThroughSteps(page: Page, name: string, email: string) {
  // axe runs in the page: only where scripts run (the pages are the same without).
  const expectNoAxeViolations = (p: Page) => (javaScriptOn(p) ? checkAxe(p) : Promise.resolve());
  await page.goto(`${server.url}/prenota`);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: /Prima visita.*60 minuti.*80 €/ }).click();
  await expect(page.getByRole("heading", { name: /Giorno e orario/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("group", { name: "Giorni con orari liberi" }).getByRole("link").first().click();
  const times = page.getByRole("list", { name: /^Orari liberi di / });
  await expect(times).toBeVisible();
  await expectNoAxeViolations(page);
  const time = (await times.getByRole("link").first().textContent())!;
  await times.getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: /I tuoi dati/ })).toBeVisible();
  await expectNoAxeViolations(page);
  const chosen = new URL(page.url()).searchParams.get("ora")!;
  // Sent empty first: each field says what is wrong, in Italian.
  await page.getByRole("button", { name: "Prenota" }).click();
  await expect(page.locator("#booking-name-error")).toHaveText("Scrivi il tuo nome e cognome.");
  await page.getByLabel("Nome e cognome").fill(name);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Telefono").fill("+39 333 123 4567");
  await page.getByLabel(/Ho letto l'informativa privacy/).check();
  await page.getByRole("button", { name: "Prenota" }).click();
  await expect(page.getByRole("heading", { name: "La tua prenotazione" })).toBeVisible();
  await expect(page.getByText("Confermata", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  return { chosen, time };
}

async function mailTo(recipient: string) {
  await expect
    .poll(() => smtp.received.some((m) => m.parsed.to?.[0]?.address === recipient), { timeout: 30_000 })
    .toBe(true);
  return smtp.received.find((m) => m.parsed.to?.[0]?.address === recipient)!;
}

/** Whether the page's context runs scripts (test.use sets it per describe). */
const scriptsOn = new WeakSet<Page>();
const javaScriptOn = (page: Page) => scriptsOn.has(page);

function eventOf(ics: string) {
  return new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!);
}

for (const viewport of viewports) {
  for (const javaScript of [true, false]) {
    const label = `${viewport.width} px, ${javaScript ? "with" : "without"} JavaScript`;
    test.describe(label, () => {
      test.use({ viewport, javaScriptEnabled: javaScript });
      test.beforeEach(({ page }) => {
        if (javaScript) scriptsOn.add(page);
      });

      test(`a booking is made, its e-mail carries a valid .ics, and the time is gone for the next visitor (${label})`, async ({
        page,
        browser,
      }) => {
        const email = `paziente-${viewport.width}-${javaScript}@example.it`;
        const { chosen, time } = await bookThroughSteps(page, "Maria Rossi", email);
        if (javaScript) {
          await page.goto(`${page.url()}?cambia=1`);
          await expect(page.getByRole("heading", { name: "Scegli un nuovo orario" })).toBeVisible();
          await checkAxe(page);
          await page.goto(`${page.url().split("?")[0]}?annulla=1`);
          await expect(page.getByRole("button", { name: "Sì, annulla la visita" })).toBeVisible();
          await checkAxe(page);
        }
        const mail = await mailTo(email);
        expect(mail.parsed.subject).toBe("Prenotazione confermata: Prima visita");
        expect(mail.parsed.text).toContain("Via Giuseppe Verdi 18, 20121 Milano (MI)");
        // She shows this type's price: so does the e-mail, which answers to the practice.
        expect(mail.parsed.text).toContain("Prezzo: 80 €");
        expect(mail.parsed.replyTo?.map((a) => a.address)).toEqual([practiceEmail]);
        expect(mail.parsed.text).toMatch(/\/prenota\/gestisci\/[A-Za-z0-9_-]{43}/);
        const ics = mail.parsed.attachments.find((a) => a.filename === "visita.ics")!;
        const content = typeof ics.content === "string" ? ics.content : new TextDecoder().decode(ics.content);
        const event = eventOf(content);
        expect(event.startDate.toJSDate().toISOString()).toBe(chosen);
        expect(event.endDate.toJSDate().getTime() - new Date(chosen).getTime()).toBe(60 * 60_000);

        // The next visitor no longer sees that time on that day.
        const other = await browser.newPage({ viewport, javaScriptEnabled: javaScript });
        const day = chosen.slice(0, 10);
        await other.goto(`${server.url}/prenota?sede=studio-di-milano&visita=${firstVisitId}&giorno=${day}`);
        const list = other.getByRole("list", { name: /^Orari liberi di / });
        if (await list.count()) await expect(list.getByRole("link", { name: time, exact: true })).toHaveCount(0);
        // Posting it anyway: refused, with the day's other free times.
        await other.goto(
          `${server.url}/prenota?sede=studio-di-milano&visita=${firstVisitId}&giorno=${day}&ora=${encodeURIComponent(chosen)}`,
        );
        await expect(other.getByText("Questo orario non è disponibile")).toBeVisible();
        await other.close();
      });
    });
  }
}

test.describe("her link, 390 px without JavaScript", () => {
  test.use({ viewport: viewports[0], javaScriptEnabled: false });

  test("changes the time, then cancels; after the limit it says to call the studio", async ({ page }) => {
    const email = "sposta@example.it";
    const { chosen } = await bookThroughSteps(page, "Anna Verdi", email);
    const manageUrl = page.url();
    await page.getByRole("link", { name: "Cambia orario" }).click();
    await page.getByRole("group", { name: "Giorni con orari liberi" }).getByRole("link").nth(1).click();
    const times = page.getByRole("list", { name: /^Orari liberi di / });
    await times.getByRole("link").first().click();
    const moved = new URL(page.url()).searchParams.get("ora")!;
    expect(moved).not.toBe(chosen);
    await page.getByRole("button", { name: "Conferma il nuovo orario" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /\w/ })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Scegli un nuovo orario" })).toHaveCount(0);
    await expect
      .poll(() => smtp.received.some((m) => m.parsed.subject === "Nuovo orario confermato: Prima visita"), {
        timeout: 30_000,
      })
      .toBe(true);
    const mail = smtp.received.find((m) => m.parsed.subject === "Nuovo orario confermato: Prima visita")!;
    const ics = mail.parsed.attachments.find((a) => a.filename === "visita.ics")!;
    const content = typeof ics.content === "string" ? ics.content : new TextDecoder().decode(ics.content);
    expect(eventOf(content).startDate.toJSDate().toISOString()).toBe(moved);
    // The same event, a later revision: her calendar replaces the old time (RFC 5545 SEQUENCE).
    const booking = (await mailTo(email)).parsed.attachments.find((a) => a.filename === "visita.ics")!;
    const booked = eventOf(
      typeof booking.content === "string" ? booking.content : new TextDecoder().decode(booking.content),
    );
    expect(eventOf(content).uid).toBe(booked.uid);
    expect(eventOf(content).sequence).toBeGreaterThan(booked.sequence);
    // A reply goes to the practice, not to the site's sender.
    expect(mail.parsed.replyTo?.map((a) => a.address)).toEqual([practiceEmail]);

    // After the cancellation limit: no buttons, the studio's phone instead.
    const settings = await settingsRepository().get();
    await settingsRepository().save({ ...settings, cancellationLimitHours: 720 });
    await page.goto(manageUrl);
    await expect(page.getByText(/chiama lo\s+studio al/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Annulla la visita" })).toHaveCount(0);
    await settingsRepository().save(settings);

    // Cancelling asks first: the e-mail's link and the first press change nothing.
    await page.goto(manageUrl);
    await page.getByRole("link", { name: "Annulla la visita" }).click();
    await expect(page.getByRole("heading", { name: "Vuoi annullare la visita?" })).toBeVisible();
    await page.reload();
    await page.getByRole("link", { name: "No, tieni la visita" }).click();
    await expect(page.getByText("Confermata", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Annulla la visita" }).click();
    await page.getByRole("button", { name: "Sì, annulla la visita" }).click();
    await expect(page.getByText("Annullata", { exact: true })).toBeVisible();
    await expect
      .poll(() => smtp.received.some((m) => m.parsed.subject === "Visita annullata: Prima visita"), {
        timeout: 30_000,
      })
      .toBe(true);
    // Its .ics takes the event out of her calendar: the same UID, METHOD:CANCEL, STATUS:CANCELLED.
    const cancelMail = smtp.received.find((m) => m.parsed.subject === "Visita annullata: Prima visita")!;
    const cancelFile = cancelMail.parsed.attachments.find((a) => a.filename === "visita.ics")!;
    const cancelText =
      typeof cancelFile.content === "string" ? cancelFile.content : new TextDecoder().decode(cancelFile.content);
    const calendar = new ICAL.Component(ICAL.parse(cancelText));
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    const cancelled = eventOf(cancelText);
    expect(cancelled.uid).toBe(booked.uid);
    expect(cancelled.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(cancelled.sequence).toBeGreaterThan(eventOf(content).sequence);
    expect(cancelMail.parsed.replyTo?.map((a) => a.address)).toEqual([practiceEmail]);
  });
});

test("20 patients posting the same time at once: exactly one is accepted", async () => {
  const appointments = createAppointmentRepository(database.db, bus);
  const input = (await appointments.availability(firstVisitId, "studio-di-milano", milanoHours))!;
  const time = freeDays(input).flatMap((day) => day.times)[5]!;
  const post = (i: number) => {
    const body = new URLSearchParams({
      sede: "studio-di-milano",
      visita: firstVisitId,
      ora: time.startsAt,
      name: `Paziente ${i}`,
      email: `concorrente-${i}@example.it`,
      phone: "+39 333 000 0000",
      consent: "on",
    });
    return fetch(`${server.url}/prenota`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: { "X-Forwarded-For": `203.0.113.${i + 1}` },
    });
  };
  const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i)));
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s === 303)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(19);
});
