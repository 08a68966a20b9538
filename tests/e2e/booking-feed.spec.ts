import { expect, type Page, test } from "../support/e2e-test";
import ICAL from "ical.js";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { addDays, romeDate, romeInstant } from "~/core/format/rome-clock";
import { createAppointmentRepository } from "~/features/booking/appointments.server";
import { CALENDAR_FEED_MESSAGES as M } from "~/features/booking/messages";
import { createVisitTypeRepository } from "~/features/booking/visit-types.server";
import { signInAsAdmin } from "../support/admin-browser";
import { type AppServer, newDataDir, startAppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { gotoHydrated } from "../support/hydration";
import { visitTypeData } from "../support/factory";

// Her agenda in her own calendar, against a real server at 390 px: she makes the private address on the
// booking settings, a calendar fetching it gets a booked visit with the patient's first name and initial
// only; a new address retires the old one at once, and switching it off leaves nothing to fetch.

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });

let server: AppServer;
let database: Awaited<ReturnType<typeof openSiteDatabase>>;
const patient = { name: "Maria Rossi", email: "maria.rossi@example.it", phone: "+39 333 765 4321" };
const note = "Preferisco il pomeriggio";

test.beforeAll(async () => {
  // Requests are logged at "info": the log is read below for the feed's token. Behind a proxy as far as
  // the server knows: the guessing test below comes from addresses of its own.
  server = await startAppServer({
    DATA_DIR: newDataDir("e2e-booking-feed-", { admin: true }),
    LOG_LEVEL: "info",
    TRUST_PROXY: "true",
  });
  database = await openSiteDatabase({ dataDir: server.dataDir });
  const bus = createMemoryEventBus();
  const type = await createVisitTypeRepository(database.db, bus).create(visitTypeData());
  const booked = await createAppointmentRepository(database.db, bus).bookByPractitioner({
    visitTypeId: type.id,
    studioKey: "studio-di-milano",
    // Tomorrow at 10:00 in Italy.
    startsAt: new Date(romeInstant(addDays(romeDate(Date.now()), 1), 10 * 60)),
    patient,
    note,
  });
  expect(booked.ok).toBe(true);
});
test.afterAll(async () => {
  await database?.close();
  await server?.stop();
});

/** The address shown once, as the server's own path (the shown one is SITE_URL-based). */
async function shownAddress(page: Page): Promise<string> {
  const field = page.getByLabel("Indirizzo da aggiungere al calendario");
  await expect(field).toBeVisible();
  const shown = await field.inputValue();
  expect(shown).toMatch(/\/agenda\/[A-Za-z0-9_-]{43}\.ics$/);
  return new URL(shown).pathname;
}

const fetchFeed = (path: string, from?: string) =>
  fetch(`${server.url}${path}`, { headers: from ? { "X-Forwarded-For": from } : {} });

test("she makes the address, a calendar reads her visits from it; a new one retires the old; off means 404", async ({
  page,
}) => {
  await signInAsAdmin(page, server);
  await gotoHydrated(page, `${server.url}/admin/prenotazioni`);
  const section = page.getByRole("region", { name: "L'agenda nel tuo calendario" });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByText("Nessun indirizzo attivo.")).toBeVisible();

  await section.getByRole("button", { name: "Crea l'indirizzo del calendario" }).click();
  await expect(page.getByText(M.created)).toBeVisible();
  const first = await shownAddress(page);
  await expect(section.getByText(/^Indirizzo attivo dal /)).toBeVisible();
  await expectNoAxeViolations(page);

  const answer = await fetchFeed(first);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
  // The site's default comes first; a browser follows the last policy it knows.
  expect(answer.headers.get("referrer-policy")?.split(",").at(-1)?.trim()).toBe("no-referrer");
  expect(answer.headers.get("x-robots-tag")).toBe("noindex");
  const body = await answer.text();
  const events = new ICAL.Component(ICAL.parse(body)).getAllSubcomponents("vevent").map((e) => new ICAL.Event(e));
  expect(events.map((event) => event.summary)).toEqual(["Prima visita – Maria R."]);
  for (const secret of [patient.email, patient.phone, "765 4321", note, "Rossi"]) expect(body).not.toContain(secret);

  // Once gone from the screen, the address cannot be read again.
  await page.reload();
  await expect(page.getByLabel("Indirizzo da aggiungere al calendario")).toHaveCount(0);
  await expect(section.getByText(/^Indirizzo attivo dal /)).toBeVisible();

  await section.getByRole("button", { name: "Crea un nuovo indirizzo" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Crea un nuovo indirizzo" }).click();
  await expect(page.getByText(M.created)).toBeVisible();
  const second = await shownAddress(page);
  expect(second).not.toBe(first);
  expect((await fetchFeed(first)).status).toBe(404);
  expect((await fetchFeed(second)).status).toBe(200);

  await section.getByRole("button", { name: "Disattiva" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disattiva" }).click();
  await expect(page.getByText(M.revoked)).toBeVisible();
  await expect(section.getByText("Nessun indirizzo attivo.")).toBeVisible();
  await expect(page.getByLabel("Indirizzo da aggiungere al calendario")).toHaveCount(0);
  const revoked = await fetchFeed(second);
  expect(revoked.status).toBe(404);
  expect(revoked.headers.get("cache-control")).toBe("private, no-store");
  expect((await fetchFeed("/agenda/non-esiste.ics")).status).toBe(404);
  await expectNoAxeViolations(page);

  // The log names the feed's path without its token.
  expect(server.output()).toContain('"url":"/agenda/[token]"');
  for (const path of [first, second]) expect(server.output()).not.toContain(path.slice("/agenda/".length, -4));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("she makes, replaces and switches off the address with plain forms, each change asked first", async ({
    page,
  }) => {
    await signInAsAdmin(page, server);
    await page.goto(`${server.url}/admin/prenotazioni`);
    const section = page.getByRole("region", { name: "L'agenda nel tuo calendario" });
    await section.getByRole("button", { name: "Crea l'indirizzo del calendario" }).click();
    // The page the post answers shows the address, once, with the warning to copy it now.
    await expect(section.getByText(/^Copialo ora: per sicurezza non sarà più mostrato\./)).toBeVisible();
    const first = await shownAddress(page);
    expect((await fetchFeed(first)).status).toBe(200);

    // "Crea un nuovo indirizzo" is a link to the question; "Annulla" leaves the address as it was.
    await section.getByRole("link", { name: "Crea un nuovo indirizzo" }).click();
    await page.getByRole("link", { name: "Annulla" }).click();
    expect((await fetchFeed(first)).status).toBe(200);
    await section.getByRole("link", { name: "Crea un nuovo indirizzo" }).click();
    await page.getByRole("button", { name: "Crea un nuovo indirizzo" }).click();
    const second = await shownAddress(page);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);

    await page.goto(`${server.url}/admin/prenotazioni`);
    await section.getByRole("link", { name: "Disattiva" }).click();
    await page.getByRole("button", { name: "Disattiva" }).click();
    await expect(page.getByText(M.revoked)).toBeVisible();
    await expect(section.getByText("Nessun indirizzo attivo.")).toBeVisible();
    expect((await fetchFeed(second)).status).toBe(404);
  });
});

test("guessing addresses: after 60 requests in an hour a client is answered 429, another client is not", async ({
  page,
}) => {
  await signInAsAdmin(page, server);
  await gotoHydrated(page, `${server.url}/admin/prenotazioni`);
  const section = page.getByRole("region", { name: "L'agenda nel tuo calendario" });
  await section.getByRole("button", { name: "Crea l'indirizzo del calendario" }).click();
  const address = await shownAddress(page);

  const guesser = "203.0.113.7";
  for (let i = 0; i < 60; i++) {
    const guess = await fetchFeed(`/agenda/${"A".repeat(42)}${i % 10}.ics`, guesser);
    expect(guess.status).toBe(404);
    await guess.arrayBuffer();
  }
  // The right address does not help once the limit is reached: counted before the lookup.
  const refused = await fetchFeed(address, guesser);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(refused.headers.get("cache-control")).toBe("private, no-store");
  expect(await refused.text()).not.toContain("BEGIN:VCALENDAR");
  // Her own calendar, from its own address, still reads the feed.
  expect((await fetchFeed(address, "198.51.100.20")).status).toBe(200);
});
