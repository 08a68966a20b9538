import type { Page } from "@playwright/test";

/**
 * Opens a page and waits until React has taken it over. Public pages load their scripts only after
 * the first paint, and a tap before that takes the path without JavaScript (tested on its own):
 * a test of the path with JavaScript starts here.
 */
export async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  // Set by React Router as it starts hydrating; from then on React handles every tap.
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
}
