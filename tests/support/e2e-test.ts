import { type Browser, type BrowserContext, type TestInfo, test as base } from "@playwright/test";
import { runningServers } from "./app-server";
import { FAILURE_ATTACHMENT } from "./failure-context-reporter";
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
 *   `beforeAll` are the file's and stay open. Before they close, a failed test keeps what they
 *   showed and what the spec's servers printed (the failure reporter prints both: CI keeps only
 *   the output).
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
    async ({ browser }, use, testInfo) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      const opened = browser.contexts().filter((context) => !before.has(context));
      if (testInfo.status !== testInfo.expectedStatus) await attachWhatFailed(testInfo, opened);
      await Promise.all(opened.map((context) => context.close()));
    },
    { auto: true },
  ],
});

/** How much of a server's output a failed test keeps: its last lines, where a crash or a refusal shows. */
const SERVER_OUTPUT_CHARS = 4000;

/**
 * What Playwright's own error context does not show, attached for the failure reporter to print: the
 * pages of the contexts the test opened itself (a patient without JavaScript, a second tab), each
 * with its address and accessibility snapshot, and the output of the servers its spec started.
 */
async function attachWhatFailed(testInfo: TestInfo, contexts: readonly BrowserContext[]) {
  const pages = contexts.flatMap((context) => context.pages());
  for (const [index, page] of pages.entries()) {
    const snapshot = await page
      .locator("body")
      .ariaSnapshot({ timeout: 2_000 })
      .catch((error: unknown) => `(no snapshot: ${String(error).split("\n")[0]})`);
    await testInfo.attach(`${FAILURE_ATTACHMENT}page ${index + 1} of ${pages.length}`, {
      body: `${page.url()}\n${snapshot}`,
      contentType: "text/plain",
    });
  }
  for (const server of runningServers)
    await testInfo.attach(`${FAILURE_ATTACHMENT}server ${server.url}`, {
      body: server.output().slice(-SERVER_OUTPUT_CHARS) || "(nothing printed)",
      contentType: "text/plain",
    });
}
