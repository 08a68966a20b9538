import { expect, test } from "../support/e2e-test";

const serviceTitles = [
  "Piani alimentari personalizzati",
  "Educazione alimentare",
  "Nutrizione pediatrica",
  "Gestione del peso",
  "Nutrizione e patologie",
  "Nutrizione sportiva",
];

test.describe("services page", () => {
  test("back link, heading, intro, the six services of a first start and the booking prompt", async ({ page }) => {
    await page.goto("/services");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("I miei servizi");
    await expect(page.locator(".services-page__intro")).toContainText(
      "ampia gamma di servizi di nutrizione personalizzati",
    );
    await expect(page.locator(".service-card").getByRole("heading", { level: 2 })).toHaveText(serviceTitles);
    for (const card of await page.locator(".service-card").all()) {
      await expect(card.locator("svg")).toHaveCount(1);
      await expect(card.locator(".service-card__text")).not.toBeEmpty();
    }

    await expect(page.getByRole("heading", { name: "Vuoi saperne di più?" })).toBeVisible();
    const book = page.getByRole("link", { name: /Prenota una consulenza/ });
    await expect(book).toHaveAttribute("href", "https://www.miodottore.it/giulia-ferrari/nutrizionista/milano");
    await expect(book).toHaveAttribute("target", "_blank");
    await expect(book).toHaveAttribute("rel", /noopener/);

    await page.getByRole("link", { name: "Torna alla home" }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test("home and /services show the same services, six on a first start", async ({ page }) => {
    await page.goto("/home");
    const onHome = await page.locator("#servizi .service-card__title").allTextContents();
    await page.goto("/services");
    const onPage = await page.locator(".service-card__title").allTextContents();
    expect(onHome).toEqual(serviceTitles);
    expect(onPage).toEqual(onHome);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("shows everything and the back link still works", async ({ page }) => {
      await page.goto("/services");
      await expect(page.locator(".service-card")).toHaveCount(6);
      await expect(page.getByRole("link", { name: /Prenota una consulenza/ })).toBeVisible();
      await page.getByRole("link", { name: "Torna alla home" }).click();
      await expect(page).toHaveURL(/\/home$/);
    });
  });
});
