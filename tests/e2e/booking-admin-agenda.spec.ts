import { expect, type Page, test } from "../support/e2e-test";
import { expectToast } from "../support/toasts";
import { eq } from "drizzle-orm";
import { appointments } from "~/features/booking/schema";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { addDays, romeDate, romeInstant } from "~/core/format/rome-clock";
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

// Her agenda against a real server and a real SMTP server: requests confirmed and declined, visits
// cancelled, moved and marked missed, a phone booking; the patient's e-mail for each; at 390 and
// 1440 px, with JavaScript and without.

test.describe.configure({ mode: "serial", timeout: 120_000 });

let smtp: TestSmtpServer;
let server: AppServer;
let database: Awaited<ReturnType<typeof openSiteDatabase>>;
let controlloId: string;
const bus = createMemoryEventBus();
let seeded = 0;

test.beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startAppServer({
    DATA_DIR: newDataDir("e2e-booking-admin-agenda-", { admin: true }),
    SMTP_URL: smtp.url,
    MAIL_FROM: "sito@studio.test",
    MAIL_TO: "dottoressa@studio.test",
  });
  database = await openSiteDatabase({ dataDir: server.dataDir });
  const settings = createBookingSettingsRepository(database.db, bus);
  await settings.save({ ...(await settings.get()), mode: "site" });
  const types = createVisitTypeRepository(database.db, bus);
  const controllo = await types.create(
    visitTypeData({ name: "Visita di controllo", durationMinutes: 30, confirmation: "request" }),
  );
  controlloId = controllo.id;
});
test.afterAll(async () => {
  await database?.close();
  await server?.stop();
  await smtp?.stop();
});

/** An appointment of a patient of her own, each at its own time in the coming days (or begun, for a missed visit). */
async function seed(name: string, status: "pending" | "confirmed", begun = false) {
  const today = romeDate(Date.now());
  seeded++;
  const startsAt = begun
    ? // A minute ago: its time is free again once marked missed, so the next viewport's test can take it.
      new Date(Date.now() - 60_000)
    : new Date(romeInstant(addDays(today, 1 + (seeded % 10)), 8 * 60 + seeded * 45));
  const email = `${name.toLowerCase().replace(/\s+/g, ".")}@example.it`;
  const booked = await createAppointmentRepository(database.db, bus).bookByPractitioner({
    visitTypeId: controlloId,
    studioKey: "studio-di-milano",
    startsAt,
    patient: { name, email, phone: "+39 333 123 4567" },
    note: "Preferisce il pomeriggio",
  });
  if (!booked.ok) throw new Error(booked.reason);
  if (status === "pending")
    await database.db
      .update(appointments)
      .set({ status: "pending" })
      .where(eq(appointments.id, booked.value.appointment.id));
  return { id: booked.value.appointment.id, email };
}

async function statusOf(id: string) {
  const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
  return row;
}

async function mailWith(recipient: string, subject: string) {
  await expect
    .poll(() => smtp.received.some((m) => m.parsed.to?.[0]?.address === recipient && m.parsed.subject === subject), {
      timeout: 30_000,
    })
    .toBe(true);
  return smtp.received.find((m) => m.parsed.to?.[0]?.address === recipient && m.parsed.subject === subject)!;
}

const card = (page: Page, id: string) => page.locator(`#appuntamento-${id}`);

for (const viewport of viewports) {
  test.describe(`${viewport.width} px, with JavaScript`, () => {
    test.use({ viewport });

    test("a request is confirmed and another declined; the patient gets an e-mail for each", async ({ page }) => {
      const confirmed = await seed(`Anna Bianchi ${viewport.width}`, "pending");
      const declined = await seed(`Carla Verdi ${viewport.width}`, "pending");
      await signInAsAdmin(page, server);
      // The requests are counted on the panel's first screen.
      await expect(page.getByText(/richieste di prenotazione aspettano la tua risposta/)).toBeVisible();
      await gotoHydrated(page, `${server.url}/admin/agenda`);
      await expect(page.getByRole("heading", { name: "Agenda", level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
      const first = card(page, confirmed.id);
      await expect(first.getByRole("link", { name: "+39 333 123 4567" })).toHaveAttribute("href", "tel:+393331234567");
      await expect(first.getByRole("link", { name: confirmed.email })).toHaveAttribute(
        "href",
        `mailto:${confirmed.email}`,
      );
      await first.getByRole("button", { name: /^Conferma:/ }).click();
      await expectToast(page, AGENDA_MESSAGES.confirmed);
      await expect(first.getByText("Confermata", { exact: true })).toBeVisible();
      const mail = await mailWith(confirmed.email, "Prenotazione confermata: Visita di controllo");
      expect(mail.parsed.attachments.some((a) => a.filename === "visita.ics")).toBe(true);

      await card(page, declined.id)
        .getByRole("button", { name: /^Rifiuta:/ })
        .click();
      await expectNoAxeViolations(page);
      await page.getByRole("dialog").getByRole("button", { name: "Rifiuta" }).click();
      await expect(card(page, declined.id)).toHaveCount(0);
      await mailWith(declined.email, "Richiesta non accettata: Visita di controllo");
      expect((await statusOf(declined.id))?.status).toBe("declined");
    });

    test("a visit is moved to another time and another cancelled; a time already held is refused", async ({ page }) => {
      const moved = await seed(`Elena Neri ${viewport.width}`, "confirmed");
      const blocker = await seed(`Franca Blu ${viewport.width}`, "confirmed");
      const cancelled = await seed(`Giulia Rosa ${viewport.width}`, "confirmed");
      const blockerRow = (await statusOf(blocker.id))!;
      await signInAsAdmin(page, server);
      await gotoHydrated(page, `${server.url}/admin/agenda`);
      const row = card(page, moved.id);
      await row.getByText("Sposta", { exact: true }).click();
      // Onto the other visit's time: refused next to the time, nothing changed.
      const blockerDay = romeDate(blockerRow.startsAt.getTime());
      const blockerTime = new Intl.DateTimeFormat("it-IT", {
        timeZone: "Europe/Rome",
        hour: "2-digit",
        minute: "2-digit",
      }).format(blockerRow.startsAt);
      await row.getByLabel("Nuovo giorno").fill(blockerDay);
      await row.getByLabel("Nuovo orario (ora italiana)").fill(blockerTime);
      await row.getByRole("button", { name: "Sposta la visita" }).click();
      await expect(row.getByText(AGENDA_MESSAGES.taken).first()).toBeVisible();
      const newDay = addDays(romeDate(Date.now()), 12);
      await row.getByLabel("Nuovo giorno").fill(newDay);
      const [hour, minute] = viewport.width === 390 ? [19, 15] : [17, 45];
      await row.getByLabel("Nuovo orario (ora italiana)").fill(`${hour}:${minute}`);
      await row.getByRole("button", { name: "Sposta la visita" }).click();
      await expectToast(page, AGENDA_MESSAGES.moved);
      const mail = await mailWith(moved.email, "Nuovo orario della visita: Visita di controllo");
      expect(mail.parsed.text).toContain(`${hour}:${minute}`);
      expect((await statusOf(moved.id))?.startsAt.getTime()).toBe(romeInstant(newDay, hour * 60 + minute));

      await card(page, cancelled.id)
        .getByRole("button", { name: /^Annulla visita:/ })
        .click();
      await page.getByRole("dialog").getByRole("button", { name: "Annulla visita" }).click();
      await expect(card(page, cancelled.id)).toHaveCount(0);
      await mailWith(cancelled.email, "Visita annullata: Visita di controllo");
    });

    test("a phone booking: bad inputs refused in Italian and nothing saved, then booked and e-mailed", async ({
      page,
    }) => {
      await signInAsAdmin(page, server);
      await gotoHydrated(page, `${server.url}/admin/agenda`);
      const form = page.locator("#prenotazione-telefonica");
      await form.getByRole("button", { name: "Aggiungi l'appuntamento" }).click();
      await expect(form.getByText(AGENDA_MESSAGES.placeRequired)).toBeVisible();
      await expect(form.getByText(AGENDA_MESSAGES.visitTypeRequired)).toBeVisible();
      await expect(form.getByText("Scrivi il tuo nome e cognome.")).toBeVisible();
      const name = `Irene Gialli ${viewport.width}`;
      const email = `irene.${viewport.width}@example.it`;
      await form.getByLabel("Sede").selectOption({ label: "Studio di Milano" });
      await form.getByLabel("Tipo di visita").selectOption({ label: "Visita di controllo (30 minuti)" });
      const day = addDays(romeDate(Date.now()), 13);
      await form.getByLabel("Giorno").fill(day);
      await form.getByLabel("Orario (ora italiana)").fill(viewport.width === 390 ? "20:00" : "21:00");
      await form.getByLabel("Nome e cognome").fill(name);
      await form.getByLabel("E-mail", { exact: true }).fill("non-una-mail");
      await form.getByLabel("Telefono").fill("+39 333 765 4321");
      await form.getByRole("button", { name: "Aggiungi l'appuntamento" }).click();
      await expect(form.getByText("Scrivi un indirizzo e-mail valido, per esempio nome@esempio.it.")).toBeVisible();
      await expect(page.getByText(name)).toHaveCount(0);
      await form.getByLabel("E-mail", { exact: true }).fill(email);
      await form.getByRole("button", { name: "Aggiungi l'appuntamento" }).click();
      await expectToast(page, AGENDA_MESSAGES.booked);
      await expect(page.locator(".agenda-item").filter({ hasText: name })).toBeVisible();
      const mail = await mailWith(email, "Prenotazione confermata: Visita di controllo");
      expect(mail.parsed.text).toMatch(/\/prenota\/gestisci\/[A-Za-z0-9_-]{43}\?cambia=1/);
    });

    test("a confirmed visit that has begun is marked 'non si è presentato'", async ({ page }) => {
      const missed = await seed(`Laura Viola ${viewport.width}`, "confirmed", true);
      await signInAsAdmin(page, server);
      await gotoHydrated(page, `${server.url}/admin/agenda`);
      await card(page, missed.id)
        .getByRole("button", { name: /^Non si è presentato:/ })
        .click();
      await page.getByRole("dialog").getByRole("button", { name: "Non si è presentato" }).click();
      await expect(card(page, missed.id).locator(".agenda-item__status")).toHaveText("Non si è presentato");
      expect((await statusOf(missed.id))?.status).toBe("no_show");
    });
  });
}

test.describe("without JavaScript, at 390 px", () => {
  test.use({ viewport: viewports[0], javaScriptEnabled: false });

  test("confirm, and decline after the question shown in the page", async ({ page }) => {
    const confirmed = await seed("Marta Grigi", "pending");
    const declined = await seed("Nora Bruni", "pending");
    await signInAsAdmin(page, server);
    await page.goto(`${server.url}/admin/agenda`);
    await card(page, confirmed.id)
      .getByRole("button", { name: /^Conferma:/ })
      .click();
    await expectToast(page, AGENDA_MESSAGES.confirmed);
    await mailWith(confirmed.email, "Prenotazione confermata: Visita di controllo");
    await card(page, declined.id)
      .getByRole("link", { name: /^Rifiuta:/ })
      .click();
    await page.getByRole("group", { name: "Conferma eliminazione" }).getByRole("button", { name: "Rifiuta" }).click();
    await expectToast(page, AGENDA_MESSAGES.declined);
    await mailWith(declined.email, "Richiesta non accettata: Visita di controllo");
  });

  test("a move refused in Italian keeps the form open with the message next to the time", async ({ page }) => {
    const moved = await seed("Olga Rossi", "confirmed");
    await signInAsAdmin(page, server);
    await page.goto(`${server.url}/admin/agenda`);
    const row = card(page, moved.id);
    await row.getByText("Sposta", { exact: true }).click();
    await row.getByLabel("Nuovo orario (ora italiana)").fill("");
    await row.getByRole("button", { name: "Sposta la visita" }).click();
    await expect(card(page, moved.id).getByText(AGENDA_MESSAGES.timeInvalid)).toBeVisible();
  });
});
