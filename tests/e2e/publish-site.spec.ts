import type { Browser, Page } from "@playwright/test";
import { expect as baseExpect, test } from "../support/e2e-test";
import { ADMIN } from "../support/admin";
import { saveAndPublish, signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { endFirstRunSetup } from "../support/factory";
import { saveScreenshot } from "../support/screenshots";
import { viewports } from "../support/viewports";

/*
 * Decision 73: a site whose SITE_URL is a public address shows visitors only
 * "Sito in preparazione" (503, noindex, an empty sitemap, robots.txt disallowing all) until she
 * presses "Pubblica il sito"; the button is refused while a legal detail is the example's, naming it.
 */
const SITE_URL = "http://studio-prova.it";
const PUBLISH = "/admin/pubblica";
let server: AppServer;
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dataDir = newDataDir("e2e-publish-", { admin: true });
  await endFirstRunSetup(dataDir);
  server = await startAppServer({ DATA_DIR: dataDir, SITE_URL }, 90_000, { inPreparation: true });
});

test.afterAll(async () => {
  await server?.stop();
});

/** A visitor's page: a context of its own, no cookie. */
async function visitor(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: viewports[0] });
  return context.newPage();
}

async function expectInPreparation(page: Page, path: string) {
  const response = await page.goto(`${server.url}${path}`);
  expect(response!.status()).toBe(503);
  expect(response!.headers()["x-robots-tag"]).toBe("noindex");
  expect(Number(response!.headers()["retry-after"])).toBeGreaterThan(0);
  await expect(page.getByRole("heading", { level: 1, name: "Sito in preparazione" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.locator("script")).toHaveCount(0);
}

test("a visitor gets 'Sito in preparazione', noindex, an empty sitemap and a robots.txt disallowing all", async ({
  browser,
  request,
}) => {
  const page = await visitor(browser);
  for (const path of ["/", "/home", "/services", "/privacy"]) await expectInPreparation(page, path);
  await expect(page.getByText("Giulia Ferrari")).toHaveCount(0);
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, `sito-in-preparazione-${viewport.width}`, { fullPage: true });
  }
  // Readable on the narrowest phone: nothing wider than the screen.
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  const sitemap = await request.get(`${server.url}/sitemap.xml`);
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml).toContain("<urlset");
  expect(xml).not.toContain("<url>");
  expect(await (await request.get(`${server.url}/robots.txt`)).text()).toBe("User-agent: *\nDisallow: /\n");
});

test("signed in, she sees the whole site; publishing is refused while a legal detail is the example's", async ({
  page,
}) => {
  await page.setViewportSize(viewports[0]);
  await page.goto(`${server.url}/admin-login`);
  await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page).toHaveURL(`${server.url}/admin`);
  // The to-do list leads to the screen.
  await page.getByRole("link", { name: "Pubblica il sito" }).first().click();
  await expect(page).toHaveURL(`${server.url}${PUBLISH}`);
  await expect(page.getByRole("heading", { level: 2, name: "Il sito è in preparazione" })).toBeVisible();
  // What is still the example's, each a link to where she changes it.
  const list = page.getByRole("region", { name: "Dati d'esempio ancora sul sito" });
  const legal = list.getByRole("region", { name: "Da sostituire prima di pubblicare" });
  await expect(legal.getByRole("link")).toHaveText([
    "il nome",
    "il numero di iscrizione all'albo",
    "la Partita IVA",
    "l'intestatario della Partita IVA",
    "l'e-mail (contatto per la privacy)",
  ]);
  await expect(legal.getByRole("link", { name: "la Partita IVA", exact: true })).toHaveAttribute(
    "href",
    "/admin/contenuti/pratica",
  );
  await expect(list.getByRole("link", { name: "il numero di pazienti della home" })).toBeVisible();
  await expect(list.getByRole("link", { name: "il servizio «Nutrizione sportiva»" })).toHaveAttribute(
    "href",
    "/admin/contenuti/servizi",
  );
  await expect(list.getByRole("link", { name: /^la domanda d'esempio/ }).first()).toHaveAttribute(
    "href",
    /^\/admin\/domande\//,
  );
  for (const viewport of [viewports[1], viewports[0]]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, `pubblica-il-sito-${viewport.width}`, { fullPage: true });
  }

  await page.getByRole("button", { name: "Pubblica il sito" }).click();
  const refusal = page.getByRole("region", { name: "Pubblicazione" }).getByRole("alert");
  await expect(refusal).toContainText("il nome, il numero di iscrizione all'albo, la Partita IVA");
  await expect(refusal).toContainText("l'e-mail (contatto per la privacy)");
  await saveScreenshot(page, "pubblica-rifiutato-390", { fullPage: true });

  // Her preview: the site as it will be.
  const home = await page.goto(`${server.url}/home`);
  expect(home!.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Dott.ssa Giulia Ferrari").first()).toBeVisible();
});

test("without JavaScript the refusal names the field that is still the example's", async ({ browser }) => {
  const page = await visitor(browser, false);
  await signInAsAdmin(page, server);
  // Only the privacy contact left as the example.
  await page.goto(`${server.url}/admin/contenuti/pratica`);
  await page.getByLabel("Nome visualizzato", { exact: true }).fill("Dott.ssa Chiara Rinaldi");
  await page.getByLabel("Numero di iscrizione all'albo", { exact: true }).fill("AA_071234");
  await page.getByLabel("Partita IVA", { exact: true }).fill("12345678903");
  await page.getByLabel("Intestatario della Partita IVA", { exact: true }).fill("Chiara Rinaldi");
  await page.getByRole("button", { name: "Salva e pubblica", exact: true }).click();
  await expect(page.getByLabel("Nome visualizzato", { exact: true })).toHaveValue("Dott.ssa Chiara Rinaldi");
  await page.goto(`${server.url}${PUBLISH}`);
  await page.getByRole("button", { name: "Pubblica il sito" }).click();
  const refusal = page.getByRole("region", { name: "Pubblicazione" }).getByRole("alert");
  await expect(refusal).toContainText("questo dato è ancora d'esempio");
  await expect(refusal).toContainText("l'e-mail (contatto per la privacy)");
  await expect(refusal).not.toContainText("la Partita IVA");
  const still = await visitor(browser);
  await expectInPreparation(still, "/home");
});

test("once her details are hers she publishes: /home answers with her name and the sitemap lists the pages", async ({
  page,
  browser,
  request,
}) => {
  await signInAsAdmin(page, server);
  await page.goto(`${server.url}/admin/contenuti/pratica`);
  await page.getByLabel("Email", { exact: true }).fill("studio@chiararinaldi.it");
  await saveAndPublish(page);
  await page.goto(`${server.url}${PUBLISH}`);
  const list = page.getByRole("region", { name: "Dati d'esempio ancora sul sito" });
  await expect(list.getByRole("region", { name: "Da sostituire prima di pubblicare" })).toHaveCount(0);
  await expect(list.getByRole("region", { name: "Dati d'esempio" })).toBeVisible();
  await page.getByRole("button", { name: "Pubblica il sito" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Il sito è pubblicato" })).toBeVisible();
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, `pubblicato-${viewport.width}`, { fullPage: true });
  }

  const patient = await visitor(browser);
  const home = await patient.goto(`${server.url}/home`);
  expect(home!.status()).toBe(200);
  await expect(patient.getByText("Dott.ssa Chiara Rinaldi").first()).toBeVisible();
  const xml = await (await request.get(`${server.url}/sitemap.xml`)).text();
  expect(xml).toContain(`<loc>${SITE_URL}/home</loc>`);
  expect(xml).toContain(`<loc>${SITE_URL}/privacy</loc>`);
  expect(await (await request.get(`${server.url}/robots.txt`)).text()).toContain("Allow: /");

  // Back in preparation, after a confirmation.
  await page.getByRole("button", { name: "Rimetti in preparazione il sito" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Rimettere il sito in preparazione?");
  await dialog.getByRole("button", { name: "Rimetti in preparazione" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Il sito è in preparazione" })).toBeVisible();
  await expectInPreparation(patient, "/home");
});

test("without JavaScript she publishes and puts the site back in preparation, confirming", async ({ browser }) => {
  const page = await visitor(browser, false);
  await signInAsAdmin(page, server);
  await page.goto(`${server.url}${PUBLISH}`);
  await page.getByRole("button", { name: "Pubblica il sito" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Il sito è pubblicato" })).toBeVisible();
  const patient = await visitor(browser, false);
  expect((await patient.goto(`${server.url}/home`))!.status()).toBe(200);

  await page.getByRole("link", { name: "Rimetti in preparazione il sito" }).click();
  const confirm = page.getByRole("group", { name: "Conferma: rimetti in preparazione" });
  await expect(confirm).toContainText("Rimettere il sito in preparazione?");
  await confirm.getByRole("button", { name: "Rimetti in preparazione" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Il sito è in preparazione" })).toBeVisible();
  await expectInPreparation(patient, "/home");
});
