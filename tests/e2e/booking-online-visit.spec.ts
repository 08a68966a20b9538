import { expect, type Browser, type Page, test } from "../support/e2e-test";
import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { appointments, onlineRooms } from "~/features/booking/schema";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { createBookingSettingsRepository } from "~/features/booking/booking-settings.server";
import { BOOKING_SETTINGS_MESSAGES as M } from "~/features/booking/messages";
import { createVisitTypeRepository } from "~/features/booking/visit-types.server";
import { signInAsAdmin } from "../support/admin-browser";
import { type AppServer, newDataDir, startAppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { visitTypeData } from "../support/factory";
import { gotoHydrated } from "../support/hydration";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";
import { viewports } from "../support/viewports";
import { saveScreenshot } from "../support/screenshots";

// Item 7, online visits, against a real server and a real SMTP server: she sets a room per
// appointment on her video server in the settings; two patients book online without JavaScript on a
// phone; each one's e-mail, calendar file and page carry her own link and never the other's; the
// public pages carry none; the privacy page names the provider. Screenshots in SHOTS_DIR when set.

test.describe.configure({ mode: "serial", timeout: 180_000 });

const [phone, desktop] = viewports;
const ROOM = /https:\/\/meet\.jit\.si\/[a-z2-7]{26}/g;

let smtp: TestSmtpServer;
let server: AppServer;
let database: Awaited<ReturnType<typeof openSiteDatabase>>;
let typeId: string;

test.beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startAppServer({
    DATA_DIR: newDataDir("e2e-booking-online-visit-", { admin: true }),
    SMTP_URL: smtp.url,
    MAIL_FROM: "sito@studio.test",
    MAIL_TO: "dottoressa@studio.test",
  });
  database = await openSiteDatabase({ dataDir: server.dataDir });
  const bus = createMemoryEventBus();
  const settings = createBookingSettingsRepository(database.db, bus);
  // An hour's notice: the first free time is never one starting in the seconds between the page that
  // offers it and the patient's choice (a time begun meanwhile is rightly refused).
  await settings.save({ ...(await settings.get()), mode: "site", minimumNoticeHours: 1 });
  typeId = (
    await createVisitTypeRepository(database.db, bus).create(
      visitTypeData({ name: "Consulenza online", durationMinutes: 45, studioKeys: [], online: true }),
    )
  ).id;
});
test.afterAll(async () => {
  await database?.close();
  await server?.stop();
  await smtp?.stop();
});

const onlineForm = (page: Page) => page.getByRole("form", { name: "Visita online: Consulenza online" });

async function shoot(page: Page, name: string, width: number) {
  await saveScreenshot(page, `${name}-${width}`);
}

test("she sets a room per appointment on her video server: a bad address refused in Italian; axe at 390 and 1440 px", async ({
  page,
}) => {
  await signInAsAdmin(page, server);
  for (const viewport of [desktop, phone]) {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, `${server.url}/admin/prenotazioni`);
    await expect(page.getByRole("heading", { name: "Visite online", level: 2 })).toBeVisible();
    await expectNoAxeViolations(page);
  }
  const form = onlineForm(page);
  await form.getByLabel("Come si svolge").selectOption({ label: "Una stanza per ogni visita" });
  await form.getByLabel("Indirizzo", { exact: true }).fill("http://meet.jit.si");
  // Enter sends the form as the button does (a click could land where the button was before the message).
  await form.getByLabel("Indirizzo", { exact: true }).press("Enter");
  await expect(form.getByText(M.roomUrl)).toBeVisible();
  await expect(form.getByText(M.roomProvider)).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await database.db.select().from(onlineRooms)).toEqual([]);

  await form.getByLabel("Indirizzo", { exact: true }).fill("https://meet.jit.si");
  await form.getByLabel("Nome del servizio video").fill("Jitsi Meet");
  await form.getByRole("button", { name: "Salva la visita online" }).click();
  await expect(page.getByText(M.roomSaved)).toBeVisible();
  await expect
    .poll(async () =>
      (await database.db.select().from(onlineRooms)).map(({ kind, url, providerName }) => ({
        kind,
        url,
        providerName,
      })),
    )
    .toEqual([{ kind: "per_visit", url: "https://meet.jit.si", providerName: "Jitsi Meet" }]);

  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, `${server.url}/admin/prenotazioni`);
    await expect(onlineForm(page).getByLabel("Indirizzo", { exact: true })).toHaveValue("https://meet.jit.si");
    await expectNoAxeViolations(page);
    // The section's title under the page's header, not behind it.
    await page.getByRole("heading", { name: "Visite online", level: 2 }).evaluate((heading) => {
      heading.scrollIntoView({ block: "start", behavior: "instant" });
      window.scrollBy({ top: -96, behavior: "instant" });
    });
    await shoot(page, "settings-online-visits", viewport.width);
  }
});

/** A patient books the first free online time through the pages, on a phone, without JavaScript; her page's address. */
async function bookOnline(browser: Browser, name: string, email: string): Promise<string> {
  const context = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}/prenota`);
    await page.getByRole("link", { name: /Consulenza online/ }).click();
    await page.getByRole("group", { name: "Giorni con orari liberi" }).getByRole("link").first().click();
    await page
      .getByRole("list", { name: /^Orari liberi di / })
      .getByRole("link")
      .first()
      .click();
    await page.getByLabel("Nome e cognome").fill(name);
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Telefono").fill("+39 333 123 4567");
    await page.getByLabel(/Ho letto l'informativa privacy/).check();
    await page.getByRole("button", { name: "Prenota" }).click();
    await expect(page.getByRole("heading", { name: "La tua prenotazione" })).toBeVisible();
    return page.url();
  } finally {
    await context.close();
  }
}

async function mailTo(recipient: string) {
  await expect
    .poll(() => smtp.received.some((m) => m.parsed.to?.[0]?.address === recipient), { timeout: 60_000 })
    .toBe(true);
  return smtp.received.find((m) => m.parsed.to?.[0]?.address === recipient)!;
}

const icsOf = (mail: Awaited<ReturnType<typeof mailTo>>) => {
  const file = mail.parsed.attachments.find((a) => a.filename === "visita.ics")!;
  return typeof file.content === "string" ? file.content : new TextDecoder().decode(file.content);
};

test("two patients book online without JavaScript: each gets only her own room, by e-mail, .ics and her page; public pages show none", async ({
  browser,
  page,
}) => {
  const annaPage = await bookOnline(browser, "Anna Verdi", "anna@example.it");
  const lucaPage = await bookOnline(browser, "Luca Neri", "luca@example.it");
  const roomOf = async (email: string) =>
    (await database.db.select().from(appointments).where(eq(appointments.patientEmail, email)))[0]!.onlineRoomUrl!;
  const anna = await roomOf("anna@example.it");
  const luca = await roomOf("luca@example.it");
  expect(anna).toMatch(ROOM);
  expect(luca).toMatch(ROOM);
  expect(luca).not.toBe(anna);

  for (const [email, own, other] of [
    ["anna@example.it", anna, luca],
    ["luca@example.it", luca, anna],
  ] as const) {
    const mail = await mailTo(email);
    expect(mail.parsed.text).toContain(`Entra nella visita online: ${own}`);
    expect(mail.raw).not.toContain(other.split("/").at(-1));
    const ics = icsOf(mail);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!);
    expect(event.location).toBe(own);
    expect(event.component.getFirstPropertyValue("url")).toBe(own);
  }
  // Her notices name no room: the agenda has it.
  await expect
    .poll(() => smtp.received.filter((m) => m.parsed.to?.[0]?.address === "dottoressa@studio.test").length)
    .toBe(2);
  for (const notice of smtp.received.filter((m) => m.parsed.to?.[0]?.address === "dottoressa@studio.test"))
    expect(notice.raw).not.toMatch(ROOM);

  // Her page, on a phone and a wide screen: her link, not the other's.
  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    await page.goto(annaPage);
    await expect(page.getByRole("link", { name: /Entra nella visita online/ })).toHaveAttribute("href", anna);
    expect(await page.content()).not.toContain(luca.split("/").at(-1));
    await expectNoAxeViolations(page);
    await shoot(page, "manage-online-visit", viewport.width);
  }
  await page.goto(lucaPage);
  await expect(page.getByRole("link", { name: /Entra nella visita online/ })).toHaveAttribute("href", luca);

  // Her agenda gives her each visit's room.
  await signInAsAdmin(page, server);
  await page.goto(`${server.url}/admin/agenda`);
  for (const [name, room] of [
    ["Anna Verdi", anna],
    ["Luca Neri", luca],
  ] as const)
    await expect(page.getByRole("link", { name: new RegExp(`Entra nella visita online: ${name}`) })).toHaveAttribute(
      "href",
      room,
    );
  await expectNoAxeViolations(page);

  // The public pages carry no room; the privacy page names the provider she chose.
  for (const path of ["/", "/prenota", `/prenota?sede=online&visita=${typeId}`, "/services", "/privacy"]) {
    const html = await (await fetch(`${server.url}${path}`)).text();
    expect(html.match(ROOM), path).toBeNull();
  }
  await page.goto(`${server.url}/privacy`);
  await expect(page.getByRole("heading", { name: "Visite online" })).toBeVisible();
  await expect(page.getByText(/Per le visite online uso Jitsi Meet \(meet\.jit\.si\)/)).toBeVisible();
});
