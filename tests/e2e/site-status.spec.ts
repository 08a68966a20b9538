import { signInAsAdmin } from "../support/admin-browser";
import { type AppServer, newDataDir, startAppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { type DnsAnswers, startDnsAnswers } from "../support/dns-answers";
import { expect, test } from "../support/e2e-test";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";
import { saveScreenshot } from "../support/screenshots";
import { viewports } from "../support/viewports";

const HOST = "studio-prova.it";
const MACHINE = "203.0.113.5";

let server: AppServer;
let dns: DnsAnswers;
let smtp: TestSmtpServer;

test.beforeAll(async () => {
  [dns, smtp] = await Promise.all([startDnsAnswers(), startTestSmtpServer()]);
  // The domain here; www. pointing elsewhere; the mail records but DMARC.
  await dns.addA(HOST, [MACHINE]);
  await dns.addA(`www.${HOST}`, ["198.51.100.7"]);
  await dns.setTxt(HOST, "v=spf1 include:_spf.posta.example -all");
  await dns.setTxt(`mail._domainkey.${HOST}`, "v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOC");
  dns.setMx(HOST, ["mx1.posta.example"]);
  server = await startAppServer({
    DATA_DIR: newDataDir("e2e-site-status-", { admin: true }),
    SITE_URL: `https://${HOST}`,
    // Her own front is not what this screen is tested on: the site stays on its plain port.
    TLS: "off",
    DNS_SERVER: dns.server,
    DKIM_SELECTOR: "mail",
    PUBLIC_ADDRESSES: MACHINE,
    SMTP_URL: smtp.url,
    MAIL_FROM: `Sito dello studio <sito@${HOST}>`,
    MAIL_TO: `anna@${HOST}`,
    BACKUP_TIME: "off",
  });
});

test.afterAll(async () => {
  await server?.stop();
  await Promise.all([dns?.stop(), smtp?.stop()]);
});

test("without a session, Stato del sito sends to the sign-in", async ({ page }) => {
  await page.goto(`${server.url}/admin/stato`);
  await expect(page).toHaveURL(`${server.url}/admin-login`);
});

test("Stato del sito names each record to fix, and sends a test e-mail on request", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, server);
  await page.getByRole("link", { name: "Stato del sito" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stato del sito");
  // No test e-mail at a load: only the button sends one.
  expect(smtp.received).toHaveLength(0);

  const line = (title: string) => page.locator(".site-status__check").filter({ hasText: title });
  await expect(line(`Indirizzo di ${HOST}`)).toContainText("A posto");
  await expect(line(`Indirizzo di www.${HOST}`)).toContainText(
    `Il record A di www.${HOST} vale 198.51.100.7, ma questa macchina è ${MACHINE}.`,
  );
  await expect(line(`Indirizzo di www.${HOST}`)).toContainText(`Cosa fare: Cambia nel pannello DNS del dominio`);
  await expect(line(`Record MX di ${HOST}`)).toContainText("mx1.posta.example");
  await expect(line(`Record DMARC di ${HOST}`)).toContainText(`Nessun record DMARC in _dmarc.${HOST}`);
  await expect(line("Ultimo backup")).toContainText("Da sistemare");
  await expectNoAxeViolations(page);

  for (const viewport of viewports) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await saveScreenshot(page, `stato-del-sito-${viewport.width}`, { fullPage: true });
  }

  await page.getByRole("button", { name: "Invia un'e-mail di prova" }).click();
  await expect(page.getByText(`E-mail di prova consegnata al server di posta per anna@${HOST}`)).toBeVisible();
  const [mail] = await smtp.waitFor(1);
  expect(mail!.parsed.subject).toBe("Prova di invio dal sito");
});
