import { expect, type Locator, type Page } from "@playwright/test";

/**
 * React has taken over the server's page: the router is made (it is, as hydration starts) and React's
 * root on the document has committed it. Before that commit, a field React takes over is set back to
 * the server's value: typing into a filled text area then lands before the old text.
 */
const hydrated = () => {
  if (!("__reactRouterDataRouter" in window)) return false;
  type RootFiber = { stateNode: { current: { memoizedState: { isDehydrated?: boolean } } } };
  const root = Object.entries(document).find(([key]) => key.startsWith("__reactContainer$"))?.[1] as
    | RootFiber
    | undefined;
  return root?.stateNode.current.memoizedState.isDehydrated === false;
};

/** Waits until React has taken over the page already open (after a reload, or scripts held back). */
export async function waitForHydration(page: Page, timeoutMs?: number) {
  await page.waitForFunction(hydrated, null, { timeout: timeoutMs });
}

/** Whether React has taken over the page yet. */
export async function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(hydrated);
}

/**
 * Opens a page and waits until React has taken it over. Public pages load their scripts only after
 * the first paint, and a tap before that takes the path without JavaScript (tested on its own):
 * a test of the path with JavaScript starts here.
 */
export async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

/**
 * Waits until React has taken over this element: its props (its handlers) are attached to it. A
 * button rendered again (a row moved) is a new element until React commits it: a tap then reaches
 * React, not the form's path without JavaScript.
 */
export async function waitForHydratedElement(element: Locator) {
  await expect
    .poll(() => element.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps$"))))
    .toBe(true);
}
