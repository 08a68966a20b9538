import { expect, type Page, test } from "../support/e2e-test";
import { expectToast } from "../support/toasts";
import { eq } from "drizzle-orm";
import { followUps } from "~/features/booking/schema";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { addDays, romeDate, romeInstant } from "~/core/format/rome-clock";
import { createAppointmentRepository } from "~/features/booking/appointments.server";
import { createBookingSettingsRepository } from "~/features/booking/booking-settings.server";
import { AGENDA_MESSAGES } from "~/features/booking/messages";
import { createVisitTypeRepository } from "~/features/booking/visit-types.server";
import { renameFirstStudio, signInAsAdmin } from "../support/admin-browser";
import { type AppServer, newDataDir, startAppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { personalDataIn } from "../support/booking";
import { visitTypeData } from "../support/factory";
import { defaultSiteContent } from "~/features/site-content/defaults";
import { gotoHydrated } from "../support/hydration";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";
import { viewports } from "../support/viewports";
import { saveScreenshot } from "../support/screenshots";

// And the rest of item 4: she asks, from a visit in her agenda, to remind the patient
// of the follow-up; the job sends the e-mail when due (the job also runs as the server starts: the
// test makes the follow-up due and starts the server again), through a real SMTP server; its link
// opens /prenota on the follow-up's type with the patient's details filled, without JavaScript. And
// a visit cancelled by link offers "Prenota di nuovo", the details filled the same way.

test.describe.configure({ mode: "serial", timeout: 300_000 });

const bus = createMemoryEventBus();
let smtp: TestSmtpServer;
let server: AppServer;
let controlTypeId: string;
const visits: Record<string, { id: string; name: string; email: string }> = {};
let manageToken: string;

const patient = (name: string) => ({
  name,
  email: `${name.toLowerCase().replace(/\s+/g, ".")}@example.it`,
  phone: "+39 333 123 4567",
});

test.beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startAppServer({
    DATA_DIR: newDataDir("e2e-booking-follow-up-", { admin: true }),
    SMTP_URL: smtp.url,
    MAIL_FROM: "sito@studio.test",
  });
  const database = await openSiteDatabase({ dataDir: server.dataDir });
  try {
    const settings = createBookingSettingsRepository(database.db, bus);
    await settings.save({ ...(await settings.get()), mode: "site" });
    const types = createVisitTypeRepository(database.db, bus);
    const first = await types.create(visitTypeData());
    controlTypeId = (
      await types.create(
        visitTypeData({ name: "Visita di controllo", durationMinutes: 30, priceCents: 5000, showPrice: true }),
      )
    ).id;
    const appointments = createAppointmentRepository(database.db, bus);
    const today = romeDate(Date.now());
    const book = async (name: string, day: string, minute: number) => {
      const booked = await appointments.bookByPractitioner({
        visitTypeId: first.id,
        studioKey: "studio-di-milano",
        startsAt: new Date(romeInstant(day, minute)),
        patient: patient(name),
        note: null,
      });
      if (!booked.ok) throw new Error(booked.reason);
      return booked;
    };
    // A visit two days ago (the agenda's recent visits) and one in three days (its days).
    for (const [key, name, day] of [
      ["past", "Anna Serra", addDays(today, -2)],
      ["coming", "Bruno Conti", addDays(today, 3)],
    ] as const) {
      const booked = await book(name, day, 9 * 60);
      visits[key] = { id: booked.value.appointment.id, ...patient(name) };
    }
    // A visit in six days that Carla cancels by her link.
    manageToken = (await book("Carla Fontana", addDays(today, 6), 10 * 60)).value.manageToken;
  } finally {
    await database.close();
  }
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

/** Her agenda at this width, signed in, the visit's card. */
async function agendaCard(page: Page, id: string) {
  await signInAsAdmin(page, server);
  await gotoHydrated(page, `${server.url}/admin/agenda`);
  return page.locator(`#appuntamento-${id}`);
}

/** Step 2 to step 3 of /prenota by its links: the first free day, then its first time. */
async function chooseFirstTime(page: Page) {
  await page.locator("a.booking-date").first().click();
  await page.locator("a.booking-time").first().click();
  await expect(page.getByRole("heading", { name: /I tuoi dati/ })).toBeVisible();
}

async function expectDetailsFilled(page: Page, who: { name: string; email: string; phone: string }) {
  await expect(page.getByLabel("Nome e cognome")).toHaveValue(who.name);
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(who.email);
  await expect(page.getByLabel("Telefono")).toHaveValue(who.phone);
}

test("1440 px: she plans the follow-up of a coming visit, sees it on the visit, and cancels it", async ({
  browser,
}) => {
  const page = await (await browser.newContext({ viewport: viewports[1] })).newPage();
  const card = await agendaCard(page, visits.coming!.id);
  await card.locator("summary", { hasText: "Ricorda il controllo" }).click();
  await expectNoAxeViolations(page);
  await card.getByLabel("Tra quante settimane dalla visita").selectOption("4");
  await card.getByLabel("Visita da prenotare").selectOption({ label: "Visita di controllo (30 minuti)" });
  await card.getByRole("button", { name: "Ricorda il controllo" }).click();
  await expectToast(page, AGENDA_MESSAGES.followUpPlanned);
  await expect(card.getByText(/^Controllo da ricordare: Visita di controllo, e-mail al paziente \S+ \d/)).toBeVisible();
  await expectNoAxeViolations(page);
  await card.scrollIntoViewIfNeeded();
  await saveScreenshot(page, "agenda-follow-up-1440");
  await card
    .getByRole("button", { name: `Annulla il promemoria del controllo: ${visits.coming!.name}, 09:00–10:00` })
    .click();
  await expectToast(page, AGENDA_MESSAGES.followUpCancelled);
  await expect(card.locator("summary", { hasText: "Ricorda il controllo" })).toBeVisible();
  await page.context().close();
});

test("390 px: she plans the follow-up of a past visit; when due, the job e-mails it once; its link fills the booking without JavaScript", async ({
  browser,
}) => {
  const visit = visits.past!;
  const page = await (await browser.newContext({ viewport: viewports[0] })).newPage();
  const card = await agendaCard(page, visit.id);
  await card.locator("summary", { hasText: "Ricorda il controllo" }).click();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, "agenda-follow-up-form-390");
  await card.getByLabel("Tra quante settimane dalla visita").selectOption("2");
  await card.getByLabel("Visita da prenotare").selectOption({ label: "Visita di controllo (30 minuti)" });
  await card.getByRole("button", { name: "Ricorda il controllo" }).click();
  await expectToast(page, AGENDA_MESSAGES.followUpPlanned);
  await expect(card.getByText(/^Controllo da ricordare: Visita di controllo, e-mail al paziente /)).toBeVisible();
  await expectNoAxeViolations(page);
  await card.scrollIntoViewIfNeeded();
  await saveScreenshot(page, "agenda-follow-up-390");
  await page.context().close();
  expect(smtp.received.some((m) => m.parsed.to?.[0]?.address === visit.email)).toBe(false);

  // Due today: the job sends it as the server starts again.
  const database = await openSiteDatabase({ dataDir: server.dataDir });
  try {
    const updated = await database.db
      .update(followUps)
      .set({ dueOn: romeDate(Date.now()) })
      .where(eq(followUps.appointmentId, visit.id))
      .returning({ id: followUps.id });
    expect(updated).toHaveLength(1);
  } finally {
    await database.close();
  }
  await server.stop();
  server = await startAppServer({ DATA_DIR: server.dataDir, SMTP_URL: smtp.url, MAIL_FROM: "sito@studio.test" });
  await expect
    .poll(() => smtp.received.filter((m) => m.parsed.to?.[0]?.address === visit.email).length, { timeout: 60_000 })
    .toBe(1);
  const mail = smtp.received.find((m) => m.parsed.to?.[0]?.address === visit.email)!;
  expect(mail.parsed.subject).toBe("È il momento di prenotare: Visita di controllo");
  expect(mail.parsed.replyTo?.map((a) => a.address)).toEqual([defaultSiteContent.contact.email]);
  const text = mail.parsed.text ?? "";
  expect(text).toContain(`Gentile ${visit.name},`);
  expect(text).toContain("Prezzo: 50 €");
  const link = /Prenota la visita: https?:\/\/[^\s/]+(\/prenota\?\S+)/.exec(text)?.[1];
  expect(link, text).toBeDefined();
  expect(personalDataIn(link!, patient(visit.name))).toEqual([]);
  expect(new URL(link!, server.url).searchParams.get("visita")).toBe(controlTypeId);

  // The patient, on her phone, without JavaScript: the follow-up's type chosen, her details filled.
  const patientPage = await (await browser.newContext({ viewport: viewports[0], javaScriptEnabled: false })).newPage();
  await patientPage.goto(`${server.url}${link}`);
  await expect(patientPage.getByRole("heading", { name: /Giorno e orario/ })).toBeVisible();
  await expect(patientPage.locator(".booking-chosen")).toContainText("Visita di controllo");
  await chooseFirstTime(patientPage);
  await expectDetailsFilled(patientPage, patient(visit.name));
  await saveScreenshot(patientPage, "prenota-filled-390", { fullPage: true });
  // An altered reference fills nothing.
  await patientPage.goto(patientPage.url().replace(/(da=[^&]+)[A-Za-z0-9_-](&|$)/, "$1x$2"));
  await expect(patientPage.getByLabel("Nome e cognome")).toHaveValue("");
  await patientPage.context().close();
});

for (const viewport of viewports) {
  test(`${viewport.width} px, without JavaScript: cancelled by her link, "Prenota di nuovo" opens the booking with her details filled`, async ({
    browser,
  }) => {
    const carla = patient("Carla Fontana");
    const page = await (await browser.newContext({ viewport, javaScriptEnabled: false })).newPage();
    await page.goto(`${server.url}/prenota/gestisci/${manageToken}`);
    if (viewport.width === 390) {
      await page.getByRole("link", { name: "Annulla la visita" }).click();
      await page.getByRole("button", { name: "Sì, annulla la visita" }).click();
    }
    await expect(page.locator(".booking-chosen")).toContainText("Annullata");
    const again = page.getByRole("link", { name: "Prenota di nuovo" });
    await expect(again).toBeVisible();
    expect(personalDataIn((await again.getAttribute("href"))!, carla)).toEqual([]);
    await saveScreenshot(page, `prenota-di-nuovo-${viewport.width}`, { fullPage: true });
    await again.click();
    await expect(page.locator(".booking-chosen")).toContainText("Prima visita");
    await chooseFirstTime(page);
    await expectDetailsFilled(page, carla);
    if (viewport.width === 1440) await saveScreenshot(page, "prenota-filled-1440", { fullPage: true });
    await page.context().close();
    // The cancelled visit's page with its new button, checked by axe (which runs as a script).
    const scripted = await (await browser.newContext({ viewport })).newPage();
    await gotoHydrated(scripted, `${server.url}/prenota/gestisci/${manageToken}`);
    await expect(scripted.getByRole("link", { name: "Prenota di nuovo" })).toBeVisible();
    await expectNoAxeViolations(scripted);
    await scripted.context().close();
  });
}

test('with JavaScript, after she renames the studio, "Prenota di nuovo" opens the booking at its new address', async ({
  page,
  browser,
}) => {
  await renameFirstStudio(page, server, "Studio di Torino");

  // The link still names the studio by its key: followed inside the page, as a data request.
  const patientPage = await (await browser.newContext({ viewport: viewports[0] })).newPage();
  await gotoHydrated(patientPage, `${server.url}/prenota/gestisci/${manageToken}`);
  await patientPage.getByRole("link", { name: "Prenota di nuovo" }).click();
  await expect(patientPage).toHaveURL(/\/prenota\?sede=studio-di-torino&/);
  await expect(patientPage.locator(".booking-chosen")).toContainText("Prima visita");
  await expect(patientPage.getByRole("group", { name: "Giorni con orari liberi" })).toBeVisible();
  await patientPage.context().close();
});
