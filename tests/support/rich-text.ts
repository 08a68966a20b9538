import type { Page } from "@playwright/test";

/** Pastes HTML into the rich-text editor as a browser's clipboard would hand it over. */
export async function pasteHtml(page: Page, html: string, text: string) {
  await page.locator(".rich-text__content").evaluate(
    (element, { html, text }) => {
      const data = new DataTransfer();
      data.setData("text/html", html);
      data.setData("text/plain", text);
      element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { html, text },
  );
}

/** A script, an image with an onerror and the code as text: what a test pastes to see none of it run. */
export const PASTED_SCRIPT = "<script>window.__pwned = true</script>";
export const PASTED_HTML = `${PASTED_SCRIPT}<img src="x" onerror="window.__pwned = true"><p>Testo incollato ${PASTED_SCRIPT.replace(/</g, "&lt;")}</p>`;
export const PASTED_TEXT = `Testo incollato ${PASTED_SCRIPT}`;
