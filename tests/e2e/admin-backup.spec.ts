import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ADMIN, adminCreate } from "../support/admin";
import { signInAsAdmin } from "../support/admin-browser";
import { startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";

let server: AppServer;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-backup-"));
  server = await startAppServer({ DATA_DIR: dataDir });
  const created = adminCreate({ DATA_DIR: dataDir }, ["--email", ADMIN.email], ADMIN.password);
  expect(created.code, created.stderr).toBe(0);
});

test.afterAll(async () => {
  await server?.stop();
});

test("the Backup screen warns before the first backup, then offers the file made by npm run backup", async ({
  page,
}) => {
  // It runs npm run backup in between: a few seconds on a quiet machine, more on a busy one.
  test.setTimeout(120_000);
  await signInAsAdmin(page, server);

  await page.getByRole("link", { name: "Backup" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Backup");
  await expect(page.getByRole("alert").filter({ hasText: "Non è ancora stato fatto nessun backup" })).toBeVisible();
  await expect(page.getByText("Su questo server non c'è ancora un file di backup da scaricare.")).toBeVisible();
  await expectNoAxeViolations(page);

  const { spawnSync } = await import("node:child_process");
  const made = spawnSync(process.execPath, ["scripts/backup.ts"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  expect(made.status, made.stderr).toBe(0);

  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "Tutto in ordine" })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /Scarica l'ultimo backup/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^studio-\d{8}-\d{4}\.tar\.gz$/);
});
