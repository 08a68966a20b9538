// `npm run screenshots [-- /path …]`: every page at phone and desktop size, into ./screenshots/, to look at.
// The server gets a fresh data directory seeded with recipe photos and reviews.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import nodePath from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium.ts";
import "./lib/load-app-modules.ts";
import { viewports } from "../tests/support/viewports.ts";

const paths = process.argv.slice(2).filter((a) => a.startsWith("/"));
const pages = paths.length ? paths : ["/", "/home", "/services", "/reviews", "/privacy", "/admin-login", "/non-esiste"];
const baseUrl = process.env.BASE_URL;
// Imported once the resolve hook above is in place: it imports a module by a path without extension.
const { startAppServer }: typeof import("../tests/support/app-server.ts") = await import(
  "../tests/support/app-server.ts"
);
let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
let dataDir: string | undefined;
if (!baseUrl) {
  // Imported once the resolve hook above is in place: the seeding helper uses the app's modules.
  const {
    sampleRecipe,
    seedBooking,
    seedPhotos,
    seedRecipes,
    seedReviews,
  }: typeof import("../tests/support/factory.ts") = await import("../tests/support/factory.ts");
  dataDir = mkdtempSync(nodePath.join(os.tmpdir(), "screenshots-"));
  const photos = await seedPhotos(dataDir, 4);
  // A published recipe for the first photo: /ricette/insalata-di-farro.
  await seedRecipes(dataDir, [sampleRecipe({ photoId: photos[0]!.id })]);
  const day = 24 * 60 * 60 * 1000;
  await seedReviews(dataDir, [
    {
      name: "Giulia R.",
      content: "Percorso chiaro e piano alimentare facile da seguire.\nOttima disponibilità.",
      rating: 5,
      createdAt: new Date(Date.now() - 3 * day),
    },
    {
      name: "Marco",
      content: "Mi sono trovato bene: consigli pratici e controlli regolari.",
      rating: 4,
      createdAt: new Date(Date.now() - 2 * day),
      withImage: true,
    },
    {
      name: "Elena B.",
      content: "Professionale e attenta alle esigenze di tutta la famiglia.",
      rating: 5,
      createdAt: new Date(Date.now() - day),
    },
  ]);
  // Booking on, two visit types and one appointment: "/prenota/gestisci/esempio" opens its link.
  const booking = await seedBooking(dataDir);
  pages.forEach((path, i) => {
    pages[i] = path
      .replace("/prenota/gestisci/esempio", booking.managePath)
      .replace("visita=esempio", `visita=${booking.visitTypeId}`);
  });
  server = await startAppServer({ DATA_DIR: dataDir });
}
const url = baseUrl ?? server!.url;
mkdirSync("screenshots", { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const viewport of viewports) {
    const page = await browser.newPage({ viewport });
    for (const path of pages) {
      await page.goto(url + path, { waitUntil: "networkidle" });
      // Scroll through the page so lazy images load, as they would for a visitor.
      await page.evaluate(async () => {
        // A full-page capture does not trigger lazy loading below the fold.
        for (const img of document.images) img.loading = "eager";
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForTimeout(1200);
      const file = `screenshots/${
        path
          .replace(/[A-Za-z0-9_-]{43}|[0-9a-f-]{36}/g, "x")
          .replace(/\W+/g, "_")
          .slice(0, 80) || "_"
      }-${viewport.name}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
