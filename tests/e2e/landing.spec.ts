import { expect, test } from "../support/e2e-test";
import { expectNoAxeViolations } from "../support/axe";
import { gotoHydrated } from "../support/hydration";
import { viewports } from "../support/viewports";

test.describe("landing page", () => {
  test("shows the intro and two entry cards leading to home and reviews", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Biologa Nutrizionista/);
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dott.ssa Giulia Ferrari");
    await expect(page.getByText("il tuo percorso verso il benessere")).toBeVisible();

    const home = page.getByRole("link", { name: /Scopri di più/ });
    await expect(home).toContainText("Vai alla homepage");
    await expect(home).toHaveAttribute("href", "/home");
    const reviews = page.getByRole("link", { name: /Recensioni/ });
    await expect(reviews).toContainText("Vedi le recensioni");
    await expect(reviews).toHaveAttribute("href", "/reviews");

    await home.click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator("#chi-sono")).toBeVisible();
  });

  test("shows the footer's legal line: title, register, Partita IVA and year", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    await expect(footer).toContainText("P.IVA 07184320153");
    await expect(footer).toContainText("Ordine dei Biologi della Lombardia");
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer.getByRole("link", { name: /Instagram/ })).toHaveAttribute("target", "_blank");
    await expect(footer.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
  });

  test("has no accessibility violations on phone and desktop", async ({ page }) => {
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      await page.goto("/");
      await expectNoAxeViolations(page);
    }
  });

  test("the intro moves, shows everything from its first frame, and is still within 1.2 s", async ({ page }) => {
    await page.goto("/");
    const animations = await page.evaluate(() =>
      document.getAnimations().map((animation) => ({
        end: Number(animation.effect?.getComputedTiming().endTime),
        // A keyframe that hides what it animates (the page would be incomplete until it ends).
        hides: (animation.effect as KeyframeEffect).getKeyframes().some((frame) => frame.opacity === "0"),
      })),
    );
    expect(animations.length).toBeGreaterThan(0);
    for (const { end, hides } of animations) {
      expect(end).toBeLessThanOrEqual(1_200);
      expect(hides).toBe(false);
    }
  });

  test("holds still when the visitor prefers reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const animation = await page.locator(".landing__name").evaluate((el) => getComputedStyle(el).animationName);
    expect(animation).toBe("none");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("reaches home and reviews through plain links", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dott.ssa Giulia Ferrari");
      await page.getByRole("link", { name: /Scopri di più/ }).click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.locator("#chi-sono")).toBeVisible();
      await page.goto("/");
      await page.getByRole("link", { name: /Vedi le recensioni/ }).click();
      await expect(page).toHaveURL(/\/reviews$/);
    });
  });
});

test.describe("site shell", () => {
  test("the fixed header turns opaque once the page is scrolled past 50 px", async ({ page }) => {
    await page.goto("/home");
    const header = page.locator(".site-header");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    const transparent = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(transparent).toBe("rgba(0, 0, 0, 0)");

    await page.evaluate(() => (document.body.style.minHeight = "3000px"));
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-scrolled", "false");
  });

  test("the mobile menu opens, closes on Escape and on choosing a link", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Escape is the script's: a press before it has taken the page over does nothing.
    await gotoHydrated(page, "/home");
    const toggle = page.locator(".menu-toggle");
    const panel = page.getByRole("navigation", { name: "Menu mobile" });
    await expect(panel).toBeHidden();
    await toggle.click();
    await expect(panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await panel.getByRole("link", { name: "Contatti" }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/#contatti$/);
  });

  test("unknown addresses answer 404 with an Italian page and a way home", async ({ page }) => {
    const response = await page.goto("/questa-pagina-non-esiste");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Pagina non trovata" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Torna alla home" })).toHaveAttribute("href", "/home");
  });
});
