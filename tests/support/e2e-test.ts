import { type Browser, test as base } from "@playwright/test";
import { recordToastsIn } from "./toasts";

export { expect } from "@playwright/test";
export type { Browser, Page, Request } from "@playwright/test";

/**
 * Playwright's `test` for every spec file, with fixtures of our own:
 * - every browser context, Playwright's and those a spec opens itself, writes down the toasts it
 *   shows (tests/support/toasts.ts: a 2 s toast can be gone before a busy machine looks);
 * - the contexts a test opens itself (`browser.newContext()`) are closed when it ends. Playwright
 *   closes only its own `context`; the browser lives as long as the worker, so a context left open
 *   kept its pages running (their live streams retrying a stopped server, their timers and
 *   animations) through every later test and spec file of that worker. Contexts opened in
 *   `beforeAll` are the file's and stay open.
 */
export const test = base.extend<{ closeContextsLeftOpen: undefined }, { toastsRecorded: undefined }>({
  toastsRecorded: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = (async (options) => {
        const context = await newContext(options);
        await recordToastsIn(context);
        return context;
      }) as Browser["newContext"];
      await use(undefined);
    },
    { auto: true, scope: "worker" },
  ],
  context: async ({ context }, use) => {
    await recordToastsIn(context);
    await use(context);
  },
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
