import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ADMIN, adminCreate, jpeg } from "../support/admin";
import { startAppServer } from "../support/app-server";
import { viewports } from "../support/viewports";
test("shots", async ({ browser }) => {
  test.setTimeout(400_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-shots-"));
  adminCreate({ DATA_DIR: dataDir }, ["--email", ADMIN.email, "--password", ADMIN.password]);
  const server = await startAppServer({ DATA_DIR: dataDir }, 90_000);
  try {
    for (const viewport of viewports) {
      const page = await (await browser.newContext({ viewport })).newPage();
      await page.goto(`${server.url}/admin-login`);
      await page.getByLabel("Email").fill(ADMIN.email);
      await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
      await page.getByRole("button", { name: "Accedi" }).click();
      await expect(page).toHaveURL(`${server.url}/admin`);
      if (viewport.width > 1000) {
        await page.goto(`${server.url}/admin/contenuti/ritratto`);
        await page.getByLabel("Foto", { exact: true }).setInputFiles({ name: "r.jpg", mimeType: "image/jpeg", buffer: await jpeg(900, 1200, { r: 180, g: 140, b: 120 }) });
        await page.getByRole("button", { name: "Carica e pubblica" }).click();
        await expect(page.locator(".content-editor__status strong")).toHaveText("2", { timeout: 30000 });
      }
      for (const p of ["", "/pratica", "/studi", "/orari", "/testi", "/servizi", "/ritratto"]) {
        await page.goto(`${server.url}/admin/contenuti${p}`);
        await page.screenshot({ path: `/tmp/shots/${viewport.width}-contenuti${p.replace("/", "-")}.png`, fullPage: true });
      }
      await page.goto(`${server.url}/admin/contenuti/pratica`);
      await page.getByLabel("Partita IVA", { exact: true }).fill("123");
      await page.getByLabel("Sito di prenotazione").fill("abc");
      await page.getByRole("button", { name: "Salva e pubblica" }).click();
      await page.screenshot({ path: `/tmp/shots/${viewport.width}-errors.png`, fullPage: false });
      await page.goto(`${server.url}/home#chi-sono`);
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/shots/${viewport.width}-home-chi-sono.png`, fullPage: false });
    }
  } finally {
    await server.stop();
  }
});
