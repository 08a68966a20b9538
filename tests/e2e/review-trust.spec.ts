import { expect, test, type Page } from "../support/e2e-test";
import { expectToast } from "../support/toasts";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { gotoHydrated } from "../support/hydration";
import { reviewCard } from "../support/reviews";
import { seedReviews, type SeedReview } from "../support/factory";
import { viewports } from "../support/viewports";

// A server of our own on seeded data: 12 verified five-star reviews (more than one page),
// 3 unverified five-star, 2 four-star (one verified, with a reply), 1 two-star.
let server: AppServer;
// Many navigations and axe at two sizes: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });
const day = 24 * 60 * 60 * 1000;
const at = (n: number) => new Date(Date.UTC(2026, 9, 1) + n * day);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dataDir = newDataDir("review-trust-");
  const list: SeedReview[] = [
    ...Array.from({ length: 12 }, (_, i) => ({
      name: `Verificata ${i + 1}`,
      content: "Percorso chiaro.",
      rating: 5,
      verified: true,
      createdAt: at(i),
    })),
    ...Array.from({ length: 3 }, (_, i) => ({
      name: `Libera ${i + 1}`,
      content: "Bene.",
      rating: 5,
      createdAt: at(20 + i),
    })),
    {
      name: "Quattro con risposta",
      content: "Brava ma tempi lunghi.",
      rating: 4,
      verified: true,
      createdAt: at(30),
      reply: "Grazie, stiamo riducendo le attese.",
    },
    { name: "Quattro libera", content: "Buono.", rating: 4, createdAt: at(31) },
    { name: "Due stelle", content: "Non mi sono trovato.", rating: 2, createdAt: at(32) },
  ];
  await seedReviews(dataDir, list);
  server = await startAppServer({ DATA_DIR: dataDir });
});
test.afterAll(async () => {
  await server?.stop();
});

const breakdownRow = (page: Page, label: string) => page.locator(".review-breakdown__row").filter({ hasText: label });
const listedNames = (page: Page) => page.locator(".review-list .review-card__name").allTextContents();

for (const javaScriptEnabled of [false, true]) {
  test.describe(`breakdown and filter ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("counts reviews per star and verified ones, and filters through the URL keeping the pages", async ({
      page,
    }) => {
      // With JavaScript, "Carica altre" appends in place once the page has hydrated: clicked before, it is a link.
      if (javaScriptEnabled) await gotoHydrated(page, `${server.url}/reviews`);
      else await page.goto(`${server.url}/reviews`);
      await expect(page.locator(".reviews-summary")).toContainText("18 recensioni");
      await expect(page.locator(".reviews-summary")).toContainText("13 verificate");
      await expect(breakdownRow(page, "5 stelle")).toContainText("15 recensioni (83%)");
      await expect(breakdownRow(page, "4 stelle")).toContainText("2 recensioni (11%)");
      await expect(breakdownRow(page, "3 stelle")).toContainText("0 recensioni (0%)");
      await expect(breakdownRow(page, "1 stella")).toContainText("0 recensioni");

      await page.getByLabel("Voto").selectOption("5");
      await page.getByRole("checkbox", { name: "Solo verificate" }).check();
      await page.getByRole("button", { name: "Filtra" }).click();
      await expect(page).toHaveURL(/\/reviews\?voto=5&verificate=1$/);
      await expect(page.getByText("Stai vedendo: 5 stelle, solo verificate.")).toBeVisible();
      await expect.poll(() => listedNames(page)).toEqual(Array.from({ length: 10 }, (_, i) => `Verificata ${12 - i}`));

      const more = page.getByRole("link", { name: "Carica altre" });
      await expect(more).toHaveAttribute("href", /^\/reviews\?voto=5&verificate=1&dopo=/);
      await more.click();
      if (javaScriptEnabled) {
        await expect.poll(() => listedNames(page)).toHaveLength(12);
      } else {
        await expect(page).toHaveURL(/voto=5&verificate=1&dopo=/);
        await expect.poll(() => listedNames(page)).toEqual(["Verificata 2", "Verificata 1"]);
      }
      await expect(page.getByRole("link", { name: "Carica altre" })).toHaveCount(0);

      // A row of the breakdown filters by its rating.
      await page.goto(`${server.url}/reviews`);
      await breakdownRow(page, "4 stelle").click();
      await expect(page).toHaveURL(/\/reviews\?voto=4$/);
      await expect.poll(() => listedNames(page)).toEqual(["Quattro libera", "Quattro con risposta"]);
      const answered = reviewCard(page, "Quattro con risposta");
      await expect(answered.locator(".review-card__verified")).toHaveText(
        /^Verificata: Scritta con un invito personale/,
      );
      await expect(answered.locator(".review-card__reply")).toContainText("Risposta della Dott.ssa");
      await expect(answered.locator(".review-card__reply")).toContainText("Grazie, stiamo riducendo le attese.");

      await page.goto(`${server.url}/reviews?voto=3`);
      await expect(page.getByText("Nessuna recensione corrisponde al filtro.")).toBeVisible();
    });

    test("reports a review with a reason", async ({ page }) => {
      // With JavaScript the report is answered in place once the page has hydrated.
      if (javaScriptEnabled) await gotoHydrated(page, `${server.url}/reviews`);
      else await page.goto(`${server.url}/reviews`);
      const card = reviewCard(page, "Due stelle");
      await card.locator("summary", { hasText: "Segnala" }).click();
      await card.getByRole("radio", { name: "Falsa o ingannevole" }).check();
      await card.getByLabel("Dettagli").fill("Non è mai stato in studio.");
      await card.getByRole("button", { name: "Invia segnalazione" }).click();
      const sent = "Grazie: la segnalazione è stata inviata allo studio, che la esaminerà.";
      if (javaScriptEnabled) await expect(card.getByRole("status")).toHaveText(sent);
      else await expectToast(page, sent);
    });
  });
}

test("reports are rate limited per visitor and need a known reason", async () => {
  const { id } = await firstReviewId();
  const post = (reason: string) =>
    fetch(`${server.url}/reviews/${id}/segnala`, {
      method: "POST",
      body: new URLSearchParams({ reason }),
      headers: { origin: server.url, accept: "application/json" },
    });
  const bad = await post("spam");
  expect(bad.status).toBe(400);
  expect((await bad.json()).message).toBe("Scegli il motivo della segnalazione.");
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) statuses.push((await post("offensive")).status);
  // Two reports came from the browser tests above, on the same address.
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
  const limited = await post("offensive");
  expect(await limited.json()).toEqual({ ok: false, message: "Hai inviato troppe segnalazioni. Riprova più tardi." });
});

for (const viewport of viewports) {
  test(`reviews page with breakdown, badge, reply and an open report form is accessible at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(`${server.url}/reviews?voto=4`);
    await reviewCard(page, "Quattro con risposta").locator("summary", { hasText: "Segnala" }).click();
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });
}

async function firstReviewId(): Promise<{ id: string }> {
  const html = await (await fetch(`${server.url}/reviews`)).text();
  const match = /id="recensione-([0-9a-f-]{36})"/.exec(html);
  if (!match) throw new Error("no review on the page");
  return { id: match[1]! };
}
