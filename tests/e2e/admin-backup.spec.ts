import path from "node:path";
import { expect, test } from "../support/e2e-test";
import { listBackups } from "~/features/backups/backup-files.server";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { viewports } from "../support/viewports";

let server: AppServer;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = newDataDir("e2e-backup-", { admin: true });
  server = await startAppServer({ DATA_DIR: dataDir });
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
  // The first day is no fault: said calmly (no alert), with the button to make one.
  await expect(page.getByRole("status").filter({ hasText: "Non è ancora stato fatto nessun backup" })).toBeVisible();
  await expect(page.locator(".admin-notice--error")).toHaveCount(0);
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

test("on a phone, Esegui backup ora makes a backup, says how big and how long, and offers it for download", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const phone = viewports[0];
  await page.setViewportSize({ width: phone.width, height: phone.height });
  // Without a session the button's post is refused, and no backup is made.
  const backupsDir = path.join(dataDir, "backups");
  const filesBefore = (await listBackups(backupsDir)).length;
  const refused = await page.request.post(`${server.url}/admin/backup`, {
    form: { intent: "backup-now" },
    headers: { Origin: server.url },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(401);
  expect(await listBackups(backupsDir)).toHaveLength(filesBefore);

  await signInAsAdmin(page, server);
  await page.goto(`${server.url}/admin/backup`);
  const before = await page.locator(".backup-status dd").first().textContent();
  const button = page.getByRole("button", { name: "Esegui backup ora" });
  await expect(button).toBeVisible();
  await expectNoAxeViolations(page);

  await button.click();
  // A toast with the size and the time it took; the status and the download show the new file.
  await expect(page.getByText(/^Backup completato: [\d,]+ (B|KB|MB), in /)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("button", { name: "Esegui backup ora" })).toBeEnabled();
  await expect(page.locator(".backup-status dd").first()).not.toHaveText(before ?? "");
  await expect(page.getByRole("status").filter({ hasText: "Tutto in ordine" })).toBeVisible();
  const link = page.getByRole("link", { name: /Scarica l'ultimo backup/ });
  const name = (await page.locator(".backup-download .backup-status__detail").textContent())!.split(",")[0]!;
  const download = page.waitForEvent("download");
  await link.click();
  expect((await download).suggestedFilename()).toBe(name);
  await expectNoAxeViolations(page);

  // Without JavaScript: a plain post, then the page again with the result as a toast.
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: false, viewport: phone });
  await context.addCookies(await page.context().cookies());
  const plain = await context.newPage();
  await plain.goto(`${server.url}/admin/backup`);
  await plain.getByRole("button", { name: "Esegui backup ora" }).click();
  await expect(plain).toHaveURL(`${server.url}/admin/backup`);
  await expect(plain.getByText(/^Backup completato: /)).toBeVisible();
  await context.close();
});
