import { expect, type Page, test } from "../support/e2e-test";
import { expectToast } from "../support/toasts";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { seedReviews } from "../support/factory";
import { viewports } from "../support/viewports";
import { saveScreenshot, screenshotsWanted } from "../support/screenshots";

/*
 * At 390 px: one review card with every action (reply, hide, delete, the open
 * reports and their handling) wherever the admin shows a review; the same card on "Risposte" and
 * "Segnalazioni"; with JavaScript (toasts, focus kept in the card) and without (forms that post).
 */
let server: AppServer;
const ids: Record<string, string> = {};
test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async () => {
  const dataDir = newDataDir("e2e-card-", { admin: true });
  const rows = await seedReviews(dataDir, [
    { name: "Giulia", rating: 2, content: "Mi ha parlato della mia tiroide davanti a tutti.", status: "published" },
    { name: "Paolo", rating: 1, content: "Pessima, non ci andate.", status: "published" },
    { name: "Anna", rating: 5, content: "Consigli chiari e pratici.", status: "published" },
  ]);
  for (const row of rows) ids[row.name] = row.id;
  server = await startAppServer({ DATA_DIR: dataDir, REVIEWS_RATE_LIMIT: "1000" });
  for (const [name, reason] of [
    ["Giulia", "personal_data"],
    ["Paolo", "offensive"],
    ["Anna", "false"],
  ] as const) {
    const report = await fetch(`${server.url}/reviews/${ids[name]}/segnala`, {
      method: "POST",
      body: new URLSearchParams({ reason }),
      headers: { origin: server.url, accept: "application/json" },
    });
    expect(report.ok).toBe(true);
  }
});
test.afterAll(async () => {
  await server?.stop();
});

const card = (page: Page, name: string) => page.locator(`#recensione-${ids[name]}`);

test("from one card on the panel: reply, hide a reported review, ignore another's report, focus kept", async ({
  page,
}) => {
  await signInAsAdmin(page, server);
  const giulia = card(page, "Giulia");
  await expect(giulia).toContainText("1 segnalazione");
  await expect(giulia).toContainText("Contiene dati personali o sulla salute");

  // Reply, from the card itself.
  await giulia.locator("summary", { hasText: "Rispondi" }).click();
  await giulia.getByLabel("Rispondi a Giulia").fill("Grazie Giulia, ne parliamo in studio.");
  await giulia.getByRole("button", { name: "Pubblica risposta" }).click();
  await expectToast(page, "Risposta pubblicata");
  await expect(giulia.locator(".review-card__reply")).toContainText("Grazie Giulia, ne parliamo in studio.");

  // Hide: the review is hidden and its report closed, in one step; the focus stays in the card.
  await giulia.getByRole("button", { name: "Nascondi la recensione di Giulia" }).click();
  await expectToast(page, "Recensione nascosta e segnalazioni chiuse");
  await expect(giulia.locator(".review-admin__status")).toHaveText("Nascosta");
  await expect(giulia).not.toContainText("1 segnalazione");
  await expect(giulia.getByRole("button", { name: "Pubblica la recensione di Giulia" })).toBeVisible();
  // The focus comes back into the card once the action's answer is in, after its optimistic view.
  await expect.poll(() => giulia.evaluate((el) => el.contains(document.activeElement))).toBe(true);

  // Another reported review: its report ignored, the review stays published.
  const paolo = card(page, "Paolo");
  await expect(paolo).toContainText("Offensiva o inappropriata");
  await paolo.getByRole("button", { name: "Ignora segnalazioni della recensione di Paolo" }).click();
  await expectToast(page, "Segnalazioni ignorate: la recensione resta com'è.");
  await expect(paolo).not.toContainText("1 segnalazione");
  await expect(paolo.locator(".review-admin__status")).toHaveText("Pubblicata");

  await page.goto(`${server.url}/admin/segnalazioni`);
  await expect(card(page, "Anna")).toBeVisible();
  await expect(card(page, "Giulia")).toHaveCount(0);
  await expect(card(page, "Paolo")).toHaveCount(0);
  await page.goto(`${server.url}/reviews`);
  await expect(page.getByRole("heading", { name: "Giulia", exact: true })).toHaveCount(0);
});

test("the same card on 'Risposte' and 'Segnalazioni', with no accessibility violations", async ({ page }) => {
  // Three screens, each checked by axe at two widths.
  test.setTimeout(180_000);
  await signInAsAdmin(page, server);
  for (const [screen, url] of [
    ["pannello", "/admin#recensioni"],
    ["risposte", "/admin/risposte"],
    ["segnalazioni", "/admin/segnalazioni"],
  ] as const) {
    await page.goto(`${server.url}${url}`);
    const anna = card(page, "Anna");
    await expect(anna).toContainText("1 segnalazione");
    await expect(anna.getByRole("button", { name: "Nascondi la recensione di Anna" })).toBeVisible();
    await expect(anna.getByRole("button", { name: "Elimina la recensione di Anna" })).toBeVisible();
    await expect(anna.getByRole("button", { name: "Ignora segnalazioni della recensione di Anna" })).toBeVisible();
    if (screen !== "risposte") await anna.locator("summary", { hasText: "Rispondi" }).click();
    await expect(anna.getByLabel("Rispondi a Anna")).toBeVisible();
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (screenshotsWanted) {
        await anna.scrollIntoViewIfNeeded();
        await saveScreenshot(page, `review-card-${screen}-${viewport.width}`);
      }
    }
    await page.setViewportSize({ width: 390, height: 844 });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the card's forms post and come back to the card's own screen, with the toast", async ({ page }) => {
    await signInAsAdmin(page, server);
    await page.goto(`${server.url}/admin/segnalazioni`);
    const anna = card(page, "Anna");
    await anna.locator("summary", { hasText: "Rispondi" }).click();
    await anna.getByLabel("Rispondi a Anna").fill("Grazie Anna!");
    await anna.getByRole("button", { name: "Pubblica risposta" }).click();
    await expect(page).toHaveURL(`${server.url}/admin/segnalazioni#recensione-${ids.Anna}`);
    await expectToast(page, "Risposta pubblicata");
    await expect(anna.locator(".review-card__reply")).toContainText("Grazie Anna!");

    await anna.getByRole("button", { name: "Ignora segnalazioni della recensione di Anna" }).click();
    await expectToast(page, "Segnalazioni ignorate");
    await expect(page).toHaveURL(`${server.url}/admin/segnalazioni#recensione-${ids.Anna}`);
    await expect(anna).toHaveCount(0);

    // Delete, confirmed in place on the panel.
    await page.goto(`${server.url}/admin`);
    await card(page, "Paolo").getByRole("link", { name: "Elimina la recensione di Paolo" }).click();
    await page.getByRole("group", { name: "Conferma eliminazione" }).getByRole("button", { name: "Elimina" }).click();
    await expect(page).toHaveURL(`${server.url}/admin#recensioni`);
    await expectToast(page, "Recensione eliminata");
    await expect(card(page, "Paolo")).toHaveCount(0);
  });
});
