import { type BrowserContext, expect, type Page } from "@playwright/test";

declare global {
  interface Window {
    __toastsShown?: string[];
  }
}

/**
 * Runs in every page before its own scripts (an init script of each context, tests/support/e2e-test.ts):
 * writes down the text of each toast as it is put on screen. A success toast lasts 2 s (the original
 * specification's), less than a busy machine may take between the click and the assertion's first
 * look; the page's own record is the signal that it was shown.
 */
function recordToasts() {
  if (window.__toastsShown) return;
  const shown: string[] = [];
  window.__toastsShown = shown;
  const note = (node: Node) => {
    if (!(node instanceof Element)) return;
    const toasts = node.matches('[data-testid="toast"]') ? [node] : node.querySelectorAll('[data-testid="toast"]');
    for (const toast of toasts) shown.push(toast.textContent ?? "");
  };
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) note(node);
  }).observe(document, { childList: true, subtree: true });
}

export async function recordToastsIn(context: BrowserContext) {
  await context.addInitScript(recordToasts);
}

/**
 * The toast saying `text` was shown since the last `expectToast` that found it, or is on screen (a page
 * without scripts keeps the server's toast). Each find takes the matching records away, so the same
 * sentence said again by a later action needs a toast of its own.
 */
export async function expectToast(page: Page, text: string | RegExp) {
  const pattern = typeof text === "string" ? { source: text, flags: null } : { source: text.source, flags: text.flags };
  const onScreen = page.getByTestId("toast").filter({ hasText: text }).first();
  await expect
    .poll(
      async () => {
        const recorded = await page
          .evaluate(({ source, flags }) => {
            const shown = window.__toastsShown;
            if (!shown) return false;
            const matches = (said: string) =>
              flags === null ? said.includes(source) : new RegExp(source, flags).test(said);
            const found = shown.some(matches);
            // In place: the page's observer keeps writing into this array.
            for (let i = shown.length - 1; i >= 0; i--) if (matches(shown[i] ?? "")) shown.splice(i, 1);
            return found;
          }, pattern)
          .catch(() => false);
        return recorded || (await onScreen.isVisible());
      },
      { message: `a toast saying ${String(text)}` },
    )
    .toBe(true);
}
