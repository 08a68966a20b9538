import { isNull } from "drizzle-orm";
import { expect, test, type Page } from "../support/e2e-test";
import { expectToast } from "../support/toasts";
import { adminPasswordResets } from "~/features/account/schema";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { ADMIN, adminCreate } from "../support/admin";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { startSiteWithMail } from "../support/site-with-mail";
import { expectNoAxeViolations } from "../support/axe";
import { openOutbox } from "../support/outbox";
import type { TestSmtpServer } from "../support/smtp";
import { viewports } from "../support/viewports";

// One server with e-mail on, sending to a real SMTP server run by this test; everything at phone size.
let server: AppServer;
let smtp: TestSmtpServer;
const NEW_PASSWORD = "una-password-nuova-dal-link";
const phone = viewports[0];

test.use({ viewport: { width: phone.width, height: phone.height } });
test.describe.configure({ mode: "serial", timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ server, smtp } = await startSiteWithMail(newDataDir("e2e-password-reset-", { admin: true })));
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

/** Asks for a link from the sign-in page and answers the link of the e-mail that arrives (pointed at this server). */
async function askForLink(page: Page, email: string, mailsBefore: number, expectMail = true) {
  await page.goto(`${server.url}/admin-login`);
  await page.getByRole("link", { name: "Password dimenticata?" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Password dimenticata?");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Invia il link" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Controlla la tua email");
  await expect(page.getByText(/Se l'indirizzo è quello dell'amministratore/)).toBeVisible();
  if (!expectMail) return null;
  const mails = await smtp.waitFor(mailsBefore + 1);
  const mail = mails[mailsBefore]!;
  expect(mail.parsed.to?.map((to) => to.address)).toEqual([ADMIN.email]);
  expect(mail.parsed.subject).toBe("Reimposta la password del sito");
  const link = mail.parsed.text!.match(/https:\/\/www\.studio\.test(\/admin-login\/nuova-password\?token=\S+)/)![1]!;
  return `${server.url}${link}`;
}

test("a reset link by e-mail: a new password, every session signed out, and the link used up", async ({
  page,
  browser,
}) => {
  // A session on another device, open before the reset.
  const otherDevice = await (await browser.newContext()).newPage();
  await signInAsAdmin(otherDevice, server);

  await page.goto(`${server.url}/admin-login`);
  await expectNoAxeViolations(page);
  const link = await askForLink(page, "Admin@Studio.test", 0);
  await expectNoAxeViolations(page);

  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scegli una nuova password");
  await expectNoAxeViolations(page);
  await page.getByLabel("Nuova password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Ripeti la nuova password").fill("non-coincide-affatto");
  await page.getByRole("button", { name: "Salva la nuova password" }).click();
  await expect(page.getByText("Le due nuove password non coincidono").first()).toBeVisible();
  await page.getByLabel("Ripeti la nuova password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Salva la nuova password" }).click();

  // Not signed in directly: to the sign-in page, with the success toast.
  await expect(page).toHaveURL(`${server.url}/admin-login`);
  await expectToast(page, "Password aggiornata. Accedi con la nuova password.");
  await otherDevice.goto(`${server.url}/admin`);
  await expect(otherDevice).toHaveURL(`${server.url}/admin-login`);
  await otherDevice.context().close();

  await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page).toHaveURL(`${server.url}/admin`);

  // The same link again: used.
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Link già usato");
  await expect(page.getByText("Questo link è già stato usato.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Chiedi un nuovo link" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("an expired link says so and offers a new one; an unknown address gets the same answer (also without JavaScript) and no e-mail", async ({
  page,
}) => {
  const before = smtp.received.length;
  const link = await askForLink(page, ADMIN.email, before);
  // Half an hour passes: the link's expiry moved into the past in the database (no waiting).
  const database = await openSiteDatabase({ dataDir: server.dataDir });
  try {
    await database.db
      .update(adminPasswordResets)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(isNull(adminPasswordResets.usedAt));
  } finally {
    await database.close();
  }
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Link scaduto");
  await expect(page.getByText("Questo link è scaduto: vale 30 minuti.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Chiedi un nuovo link" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Password dimenticata?");

  // Asked without JavaScript (a plain form post): the same page, the same sentence.
  const plain = await page.context().browser()!.newContext({ javaScriptEnabled: false, viewport: phone });
  await askForLink(await plain.newPage(), "nessuno@studio.test", before + 1, false);
  await plain.close();
  // The answer comes after the queueing: every reset e-mail ever queued went to the administrator.
  const outbox = await openOutbox(server.dataDir);
  try {
    const queued = await outbox.withSubject("Reimposta la password del sito");
    expect(queued.map((mail) => mail.recipient)).toEqual(Array(before + 1).fill(ADMIN.email));
  } finally {
    await outbox.close();
  }
});

test("without e-mail configured, the page says how the person who installed the site resets the password", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const noMail = await startAppServer();
  try {
    const created = adminCreate({ DATA_DIR: noMail.dataDir }, ["--email", ADMIN.email], ADMIN.password);
    expect(created.code, created.stderr).toBe(0);
    await page.goto(`${noMail.url}/admin-login`);
    await page.getByRole("link", { name: "Password dimenticata?" }).click();
    await expect(page.getByText("L'invio di email non è configurato su questo sito")).toBeVisible();
    await expect(page.getByText("npm run admin:create -- --email indirizzo@esempio.it")).toBeVisible();
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await expectNoAxeViolations(page);
  } finally {
    await noMail.stop();
  }
});
