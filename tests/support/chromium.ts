import path from "node:path";

/**
 * The browser of the end-to-end tests, the screenshots and the Lighthouse benchmark: Debian's Chromium
 * headless shell (package chromium-headless-shell; test tools cannot download browsers here). The same
 * Blink as the full browser without its window and UI, as Playwright itself runs headless tests; the
 * suite's pages took a third less time and CPU than in `chromium --headless=new`, and its processes
 * took less CPU from the page Lighthouse audits. CHROMIUM_PATH=/usr/bin/chromium uses the full browser.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

/**
 * How the browser above runs here. The shell has no window to hide, and rounds glyph advances to whole
 * pixels unless told: with that switch, text is as wide as in the full browser. A full browser
 * (Chromium, Chrome) is headless only when told. Either runs as root (no sandbox) and without a GPU.
 */
export const chromiumFlags = [
  ...(path.basename(chromiumPath).includes("headless-shell") ? ["--font-render-hinting=none"] : ["--headless=new"]),
  "--no-sandbox",
  "--disable-gpu",
];

/** Playwright's launch options: the browser above, with its background services off. */
export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  args: [
    ...chromiumFlags,
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};
