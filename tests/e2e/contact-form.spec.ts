import { expect, type Page, test } from "../support/e2e-test";
import { expectToast } from "../support/toasts";
import { startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { gotoHydrated } from "../support/hydration";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";
import { viewports } from "../support/viewports";
import { saveScreenshot, screenshotsWanted } from "../support/screenshots";

/*
 * At 390 px: the contact form both ways. Without e-mail configured it opens the
 * visitor's mail program with the message encoded as UTF-8 ("martedì" intact) and says so; with
 * e-mail configured it posts to the site, which sends it through the outbox to a real SMTP server.
 */
test.use({ viewport: { width: 390, height: 844 } });
const message = "Buongiorno, sarei libera martedì pomeriggio: è possibile un primo colloquio?";

async function fill(page: Page) {
  const form = page.getByRole("form", { name: "Scrivimi un messaggio" });
  await form.getByLabel("Nome e cognome").fill("Niccolò Rossi");
  await form.getByLabel("Email", { exact: true }).fill("niccolo@esempio.it");
  await form.getByLabel("Messaggio").fill(message);
  return form;
}

async function checkScreens(page: Page, name: string) {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
    if (screenshotsWanted) {
      await page.getByRole("form", { name: "Scrivimi un messaggio" }).scrollIntoViewIfNeeded();
      await saveScreenshot(page, `contact-${name}-${viewport.width}`);
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test("without e-mail configured: the mail program opens with the message intact, and the page says so", async ({
  page,
  baseURL,
}) => {
  await gotoHydrated(page, `${baseURL}/home#contatti`);
  const form = await fill(page);
  await form.getByRole("button", { name: "Invia messaggio" }).click();
  await expect(form.getByRole("status")).toContainText("Si aprirà la tua app di posta");
  const href = (await form.getByRole("status").getByRole("link").getAttribute("href"))!;
  expect(href.startsWith("mailto:")).toBe(true);
  expect(decodeURIComponent(/[?&]subject=([^&]*)/.exec(href)![1]!)).toBe("Messaggio dal sito da Niccolò Rossi");
  const body = decodeURIComponent(/[?&]body=([^&]*)/.exec(href)![1]!);
  expect(body).toContain("martedì pomeriggio: è possibile");
  expect(body).toContain("niccolo@esempio.it");
  await checkScreens(page, "mailto");

  await page.goto(`${baseURL}/privacy`);
  await expect(page.getByText("Il modulo di contatto non invia nulla a questo sito")).toBeVisible();
});

test.describe("with e-mail configured", () => {
  let server: AppServer;
  let smtp: TestSmtpServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    smtp = await startTestSmtpServer();
    server = await startAppServer({
      SMTP_URL: smtp.url,
      MAIL_FROM: "Sito dello studio <sito@studio.test>",
      MAIL_TO: "dottoressa@studio.test",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  test("the message goes through the site's outbox to the practitioner: 'Messaggio inviato'", async ({ page }) => {
    await gotoHydrated(page, `${server.url}/home#contatti`);
    const form = await fill(page);
    await form.getByRole("button", { name: "Invia messaggio" }).click();
    await expect(form.getByRole("status")).toContainText("Messaggio inviato");
    // Sent, the form is empty for a next message.
    await expect(form.getByLabel("Messaggio")).toHaveValue("");
    const [mail] = await smtp.waitFor(1);
    expect(mail!.parsed.subject).toBe("Messaggio dal sito da Niccolò Rossi");
    expect(mail!.parsed.to?.[0]?.address).toBe("dottoressa@studio.test");
    expect(mail!.parsed.text).toContain(message);
    expect(mail!.parsed.text).toContain("Rispondi a: niccolo@esempio.it");
    await checkScreens(page, "sito");

    await page.goto(`${server.url}/privacy`);
    await expect(page.getByText("Il modulo di contatto invia il messaggio tramite questo sito")).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form posts and comes back to the contact section with the answer", async ({ page }) => {
      const before = smtp.received.length;
      await page.goto(`${server.url}/home#contatti`);
      const form = await fill(page);
      await form.getByRole("button", { name: "Invia messaggio" }).click();
      await expect(page).toHaveURL(`${server.url}/home#contatti`);
      await expectToast(page, "Messaggio inviato");
      await smtp.waitFor(before + 1);

      // A bad address is refused in Italian (the browser's own check is skipped by a crafted post).
      const refused = await page.request.post(`${server.url}/contatti`, {
        form: { name: "Niccolò", email: "non-un-indirizzo", message: "Ciao" },
        headers: { origin: server.url, accept: "application/json" },
      });
      expect(refused.status()).toBe(400);
      expect((await refused.json()).message).toBe("Scrivi un indirizzo email valido, per esempio nome@esempio.it.");
    });
  });
});
