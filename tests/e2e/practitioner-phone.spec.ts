import { expect, test } from "../support/e2e-test";
import { ADMIN, adminCreate } from "../support/admin";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { gotoHydrated } from "../support/hydration";
import { seedReviews } from "../support/factory";
import { postReview } from "../support/reviews";
import { saveScreenshot } from "../support/screenshots";

/*
 * At 390 px: the panel's first screen says what needs her ("Da fare") and
 * the menu counts it; the menu is one button on a phone, reachable by keyboard.
 */
let server: AppServer;
test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async () => {
  const dataDir = newDataDir("e2e-phone-", { admin: true });
  // Replied to, so nothing waits on a fresh panel; reports need a published review.
  await seedReviews(dataDir, [
    {
      name: "Elena",
      rating: 5,
      content: "Un percorso chiaro e sostenibile.",
      status: "published",
      reply: "Grazie Elena!",
    },
  ]);
  server = await startAppServer({ DATA_DIR: dataDir, REVIEWS_MODERATION: "true", REVIEWS_RATE_LIMIT: "1000" });
});
test.afterAll(async () => {
  await server?.stop();
});

test("'Da fare' and the menu's counts follow a report and a review waiting for approval", async ({ page }) => {
  await signInAsAdmin(page, server);
  // This server has no SITE_URL: links for patients would point to the server's own address.
  await expect(page.locator(".admin-address-notice")).toContainText(
    `i link negli inviti e nelle e-mail puntano a http://localhost:`,
  );
  const todo = page.getByRole("region", { name: "Da fare" });
  // A fresh site: only its first-run setup waits.
  const setup =
    /^La configurazione iniziale non è finita: il sito mostra ancora dati d'esempio\.\s*Continua la configurazione$/;
  await expect(todo.getByRole("listitem")).toHaveText([setup]);
  await expect(page.locator(".admin-menu__button .admin-bar__count")).toHaveCount(0);

  // A visitor writes a review (held for approval) and reports the published one.
  expect(await postReview(server.url, { name: "Marco", rating: 4 })).toBe(303);
  const html = await (await fetch(`${server.url}/reviews`)).text();
  const id = /id="recensione-([0-9a-f-]{36})"/.exec(html)![1]!;
  const report = await fetch(`${server.url}/reviews/${id}/segnala`, {
    method: "POST",
    body: new URLSearchParams({ reason: "false" }),
    headers: { origin: server.url, accept: "application/json" },
  });
  expect(report.ok).toBe(true);

  await page.reload();
  await expect(todo.getByRole("listitem")).toHaveText([
    /^Una segnalazione da esaminare\.\s*Esamina$/,
    /^Una recensione attende la tua approvazione\.\s*Approva o nascondi$/,
    setup,
  ]);
  // The menu button says how many things wait; each section says its own.
  await expect(page.locator(".admin-menu__button .admin-bar__count")).toHaveText("2 da vedere");
  await page.locator(".admin-menu__button").click();
  const menu = page.getByRole("navigation", { name: "Sezioni del pannello" });
  await expect(menu.getByRole("link", { name: "Segnalazioni 1 da vedere" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Foto e recensioni 1 da vedere" })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, "admin-todo-390", { fullPage: true });

  await todo.getByRole("link", { name: "Esamina" }).click();
  await expect(page).toHaveURL(/\/admin\/segnalazioni$/);
});

test("on a phone the menu is one button, opened and used by keyboard; the screen starts near the top", async ({
  page,
}) => {
  await signInAsAdmin(page, server);
  const button = page.locator(".admin-menu__button");
  await expect(button).toContainText("Menu del pannello: Foto e recensioni");
  // The panel's links are not in the way: the first screen's title and "Da fare" are on the first screen.
  const todo = await page.getByRole("heading", { level: 2, name: "Da fare" }).boundingBox();
  expect(todo!.y + todo!.height).toBeLessThan(844);

  await button.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("navigation", { name: "Sezioni del pannello" });
  await expect(menu.getByRole("link")).toHaveCount(16);
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Foto e recensioni" })).toBeFocused();
  for (let i = 0; i < 14; i++) await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Backup" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/backup$/);
  // Chosen: the menu closes and names the screen.
  await expect(menu).toBeHidden();
  await expect(button).toContainText("Menu del pannello: Backup");
});

test("on a wide screen the sections are a row of links, with no menu button", async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  // Reached at another address than the configured one: the panel says which links patients get.
  const elsewhere = await startAppServer({ SITE_URL: "https://www.studio.test" });
  try {
    const created = adminCreate({ DATA_DIR: elsewhere.dataDir }, ["--email", ADMIN.email], ADMIN.password);
    expect(created.code, created.stderr).toBe(0);
    await signInAsAdmin(page, elsewhere);
    await expect(page.locator(".admin-address-notice")).toContainText(
      "ma l'indirizzo del sito impostato è www.studio.test: i link negli inviti e nelle e-mail useranno https://www.studio.test.",
    );
  } finally {
    await elsewhere.stop();
  }
  await signInAsAdmin(page, server);
  await expect(page.locator(".admin-menu__button")).toBeHidden();
  const menu = page.getByRole("navigation", { name: "Sezioni del pannello" });
  await expect(menu.getByRole("link")).toHaveCount(16);
  await expect(menu.getByRole("link", { name: "Ricette" })).toBeVisible();
  await saveScreenshot(page, "admin-todo-1440");
});

test("a new invitation opens the phone's share sheet with its message, and stays on screen with its copy buttons", async ({
  page,
}) => {
  // A phone's browser: navigator.share opens the share sheet (what it is given is recorded here).
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { sharedData: shared });
    Object.defineProperty(navigator, "share", {
      value: (data: ShareData) => {
        shared.push(data);
        return Promise.resolve();
      },
    });
  });
  await signInAsAdmin(page, server);
  await gotoHydrated(page, `${server.url}/admin/inviti`);
  await page.getByLabel("Nome del paziente").fill("Lucia");
  await page.getByRole("button", { name: "Crea invito" }).click();
  const panel = page.getByRole("region", { name: "Invito pronto" });
  const link = await panel.getByLabel(/Link personale/).inputValue();
  expect(link).toMatch(/\/reviews\?invito=[A-Za-z0-9_-]{43}#lascia-recensione$/);

  await panel.getByRole("button", { name: "Condividi" }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { sharedData: ShareData[] }).sharedData))
    .toEqual([{ title: "Invito a lasciare una recensione", text: expect.stringContaining(link) }]);
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("button", { name: "Copia link" })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Copia messaggio" })).toBeVisible();
});
