import { expect, test } from "../support/e2e-test";
import { ADMIN } from "../support/admin";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, type AppServer } from "../support/app-server";
import { MAIL_SITE_URL, startSiteWithMail } from "../support/site-with-mail";
import type { TestSmtpServer } from "../support/smtp";
import { testImage } from "../support/factory";
import { expectToast } from "../support/toasts";
import { viewports } from "../support/viewports";
import { NEWSLETTER_MESSAGES as M } from "~/features/newsletter/messages";

// Decision 70: on her phone she puts an image in a newsletter, sees it in the
// preview, and her test copy, received by a real SMTP server, shows it from the site's https address.
let server: AppServer;
let smtp: TestSmtpServer;

test.use({ viewport: { width: viewports[0].width, height: viewports[0].height } });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ server, smtp } = await startSiteWithMail(newDataDir("e2e-newsletter-images-", { admin: true })));
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

test("an image in a newsletter: described, shown in the preview, mailed from the site's address with its description", async ({
  page,
}) => {
  test.slow();
  await signInAsAdmin(page, server);
  await page.goto(`${server.url}/admin/newsletter`);
  await page.getByLabel("Oggetto").fill("Legumi d'inverno");
  await page.locator(".rich-text__content").click();
  await page.keyboard.type("Una zuppa per le sere fredde.");
  await page.getByRole("button", { name: "Immagine", exact: true }).click();
  await page.getByLabel("Scegli l'immagine").setInputFiles({
    name: "zuppa.jpg",
    mimeType: "image/jpeg",
    buffer: await testImage(1, 1600, 1200),
  });
  await page.getByLabel("Descrizione dell'immagine (per chi non la vede)").fill("Una zuppa di ceci fumante");
  await page.getByRole("button", { name: "Inserisci l'immagine" }).click();
  await expect(page.locator(".rich-text__content img")).toHaveAttribute("alt", "Una zuppa di ceci fumante");

  await page.getByRole("button", { name: "Salva e mostra l'anteprima" }).click();
  await expectToast(page, M.draftSaved);
  const previewed = page.locator(".newsletter-preview").getByRole("img", { name: "Una zuppa di ceci fumante" });
  await expect(previewed).toBeVisible();
  await expect.poll(() => previewed.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole("button", { name: "Invia una prova a me" }).click();
  // To her own sign-in address, which the toast names.
  await expectToast(page, M.testSent(ADMIN.email));
  const [copy] = await smtp.waitFor(1, 60_000);
  expect(copy!.parsed.to?.map((to) => to.address)).toEqual([ADMIN.email]);
  expect(copy!.parsed.subject).toBe("[Prova] Legumi d'inverno");
  const img =
    /<img src="(https:\/\/www\.studio\.test(\/media\/article-images\/[^"]+))" width="(\d+)" height="(\d+)" alt="Una zuppa di ceci fumante"/.exec(
      String(copy!.parsed.html),
    );
  expect(img).not.toBeNull();
  expect(img![1]!.startsWith(`${MAIL_SITE_URL}/media/`)).toBe(true);
  expect([Number(img![3]), Number(img![4])]).toEqual([600, 450]);
  expect(copy!.parsed.text).toContain("[Immagine: Una zuppa di ceci fumante]");
  // The address in the mail is one the site serves.
  expect((await fetch(`${server.url}${img![2]}`)).status).toBe(200);
});
