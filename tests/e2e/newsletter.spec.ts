import { expect, test } from "../support/e2e-test";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, type AppServer } from "../support/app-server";
import { MAIL_SITE_URL, startSiteWithMail } from "../support/site-with-mail";
import type { TestSmtpServer } from "../support/smtp";
import { expectNoAxeViolations } from "../support/axe";
import { expectToast } from "../support/toasts";
import { viewports } from "../support/viewports";
import { NEWSLETTER_MESSAGES as M } from "~/features/newsletter/messages";

// One server with e-mail on, sending to a real SMTP server run by this test; at phone size.
let server: AppServer;
let smtp: TestSmtpServer;
const SITE = MAIL_SITE_URL;
const phone = viewports[0];

test.use({ viewport: { width: phone.width, height: phone.height } });
test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ server, smtp } = await startSiteWithMail(newDataDir("e2e-newsletter-", { admin: true })));
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

test("a visitor subscribes from the footer, confirms through the e-mailed link, and a newsletter's one-click unsubscribe is honoured", async ({
  page,
}) => {
  await page.goto(`${server.url}/home`);
  const form = page.locator("footer form");
  await form.getByLabel("Il tuo indirizzo e-mail").fill("lettrice@esempio.it");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Iscriviti" }).click();
  // The newsletter page answers (no redirect, so no cookie).
  await expect(page).toHaveURL(`${server.url}/newsletter`);
  await expect(page.getByRole("main").getByRole("status")).toHaveText(M.checkMail);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toEqual([]);

  const [confirmation] = await smtp.waitFor(1);
  expect(confirmation!.parsed.to?.map((to) => to.address)).toEqual(["lettrice@esempio.it"]);
  expect(confirmation!.parsed.subject).toBe("Conferma l'iscrizione alla newsletter");
  const confirmPath = confirmation!.parsed.text!.match(/https:\/\/www\.studio\.test(\/newsletter\/conferma\/\S+)/)![1]!;
  // Opening the link (as a link scanner would) confirms nothing: the button does.
  await page.goto(`${server.url}${confirmPath}`);
  await page.getByRole("button", { name: "Conferma l'iscrizione" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(M.confirmed);

  // She writes a newsletter on her phone and sends it.
  await signInAsAdmin(page, server);
  await page.goto(`${server.url}/admin/newsletter`);
  await expect(page.locator(".newsletter-admin__counts")).toContainText("1 iscritto confermato");
  await page.getByLabel("Oggetto").fill("Le novità di primavera");
  await page.locator(".rich-text__content").click();
  await page.keyboard.type("Tre ricette di stagione da provare.");
  await page.getByRole("button", { name: "Salva e mostra l'anteprima" }).click();
  await expectToast(page, M.draftSaved);
  await expect(page.locator(".newsletter-preview")).toContainText("Tre ricette di stagione da provare.");
  await page.getByRole("button", { name: "Invia a 1 iscritto" }).click();
  await expectToast(page, M.started);

  const mails = await smtp.waitFor(2, 60_000);
  const copy = mails[1]!;
  expect(copy.parsed.subject).toBe("Le novità di primavera");
  expect(copy.parsed.to?.map((to) => to.address)).toEqual(["lettrice@esempio.it"]);
  expect(copy.parsed.text).toContain("Tre ricette di stagione da provare.");
  const header = (name: string) => copy.parsed.headers.find((h) => h.key === name.toLowerCase())?.value;
  expect(header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  const unsubscribe = header("List-Unsubscribe")!.match(
    /^<https:\/\/www\.studio\.test(\/newsletter\/disiscriviti\/\S+)>$/,
  )![1]!;
  expect(copy.parsed.text).toContain(`${SITE}${unsubscribe}`);

  // Opening the link (a link scanner) unsubscribes no one: the page asks first.
  await page.goto(`${server.url}${unsubscribe}`);
  await expect(page.getByRole("button", { name: "Disiscriviti" })).toBeVisible();
  // Another site's post anywhere else is still refused: only this one address is open to it.
  const foreign = await fetch(`${server.url}/newsletter`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.com" },
    body: "email=altro%40esempio.it&consent=si",
  });
  expect(foreign.status).toBe(403);

  // The mail program's one-click POST (RFC 8058), from its own servers: no page, another origin.
  const response = await fetch(`${server.url}${unsubscribe}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.com" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(response.status).toBe(200);
  await page.goto(`${server.url}/admin/newsletter`);
  await expect(page.locator(".newsletter-admin__counts")).toContainText("0 iscritti confermati");
  await expect(page.locator(".newsletter-admin__counts")).toContainText("1 disiscritto");
  // The link in the mail says so too, and offers no button any more.
  await page.goto(`${server.url}${unsubscribe}`);
  await expect(page.getByRole("main").getByRole("status")).toHaveText(M.alreadyUnsubscribed);
});

test("the newsletter's pages and her screen pass axe at 390 and 1440 px", async ({ page }) => {
  await signInAsAdmin(page, server);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const path of [
      "/newsletter",
      `/newsletter/conferma/${"a".repeat(43)}`,
      `/newsletter/disiscriviti/${"a".repeat(43)}`,
      "/admin/newsletter",
    ]) {
      await page.goto(`${server.url}${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  }
});
