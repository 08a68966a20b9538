import { expect, test } from "../support/e2e-test";
import { ADMIN, adminCreate } from "../support/admin";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";
import { seedNewsletterSubscribers } from "../support/factory";
import { openSiteDatabase } from "~/core/db/site-database.server";

let server: AppServer;
let smtp: TestSmtpServer;
const DIR = "/work/shots/h44-news";
test.describe.configure({ mode: "serial", timeout: 180_000 });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dataDir = newDataDir("e2e-newsletter-shots-");
  adminCreate({ DATA_DIR: dataDir }, ["--email", ADMIN.email], ADMIN.password);
  smtp = await startTestSmtpServer();
  server = await startAppServer({ DATA_DIR: dataDir, SMTP_URL: smtp.url, MAIL_FROM: "Sito <sito@studio.test>", MAIL_TO: "studio@studio.test", SITE_URL: "https://www.studio.test" });
  const db = await openSiteDatabase({ dataDir });
  await seedNewsletterSubscribers(db.db, 3);
  await db.close();
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

for (const [w, h] of [[390, 844], [1440, 900]] as const) {
  test(`shots ${w}`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    await page.goto(`${server.url}/home`);
    await page.locator("footer").scrollIntoViewIfNeeded();
    await page.locator("footer").screenshot({ path: `${DIR}/footer-${w}.png` });
    await page.goto(`${server.url}/newsletter`);
    await page.screenshot({ path: `${DIR}/newsletter-page-${w}.png`, fullPage: true });
    const form = page.getByRole("main").getByRole("form", { name: "Ricevi la newsletter" });
    await form.getByLabel("Il tuo indirizzo e-mail").fill(`shot${w}@esempio.it`);
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Iscriviti" }).click();
    await expect(page.getByRole("main").getByRole("status")).toBeVisible();
    await page.screenshot({ path: `${DIR}/newsletter-sent-${w}.png`, fullPage: true });
    const mails = await smtp.waitFor(w === 390 ? 1 : 2);
    const path = mails.at(-1)!.parsed.text!.match(/https:\/\/www\.studio\.test(\/newsletter\/conferma\/\S+)/)![1]!;
    await page.goto(`${server.url}${path}`);
    await page.screenshot({ path: `${DIR}/confirm-${w}.png`, fullPage: true });
    await page.getByRole("button", { name: "Conferma l'iscrizione" }).click();
    await expect(page.getByRole("main").getByRole("status")).toBeVisible();
    await page.screenshot({ path: `${DIR}/confirmed-${w}.png`, fullPage: true });
    await page.goto(`${server.url}/newsletter/disiscriviti/${"a".repeat(43)}`);
    await page.screenshot({ path: `${DIR}/unsubscribe-unknown-${w}.png`, fullPage: true });
    await signInAsAdmin(page, server);
    await page.goto(`${server.url}/admin/newsletter`);
    if (w === 390) {
      await page.getByLabel("Oggetto").fill("Le novità di primavera");
      await page.locator(".rich-text__content").click();
      await page.keyboard.type("Tre ricette di stagione da provare.");
      await page.getByRole("button", { name: "Salva e mostra l'anteprima" }).click();
      await expect(page.locator(".newsletter-preview")).toBeVisible();
    }
    await page.screenshot({ path: `${DIR}/admin-newsletter-${w}.png`, fullPage: true });
    if (w === 1440) {
      await page.getByRole("button", { name: /Invia a \d+ iscritti/ }).click();
      await expect(page.locator(".newsletter-admin__sent")).toBeVisible();
      await page.screenshot({ path: `${DIR}/admin-newsletter-sending-${w}.png`, fullPage: true });
      const copies = await smtp.waitFor(mails.length + 5, 60_000);
      const unsub = copies.at(-1)!.parsed.text!.match(/https:\/\/www\.studio\.test(\/newsletter\/disiscriviti\/\S+)/)![1]!;
      await page.goto(`${server.url}${unsub}`);
      await page.screenshot({ path: `${DIR}/unsubscribe-${w}.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${DIR}/unsubscribe-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`${server.url}/admin/newsletter`);
      await page.screenshot({ path: `${DIR}/admin-newsletter-sent-${w}.png`, fullPage: true });
    }
  });
}
