import { expect, type Page, test } from "../support/e2e-test";
import { expectToast } from "../support/toasts";
import { eq } from "drizzle-orm";
import { appointments } from "~/features/booking/schema";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { addDays, romeDate, romeInstant } from "~/core/format/rome-clock";
import { createAppointmentRepository } from "~/features/booking/appointments.server";
import { createBookingSettingsRepository } from "~/features/booking/booking-settings.server";
import { AGENDA_MESSAGES } from "~/features/booking/messages";
import { createVisitTypeRepository } from "~/features/booking/visit-types.server";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, type AppServer, startAppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { gotoHydrated } from "../support/hydration";
import { reviewCard, waitForFillTime } from "../support/reviews";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";
import { viewports } from "../support/viewports";

// After a visit: the review invitation sent from the agenda with one press (with JavaScript and
// without), or by the next-day job when she turns it on; the patient's e-mail reaches a real SMTP
// server, and the review written through its link shows as verified on /reviews.

test.describe.configure({ mode: "serial", timeout: 120_000 });

const bus = createMemoryEventBus();
let smtp: TestSmtpServer;

test.beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
test.afterAll(async () => {
  await smtp?.stop();
});

const visitType = {
  name: "Visita di controllo",
  durationMinutes: 30,
  priceCents: null,
  showPrice: false,
  confirmation: "immediate" as const,
  studioKeys: ["studio-di-milano"],
  online: false,
  active: true,
};

type Database = Awaited<ReturnType<typeof openSiteDatabase>>;

/** A visit of hers at `startsAt`, confirmed (or then marked missed, or cancelled). */
async function seedVisit(
  database: Database,
  typeId: string,
  name: string,
  startsAt: Date,
  status: "confirmed" | "no_show" | "cancelled" = "confirmed",
) {
  const email = `${name.toLowerCase().replace(/\s+/g, ".")}@example.it`;
  const booked = await createAppointmentRepository(database.db, bus).bookByPractitioner({
    visitTypeId: typeId,
    studioKey: "studio-di-milano",
    startsAt,
    patient: { name, email, phone: "+39 333 123 4567" },
    note: null,
  });
  if (!booked.ok) throw new Error(booked.reason);
  if (status !== "confirmed")
    await database.db.update(appointments).set({ status }).where(eq(appointments.id, booked.value.appointment.id));
  return { id: booked.value.appointment.id, email, name };
}

/** The agenda's time of a half-hour visit starting at `h`:00. */
const hour = (h: number) => `${String(h).padStart(2, "0")}:00–${String(h).padStart(2, "0")}:30`;

/** Two days ago in Italy at `minute` past midnight: past, and in the agenda's recent visits. */
const twoDaysAgo = (minute: number) => new Date(romeInstant(addDays(romeDate(Date.now()), -2), minute));

async function mailTo(recipient: string) {
  await expect
    .poll(() => smtp.received.some((m) => m.parsed.to?.[0]?.address === recipient), { timeout: 30_000 })
    .toBe(true);
  return smtp.received.filter((m) => m.parsed.to?.[0]?.address === recipient);
}

/** The invitation's link in the e-mail, on the test server (SITE_URL is unset: the link names localhost). */
function linkIn(text: string, server: AppServer): string {
  const match = text.match(/https?:\/\/[^\s/]+(\/reviews\?invito=[A-Za-z0-9_-]{43}#lascia-recensione)/);
  expect(match, text).not.toBeNull();
  return `${server.url}${match![1]}`;
}

/** The patient writes her review through the link: it is published as verified. */
async function reviewThrough(page: Page, link: string, name: string) {
  await page.goto(link);
  // Her first name is suggested; she signs with the name she likes.
  const nameField = page.getByLabel("Nome", { exact: true });
  await expect(nameField).toHaveValue(name.split(" ")[0]!);
  await nameField.fill(name);
  await page.getByLabel("La tua esperienza").fill("Consigli chiari e un piano facile da seguire.");
  await page.getByRole("checkbox", { name: /Acconsento alla pubblicazione/ }).check();
  await waitForFillTime(page);
  await page.getByRole("button", { name: "Invia recensione" }).click();
  await expectToast(page, "Recensione aggiunta con successo");
  await expect(reviewCard(page, name).locator(".review-card__verified")).toHaveText(
    /^Verificata: Scritta con un invito personale/,
  );
}

test.describe("from the agenda", () => {
  let server: AppServer;
  let database: Database;
  let typeId: string;

  test.beforeAll(async () => {
    server = await startAppServer({
      DATA_DIR: newDataDir("e2e-booking-admin-review-invite-", { admin: true }),
      SMTP_URL: smtp.url,
      MAIL_FROM: "sito@studio.test",
      LIVE_STREAMS_PER_CLIENT: "100",
    });
    database = await openSiteDatabase({ dataDir: server.dataDir });
    const settings = createBookingSettingsRepository(database.db, bus);
    await settings.save({ ...(await settings.get()), mode: "site" });
    typeId = (await createVisitTypeRepository(database.db, bus).create(visitType)).id;
  });
  test.afterAll(async () => {
    await database?.close();
    await server?.stop();
  });

  for (const [index, viewport] of viewports.entries()) {
    test(`${viewport.width} px, with JavaScript: one press invites the patient; her review is verified`, async ({
      browser,
    }) => {
      const visit = await seedVisit(database, typeId, `Anna Serra ${viewport.width}`, twoDaysAgo(9 * 60 + index * 60));
      const missed = await seedVisit(
        database,
        typeId,
        `Bruno Conti ${viewport.width}`,
        twoDaysAgo(12 * 60 + index * 60),
        "no_show",
      );
      const page = await (await browser.newContext({ viewport })).newPage();
      await signInAsAdmin(page, server);
      await gotoHydrated(page, `${server.url}/admin/agenda`);
      const card = page.locator(`#appuntamento-${visit.id}`);
      await expect(page.getByRole("heading", { name: "Visite dei giorni scorsi" })).toBeVisible();
      // A visit marked missed is not listed to invite.
      await expect(page.locator(`#appuntamento-${missed.id}`)).toHaveCount(0);
      await expectNoAxeViolations(page);
      await card
        .getByRole("button", { name: `Invita a lasciare una recensione: ${visit.name}, ${hour(9 + index)}` })
        .click();
      await expectToast(page, AGENDA_MESSAGES.reviewInvited);
      await expect(card.getByText(/^Invito inviato il \d{1,2} \S+ \d{4}$/)).toBeVisible();
      await expect(card.getByRole("button", { name: /Invita a lasciare una recensione/ })).toHaveCount(0);
      await expectNoAxeViolations(page);

      const [mail, ...more] = await mailTo(visit.email);
      expect(more).toEqual([]);
      expect(mail!.parsed.subject).toMatch(/^Come è andata la visita con /);
      expect(mail!.parsed.text).toContain(`Gentile ${visit.name},`);
      expect(mail!.parsed.text).toContain("Il link vale 30 giorni e per una sola recensione");
      expect(mail!.parsed.text).not.toContain("Visita di controllo");
      const patient = await (await browser.newContext({ viewport })).newPage();
      await reviewThrough(patient, linkIn(mail!.parsed.text ?? "", server), visit.name);
      await patient.context().close();
      await page.context().close();
    });
  }

  test("390 px, without JavaScript: the press posts, the page says when it was sent, the e-mail goes once", async ({
    browser,
  }) => {
    const visit = await seedVisit(database, typeId, "Carla Fontana", twoDaysAgo(15 * 60));
    const page = await (await browser.newContext({ viewport: viewports[0], javaScriptEnabled: false })).newPage();
    await signInAsAdmin(page, server);
    await page.goto(`${server.url}/admin/agenda`);
    const card = page.locator(`#appuntamento-${visit.id}`);
    await card.getByRole("button", { name: /^Invita a lasciare una recensione:/ }).click();
    await expectToast(page, AGENDA_MESSAGES.reviewInvited);
    await expect(page.locator(`#appuntamento-${visit.id}`).getByText(/^Invito inviato il /)).toBeVisible();
    const [mail, ...more] = await mailTo(visit.email);
    expect(more).toEqual([]);
    expect(linkIn(mail!.parsed.text ?? "", server)).toContain("/reviews?invito=");
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, visit.id));
    expect(row?.reviewInvitedAt).not.toBeNull();
    await page.context().close();
  });

  test("the setting is off by default and turned on from the booking settings, with and without JavaScript", async ({
    browser,
  }) => {
    const settings = () => createBookingSettingsRepository(database.db, bus).get();
    expect((await settings()).reviewInviteNextDay).toBe(false);
    for (const javaScriptEnabled of [true, false]) {
      const page = await (await browser.newContext({ viewport: viewports[0], javaScriptEnabled })).newPage();
      await signInAsAdmin(page, server);
      if (javaScriptEnabled) await gotoHydrated(page, `${server.url}/admin/prenotazioni`);
      else await page.goto(`${server.url}/admin/prenotazioni`);
      const form = page.locator("#impostazioni-prenotazioni");
      const box = form.getByLabel("Invia l'invito a lasciare una recensione il giorno dopo la visita");
      await expect(box).toBeChecked({ checked: !javaScriptEnabled });
      await box.setChecked(javaScriptEnabled);
      await form.getByRole("button", { name: "Salva le impostazioni" }).click();
      await expect(page.getByText("Impostazioni delle prenotazioni salvate.")).toBeVisible();
      await expect.poll(async () => (await settings()).reviewInviteNextDay).toBe(javaScriptEnabled);
      await page.context().close();
    }
  });
});

test("the next day, with the setting on, the job invites the patient of a visit that took place, never a missed or cancelled one", async ({
  browser,
}) => {
  const dataDir = newDataDir("e2e-review-invite-");
  const database = await openSiteDatabase({ dataDir });
  let visit: Awaited<ReturnType<typeof seedVisit>>;
  let others: Awaited<ReturnType<typeof seedVisit>>[];
  try {
    const settings = createBookingSettingsRepository(database.db, bus);
    await settings.save({ ...(await settings.get()), mode: "site", reviewInviteNextDay: true });
    const typeId = (await createVisitTypeRepository(database.db, bus).create(visitType)).id;
    // Two days ago: due since 10:00 yesterday, whatever the time now (a run missed catches up).
    visit = await seedVisit(database, typeId, "Dora Marino", twoDaysAgo(10 * 60));
    others = [
      await seedVisit(database, typeId, "Elio Russo", twoDaysAgo(11 * 60), "no_show"),
      await seedVisit(database, typeId, "Fabio Gallo", twoDaysAgo(12 * 60), "cancelled"),
    ];
  } finally {
    await database.close();
  }
  // The job runs as the server starts, then every five minutes.
  const server = await startAppServer({ DATA_DIR: dataDir, SMTP_URL: smtp.url, MAIL_FROM: "sito@studio.test" });
  try {
    const [mail, ...more] = await mailTo(visit.email);
    expect(more).toEqual([]);
    expect(mail!.parsed.text).toContain("Gentile Dora Marino,");
    // Marked in the one claim that queued it: the missed and cancelled visits were never invited.
    const check = await openSiteDatabase({ dataDir });
    try {
      const rows = await check.db.select().from(appointments);
      const invited = (id: string) => rows.find((row) => row.id === id)?.reviewInvitedAt !== null;
      expect(invited(visit.id)).toBe(true);
      for (const other of others) expect(invited(other.id)).toBe(false);
    } finally {
      await check.close();
    }
    for (const other of others)
      expect(smtp.received.some((m) => m.parsed.to?.[0]?.address === other.email)).toBe(false);
    const patient = await (await browser.newContext({ viewport: viewports[0] })).newPage();
    await reviewThrough(patient, linkIn(mail!.parsed.text ?? "", server), visit.name);
    await patient.context().close();
  } finally {
    await server.stop();
  }
});
