import { count } from "drizzle-orm";
import { reviews as reviewsTable } from "~/features/reviews/schema";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { saveAndPublish, signInAsAdmin } from "../support/admin-browser";
import { type AppServer, newDataDir, startAppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { expect, type Page, test } from "../support/e2e-test";
import { seedReviews } from "../support/factory";
import { viewports } from "../support/viewports";
import { saveScreenshot } from "../support/screenshots";

// One setting takes the reviews off the site (the home's section, the page, every
// link, the sitemap's entry, any structured data about them), the reviews kept; on again, all is back.

test.describe.configure({ mode: "serial", timeout: 180_000 });

const REVIEW = "Consigli chiari e pratici, la rivedrei volentieri.";
/** Every public page a visitor can open (the unknown address shows the 404 page's links). */
const PAGES = ["/", "/home", "/services", "/privacy", "/studi/studio-di-milano", "/pagina-che-non-esiste"];

let server: AppServer;

test.beforeAll(async () => {
  const dataDir = newDataDir("e2e-reviews-switch-", { admin: true });
  await seedReviews(dataDir, [{ name: "Anna", rating: 5, content: REVIEW, status: "published" }]);
  server = await startAppServer({ DATA_DIR: dataDir });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Whether any public page, the sitemap or a page's structured data still shows or names the reviews. */
async function reviewTraces(): Promise<string[]> {
  const traces: string[] = [];
  for (const path of PAGES) {
    const html = await (await fetch(`${server.url}${path}`)).text();
    if (/href="\/reviews|#recensioni/.test(html)) traces.push(`${path}: a link to the reviews`);
    if (html.includes(REVIEW)) traces.push(`${path}: the review`);
    for (const [, json] of html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs))
      if (/review|rating/i.test(json!)) traces.push(`${path}: structured data about reviews`);
  }
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  if (sitemap.includes("/reviews")) traces.push("sitemap: /reviews");
  return traces;
}

/** Ticks or unticks the setting on "Dati dello studio" and publishes. */
async function showReviews(page: Page, shown: boolean) {
  await page.goto(`${server.url}/admin/contenuti/pratica`);
  await page.getByLabel("Mostra le recensioni sul sito").setChecked(shown);
  await saveAndPublish(page);
}

test("she switches the reviews off on her phone: they leave every page, the sitemap and the structured data; on again, they are back", async ({
  page,
  browser,
}) => {
  await page.setViewportSize(viewports[0]);
  // Shown by default: the check below can tell.
  expect(await reviewTraces()).toContain("/home: the review");
  expect(await reviewTraces()).toContain("sitemap: /reviews");

  await signInAsAdmin(page, server);
  await showReviews(page, false);
  expect(await reviewTraces()).toEqual([]);
  expect((await fetch(`${server.url}/reviews`)).status).toBe(404);
  const posted = await fetch(`${server.url}/reviews`, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: "name=Mario&rating=5&content=Ottimo",
  });
  expect(posted.status).toBe(404);

  // No invitation leads a patient to the missing page: the screen says why, and the server refuses one.
  await page.goto(`${server.url}/admin/inviti`);
  await expect(page.getByRole("status").filter({ hasText: "Le recensioni sono nascoste sul sito" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Crea invito" })).toBeHidden();
  const invited = await page.request.post(`${server.url}/admin/inviti`, {
    headers: { Origin: server.url },
    form: { intent: "create", patientName: "Maria" },
  });
  expect(invited.status()).toBe(409);
  expect(await invited.text()).toContain("Le recensioni sono nascoste sul sito");

  // A visitor's menu has no "Recensioni"; the page is a 404.
  const visitor = await browser.newPage({ viewport: viewports[0] });
  await visitor.goto(`${server.url}/home`);
  await visitor.locator("summary.menu-toggle").click();
  await expect(visitor.getByRole("navigation").getByRole("link", { name: "Chi sono" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Recensioni" })).toHaveCount(0);
  await expect(visitor.locator("#recensioni")).toHaveCount(0);
  await saveScreenshot(visitor, "home-reviews-off-390", { fullPage: true });

  // Kept: the review is still stored, and back as it was when she switches them on.
  const database = await openSiteDatabase({ dataDir: server.dataDir });
  try {
    expect((await database.db.select({ n: count() }).from(reviewsTable))[0]!.n).toBe(1);
  } finally {
    await database.close();
  }
  await showReviews(page, true);
  expect(await reviewTraces()).toEqual(
    expect.arrayContaining(["/home: the review", "sitemap: /reviews", "/home: a link to the reviews"]),
  );
  await visitor.goto(`${server.url}/reviews`);
  await expect(visitor.getByText(REVIEW)).toBeVisible();
  await page.goto(`${server.url}/admin/inviti`);
  await expect(page.getByRole("button", { name: "Crea invito" })).toBeVisible();
});

for (const viewport of viewports) {
  test(`the setting passes axe at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAsAdmin(page, server);
    await page.goto(`${server.url}/admin/contenuti/pratica`);
    const setting = page.getByRole("group", { name: "Recensioni" });
    await expect(setting.getByLabel("Mostra le recensioni sul sito")).toBeChecked();
    await expectNoAxeViolations(page);
    await saveScreenshot(setting, `reviews-setting-${viewport.width}`);
  });
}

test("without JavaScript she switches them off and on", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: viewports[0] });
  const page = await context.newPage();
  await signInAsAdmin(page, server);
  await showReviews(page, false);
  expect((await fetch(`${server.url}/reviews`)).status).toBe(404);
  await showReviews(page, true);
  expect((await fetch(`${server.url}/reviews`)).status).toBe(200);
});
