import { expect, type Page } from "@playwright/test";

/**
 * The first-run setup shows step `n`: its header's line, not only its address. The address changes
 * before React draws the new step, and every step has a "Salta questo passo" link.
 */
export async function expectSetupStep(page: Page, n: number, title: string) {
  await expect(page.locator(".setup__progress")).toContainText(`Passo ${n} di 7: ${title}.`);
}
