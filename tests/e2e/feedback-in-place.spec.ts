import { expect, test } from "../support/e2e-test";
import { expectToast } from "../support/toasts";
import { startAppServer, type AppServer } from "../support/app-server";
import { gotoHydrated } from "../support/hydration";
import { postReview, reviewCard, waitForFillTime } from "../support/reviews";

/*
 * As a visitor on a phone sees it: the average drawn to the half star, toasts
 * under the header and a success replacing the errors before it, and the focus left where she
 * pressed after "Filtra", "Invia segnalazione" and "Invia recensione".
 */
let server: AppServer;
test.use({ viewport: { width: 390, height: 844 } });
test.beforeAll(async () => {
  server = await startAppServer({ REVIEWS_RATE_LIMIT: "1000" });
  // An average of 3,5: three stars and a half.
  for (const [name, rating] of [
    ["Quattro stelle", 4],
    ["Tre stelle", 3],
  ] as const)
    expect(await postReview(server.url, { name, rating })).toBe(303);
});
test.afterAll(async () => {
  await server?.stop();
});

test("the average is drawn to the half star and said exactly", async ({ page }) => {
  await page.goto(`${server.url}/reviews`);
  const summary = page.locator(".reviews-summary");
  await expect(summary).toContainText("3,5 su 5");
  await expect(summary.locator(".star--on")).toHaveCount(3);
  await expect(summary.locator(".star__half")).toHaveCount(1);
  // The half is the left half of the fourth star, lit.
  const half = summary.locator(".star__half");
  expect(await half.evaluate((el) => getComputedStyle(el).clipPath)).toBe("inset(0px 50% 0px 0px)");
});

test("'Filtra' and 'Invia segnalazione' leave the focus and the page where they were", async ({ page }) => {
  await gotoHydrated(page, `${server.url}/reviews`);
  const filter = page.getByRole("button", { name: "Filtra" });
  await page.getByLabel("Voto").selectOption("4");
  await filter.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/reviews\?voto=4$/);
  await expect(page.getByText("Stai vedendo: 4 stelle.")).toBeVisible();
  await expect(filter).toBeFocused();

  await gotoHydrated(page, `${server.url}/reviews`);
  const card = reviewCard(page, "Tre stelle");
  await card.locator("summary", { hasText: "Segnala" }).click();
  await card.getByRole("radio", { name: "Falsa o ingannevole" }).check();
  const send = card.getByRole("button", { name: "Invia segnalazione" });
  await send.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  await send.click();
  await expect(card.getByRole("status")).toHaveText(
    "Grazie: la segnalazione è stata inviata allo studio, che la esaminerà.",
  );
  // Still in the card she was reading, not back at the top of the page.
  await expect.poll(() => card.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled / 2);
});

test("a toast shows under the header, and a success clears the error before it", async ({ page }) => {
  await gotoHydrated(page, `${server.url}/reviews`);
  const submit = page.getByRole("button", { name: /Invia recensione/ });
  await submit.click();
  const error = page.getByTestId("toast").filter({ hasText: "Per favore compila tutti i campi" });
  await expect(error).toBeVisible();
  const header = await page.locator(".site-header").boundingBox();
  const toast = await error.boundingBox();
  expect(toast!.y).toBeGreaterThanOrEqual(header!.y + header!.height);

  await page.getByLabel("Nome", { exact: true }).fill("Giulia");
  await page.getByLabel("La tua esperienza").fill("Consigli chiari e un piano che riesco a seguire.");
  await page.getByRole("checkbox", { name: /Acconsento alla pubblicazione/ }).check();
  await waitForFillTime(page);
  await submit.click();
  await expectToast(page, "Recensione aggiunta con successo");
  await expect(error).toHaveCount(0);
  // The focus stays where she sent the form, on what it became (the sent review's panel in
  // the form's place), not at the top of the page.
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest(".review-sent")))).toBe(true);
});
