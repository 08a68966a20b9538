import { test as base } from "@playwright/test";

export { expect } from "@playwright/test";
export type { Browser, Page, Request } from "@playwright/test";

/**
 * Playwright's `test` for every spec file, with one fixture more: the browser contexts a test opens
 * itself (`browser.newContext()`) are closed when it ends. Playwright closes only its own `context`;
 * the browser lives as long as the worker, so a context left open kept its pages running (their
 * live streams retrying a stopped server, their timers and animations) through every later test
 * and spec file of that worker. Contexts opened in `beforeAll` are the file's and stay open.
 */
export const test = base.extend<{ closeContextsLeftOpen: undefined }>({
  closeContextsLeftOpen: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});
