// `npm run screenshots [-- /path …]`: every page at phone and desktop size, into ./screenshots/, to look at.
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../playwright.config.ts";
import { startAppServer } from "../tests/support/app-server.ts";
import { viewports } from "../tests/support/viewports.ts";

const paths = process.argv.slice(2).filter((a) => a.startsWith("/"));
const pages = paths.length ? paths : ["/", "/home", "/services", "/reviews", "/privacy", "/admin-login", "/non-esiste"];
const baseUrl = process.env.BASE_URL;
const server = baseUrl ? undefined : await startAppServer();
const url = baseUrl ?? server!.url;
mkdirSync("screenshots", { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const viewport of viewports) {
    const page = await browser.newPage({ viewport });
    for (const path of pages) {
      await page.goto(url + path, { waitUntil: "networkidle" });
      await page.waitForTimeout(1200);
      const file = `screenshots/${path.replace(/\W+/g, "_") || "_"}-${viewport.name}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server?.stop();
}
