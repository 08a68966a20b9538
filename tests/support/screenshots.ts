import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";

/**
 * A screenshot for a person to open and look at: nothing compares them, so they are taken only
 * when SHOTS_DIR names the folder they go to.
 */
export async function saveScreenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  const folder = process.env.SHOTS_DIR;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${name}.png`);
  if ("goto" in target) await target.screenshot({ path: file, fullPage: options.fullPage });
  else await target.screenshot({ path: file });
}

/** Whether screenshots are taken this run: a test may scroll into place first only then. */
export const screenshotsWanted = Boolean(process.env.SHOTS_DIR);
