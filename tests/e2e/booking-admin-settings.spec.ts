import { expect, type Page, test } from "../support/e2e-test";
import { eq } from "drizzle-orm";
import { visitTypes } from "~/features/booking/schema";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { addDays, romeDate } from "~/core/format/rome-clock";
import { createBookingSettingsRepository, DEFAULT_BOOKING_SETTINGS } from "~/features/booking/booking-settings.server";
import { BOOKING_SETTINGS_MESSAGES as M } from "~/features/booking/messages";
import { signInAsAdmin } from "../support/admin-browser";
import { type AppServer, newDataDir, startAppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { gotoHydrated } from "../support/hydration";
import { viewports } from "../support/viewports";

// Her booking settings against a real server: bad inputs refused in Italian with nothing saved; the
// settings, a new visit type and time off changing what a patient sees on /prenota; at 390 and 1440 px.

test.describe.configure({ mode: "serial", timeout: 120_000 });

let server: AppServer;
let database: Awaited<ReturnType<typeof openSiteDatabase>>;

test.beforeAll(async () => {
  server = await startAppServer({ DATA_DIR: newDataDir("e2e-booking-admin-settings-", { admin: true }) });
  database = await openSiteDatabase({ dataDir: server.dataDir });
});
test.afterAll(async () => {
  await database?.close();
  await server?.stop();
});

const settings = () => createBookingSettingsRepository(database.db, createMemoryEventBus()).get();

/** The days /prenota offers for a visit type at the Milan studio ("YYYY-MM-DD"). */
async function freeDaysOnSite(page: Page, typeId: string): Promise<string[]> {
  await page.goto(`${server.url}/prenota?sede=studio-di-milano&visita=${typeId}`);
  const links = page.getByRole("group", { name: "Giorni con orari liberi" }).getByRole("link");
  const hrefs = await links.evaluateAll((all) => all.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((href) => new URL(href, server.url).searchParams.get("giorno")!);
}

for (const viewport of viewports) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    test("settings and a visit type: bad inputs refused in Italian, nothing saved; then saved and seen on /prenota", async ({
      page,
    }) => {
      await signInAsAdmin(page, server);
      await gotoHydrated(page, `${server.url}/admin/prenotazioni`);
      await expect(page.getByRole("heading", { name: "Impostazioni delle prenotazioni", level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
      const before = await settings();

      const form = page.locator("#impostazioni-prenotazioni");
      await form.getByLabel("Tempo libero dopo ogni visita (minuti)").fill("500");
      await form.getByLabel("Prenotabile fino a (giorni da oggi)").fill("0");
      await form.getByRole("button", { name: "Salva le impostazioni" }).click();
      await expect(form.getByText(M.buffer)).toBeVisible();
      await expect(form.getByText(M.horizon)).toBeVisible();
      await expectNoAxeViolations(page);
      expect(await settings()).toEqual(before);

      await form.getByLabel("Pulsanti «Prenota»").selectOption({ label: "Prenotazione dal sito" });
      await form.getByLabel("Tempo libero dopo ogni visita (minuti)").fill("0");
      await form.getByLabel("Preavviso minimo (ore)").fill("0");
      await form.getByLabel("Prenotabile fino a (giorni da oggi)").fill("7");
      await form.getByRole("button", { name: "Salva le impostazioni" }).click();
      await expect(page.getByText(M.saved)).toBeVisible();
      await expect.poll(settings).toEqual({
        ...DEFAULT_BOOKING_SETTINGS,
        mode: "site",
        bufferMinutes: 0,
        minimumNoticeHours: 0,
        horizonDays: 7,
      });

      const name = `Consulenza breve ${viewport.width}`;
      const newType = page.locator("#tipo-new-type");
      const add = newType.getByRole("button", { name: "Aggiungi il tipo di visita" });
      // By keyboard: the message shown as the last field is left moves the button under a pointer.
      const submit = () => add.press("Enter");
      await newType.getByLabel("Durata (minuti)").fill("2");
      await submit();
      await expect(newType.getByText(M.typeName)).toBeVisible();
      await expect(newType.getByText(M.duration)).toBeVisible();
      await newType.getByLabel("Nome").fill(name);
      await newType.getByLabel("Durata (minuti)").fill("20");
      await newType.getByLabel(/Prezzo intero/).fill("ottanta");
      await submit();
      await expect(newType.getByText(M.price)).toBeVisible();
      await newType.getByLabel(/Prezzo intero/).fill("45");
      await submit();
      // Bookable, but nowhere.
      await expect(newType.getByText(M.placeNeeded)).toBeVisible();
      expect(await database.db.select().from(visitTypes).where(eq(visitTypes.name, name))).toEqual([]);

      await newType.getByLabel("Mostra il prezzo ai pazienti").check();
      await newType.getByLabel("Conferma").selectOption({ label: "Subito" });
      await newType.getByLabel("Studio di Milano").check();
      await submit();
      await expect(page.getByText(M.typeCreated)).toBeVisible();
      await expect(page.locator(".booking-admin-list").getByText(name, { exact: true })).toBeVisible();

      await page.goto(`${server.url}/prenota`);
      await expect(page.getByRole("link", { name: new RegExp(`${name}.*20 minuti.*45 €`) })).toBeVisible();
      const [type] = await database.db.select().from(visitTypes).where(eq(visitTypes.name, name));
      const days = await freeDaysOnSite(page, type!.id);
      const today = romeDate(Date.now());
      expect(days.length).toBeGreaterThan(0);
      // Within the horizon of 7 days she set.
      for (const day of days) expect(day <= addDays(today, 7)).toBe(true);
    });

    test("time off takes its days off /prenota, and removing it gives them back; a range ending before it starts is refused", async ({
      page,
    }) => {
      const [type] = await database.db
        .select()
        .from(visitTypes)
        .where(eq(visitTypes.name, `Consulenza breve ${viewport.width}`));
      const days = await freeDaysOnSite(page, type!.id);
      const [first] = days;
      await signInAsAdmin(page, server);
      await gotoHydrated(page, `${server.url}/admin/prenotazioni`);
      const form = page.locator("#giorni-chiusura");
      await form.getByLabel("Dal").fill(first!);
      await form.getByLabel(/^Al/).fill(addDays(first!, -1));
      await form.getByRole("button", { name: "Aggiungi i giorni di chiusura" }).click();
      await expect(form.getByText(M.endBeforeStart)).toBeVisible();

      await form.getByLabel(/^Al/).fill("");
      await form.getByLabel(/^Descrizione/).fill("Congresso");
      await form.getByRole("button", { name: "Aggiungi i giorni di chiusura" }).click();
      await expect(page.getByText(M.timeOffAdded)).toBeVisible();
      const row = page.locator(".booking-admin-list li").filter({ hasText: "Congresso" });
      await expect(row).toBeVisible();
      expect(await freeDaysOnSite(page, type!.id)).toEqual(days.slice(1));

      await gotoHydrated(page, `${server.url}/admin/prenotazioni`);
      await page.locator(".booking-admin-list li").filter({ hasText: "Congresso" }).getByRole("button").click();
      await page.getByRole("dialog").getByRole("button", { name: "Rimuovi" }).click();
      await expect(page.getByText(M.timeOffRemoved)).toBeVisible();
      expect(await freeDaysOnSite(page, type!.id)).toEqual(days);
    });
  });
}

test.describe("without JavaScript, at 390 px", () => {
  test.use({ viewport: viewports[0], javaScriptEnabled: false });

  test("a bad visit type comes back with the messages and the values as typed; an unused one is deleted after the question", async ({
    page,
  }) => {
    await signInAsAdmin(page, server);
    await page.goto(`${server.url}/admin/prenotazioni`);
    const newType = page.locator("#tipo-new-type");
    await newType.getByLabel("Nome").fill("Da eliminare");
    await newType.getByLabel("Durata (minuti)").fill("999");
    await newType.getByLabel("Online").check();
    await newType.getByRole("button", { name: "Aggiungi il tipo di visita" }).click();
    await expect(page.locator("#tipo-new-type").getByText(M.duration)).toBeVisible();
    await expect(page.locator("#tipo-new-type").getByLabel("Nome")).toHaveValue("Da eliminare");
    await page.locator("#tipo-new-type").getByLabel("Durata (minuti)").fill("30");
    await page.locator("#tipo-new-type").getByRole("button", { name: "Aggiungi il tipo di visita" }).click();
    await expect(page.getByText(M.typeCreated)).toBeVisible();
    // Booking from the site (the tests above) and now a type offered online: the home's contact
    // section shows the online visits' week beside the studios, and stops once none is offered.
    expect((await settings()).mode).toBe("site");
    const visitor = await page.context().newPage();
    const onlineWeek = visitor.getByRole("list", { name: "Orari, Visite online" });
    await visitor.goto(`${server.url}/home`);
    await expect(visitor.locator("#contatti").getByRole("heading", { name: "Visite online", level: 3 })).toBeVisible();
    await expect(onlineWeek).toContainText("Lunedì – Venerdì 9:00–19:00");
    await expect(visitor.locator("#contatti")).toContainText("Ricevo su appuntamento in due studi e online.");

    await page.getByRole("link", { name: "Elimina: Da eliminare" }).click();
    await page.getByRole("group", { name: "Conferma eliminazione" }).getByRole("button", { name: "Elimina" }).click();
    await expect(page.getByText(M.typeDeleted)).toBeVisible();
    expect(await database.db.select().from(visitTypes).where(eq(visitTypes.name, "Da eliminare"))).toEqual([]);
    await visitor.goto(`${server.url}/home`);
    await expect(visitor.locator("#contatti")).toContainText("Ricevo su appuntamento in due studi.");
    await expect(onlineWeek).toHaveCount(0);
  });
});
