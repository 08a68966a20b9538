import { expect, test } from "../support/e2e-test";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { seedPhotos, seedReviews } from "../support/factory";
import { viewports } from "../support/viewports";

// /reviews and /admin-login are built in parallel by other issues; listed while their current page passes.
const pages = ["/", "/home", "/services", "/privacy", "/pagina-che-non-esiste", "/reviews", "/admin-login"];

let server: AppServer;

test.beforeAll(async () => {
  // Home with photos and reviews, so the slideshow and review cards are checked too.
  const dataDir = newDataDir("a11y-e2e-");
  await seedPhotos(dataDir, 3);
  await seedReviews(dataDir, [
    { name: "Laura B.", rating: 5, content: "Piano chiaro." },
    { name: "Marco", rating: 4, content: "Indicazioni pratiche.", withImage: true },
  ]);
  server = await startAppServer({ DATA_DIR: dataDir });
});
test.afterAll(() => server?.stop());

for (const viewport of viewports) {
  test.describe(`at ${viewport.name} size`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const pagePath of pages) {
      test(`${pagePath} has no axe violations`, async ({ page }) => {
        await page.emulateMedia({ reducedMotion: "reduce" });
        await page.goto(`${server.url}${pagePath}`, { waitUntil: "networkidle" });
        await expectNoAxeViolations(page);
      });
    }

    test("the home page has no axe violations with the header opaque and the mobile menu open", async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(`${server.url}/home`, { waitUntil: "networkidle" });
      await page.evaluate(() => window.scrollTo(0, 2000));
      await expect(page.locator(".site-header")).toHaveAttribute("data-scrolled", "true");
      if (viewport.name === "mobile") await page.locator(".menu-toggle").click();
      await expectNoAxeViolations(page);
    });
  });
}

test("the layout holds at 320 px: no page scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const pagePath of pages.slice(0, 5)) {
    await page.goto(`${server.url}${pagePath}`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, pagePath).toBeLessThanOrEqual(0);
  }
});

test("the layout holds at 1920 px", async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  for (const pagePath of pages.slice(0, 5)) {
    await page.goto(`${server.url}${pagePath}`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, pagePath).toBeLessThanOrEqual(0);
  }
});

test("keyboard: the skip link comes first and moves to the content", async ({ page }) => {
  await page.goto(`${server.url}/home`);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Vai al contenuto" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator("#main")).toBeFocused();
});

test("keyboard: every focused control on home is visible and never hidden under the fixed header", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(`${server.url}/home`);
  let checked = 0;
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    const state = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // What a sighted user sees at the middle of the focused element: itself, or something covering it.
      const seen = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 12));
      return {
        name: `${el.tagName} ${el.textContent?.trim().slice(0, 30) ?? ""}`,
        inViewport: box.bottom > 0 && box.top < window.innerHeight,
        uncovered: Boolean(seen && (el === seen || el.contains(seen) || seen.contains(el))),
        ring: style.boxShadow !== "none" || style.outlineStyle !== "none",
      };
    });
    if (!state) break;
    if (state.name.startsWith("A Privacy e cookie")) break;
    expect(state.ring, state.name).toBe(true);
    expect(state.inViewport, state.name).toBe(true);
    expect(state.uncovered, state.name).toBe(true);
    checked++;
  }
  expect(checked).toBeGreaterThan(25);
});

test("targets: buttons and stand-alone links are at least 24×24 px", async ({ page }) => {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    for (const pagePath of ["/home", "/services", "/privacy"]) {
      await page.goto(`${server.url}${pagePath}`);
      const small = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("button, a, summary, input, textarea")]
          .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden")
          // Links inside a sentence are exempt (WCAG 2.5.8 "inline").
          .filter(
            (el) => !(el.tagName === "A" && el.closest("p, li, td, dd") && getComputedStyle(el).display === "inline"),
          )
          .filter((el) => !el.classList.contains("skip-link"))
          .map((el) => ({
            el: `${el.tagName}.${el.className} ${el.textContent?.trim().slice(0, 20)}`,
            box: el.getBoundingClientRect(),
          }))
          .filter(({ box }) => box.width < 24 || box.height < 24)
          .map(({ el, box }) => `${el} ${Math.round(box.width)}×${Math.round(box.height)}`),
      );
      expect(small, `${pagePath} at ${viewport.name}`).toEqual([]);
    }
  }
});
