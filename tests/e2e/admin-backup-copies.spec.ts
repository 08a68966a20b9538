import { mkdtempSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { expect, test } from "../support/e2e-test";
import { defaultMigrationsFolder } from "~/core/db/database.server";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createLocalMediaStorage } from "~/core/media/media-storage.server";
import { listBackups } from "~/features/backups/backup-files.server";
import { backupKeysDir } from "~/features/backups/backup-key.server";
import { runRestoreDrill } from "~/features/backups/drill.server";
import { siteTables } from "~/composition/site-schema";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { saveScreenshot } from "../support/screenshots";
import { viewports } from "../support/viewports";

/* Decision 76 on the backup screen: encrypted backups, their copy in her bucket, a failed copy on her to-do list. */

const PASSPHRASE = "una passphrase per la prova e2e";
let server: AppServer;
let s3: S3rver;
let s3Running = false;

test.beforeAll(async () => {
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: mkdtempSync(path.join(os.tmpdir(), "e2e-s3rver-")),
    configureBuckets: [{ name: "copie-e2e" }],
  });
  const { port } = await s3.run();
  s3Running = true;
  const dataDir = newDataDir("e2e-backup-copies-", { admin: true });
  const env = {
    DATA_DIR: dataDir,
    BACKUP_PASSPHRASE: PASSPHRASE,
    BACKUP_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    BACKUP_S3_BUCKET: "copie-e2e",
    BACKUP_S3_ACCESS_KEY_ID: "S3RVER",
    BACKUP_S3_SECRET_ACCESS_KEY: "S3RVER",
  };
  server = await startAppServer(env);
});

test.afterAll(async () => {
  await server?.stop();
  if (s3Running) await s3.close();
});

test("on a phone, the backup screen shows the encrypted copy in her bucket; a failed copy goes on her to-do list", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const phone = viewports[0];
  await page.setViewportSize({ width: phone.width, height: phone.height });
  await signInAsAdmin(page, server);
  await page.goto(`${server.url}/admin/backup`);
  const section = page.locator("section", { has: page.getByRole("heading", { name: /Copie fuori dal server/ }) });
  await expect(section).toContainText("Ogni backup è cifrato con la tua passphrase");
  await expect(section).toContainText("nessuna copia ancora");

  await page.getByRole("button", { name: "Esegui backup ora" }).click();
  await expect(page.getByText(/^Backup completato: /)).toBeVisible({ timeout: 90_000 });
  await expect(section).toContainText(
    /Nello spazio copie-e2e \(127\.0\.0\.1:\d+\): ultima copia il .+ \([\d,]+ (KB|MB)\)/,
  );
  await expect(section).toContainText("Pieno al");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, "backup-copies-390", { fullPage: true });

  // Her bucket unreachable: the backup is still made, the failed copy is on the screen and on her list.
  await s3.close();
  s3Running = false;
  await page.getByRole("button", { name: "Esegui backup ora" }).click();
  await expect(page.getByText(/^Backup completato: /)).toBeVisible({ timeout: 90_000 });
  await expect(section).toContainText("non è riuscita");
  await page.goto(`${server.url}/admin`);
  await expect(
    page.getByText("L'ultima copia del backup nel tuo spazio esterno (bucket) non è riuscita."),
  ).toBeVisible();
  await saveScreenshot(page, "backup-copy-failed-todo-390", { fullPage: true });

  // The weekly drill on a backup whose byte flipped on disk: named on the screen and first on her list, in red.
  const backups = path.join(server.dataDir, "backups");
  const [newest] = await listBackups(backups);
  const bytes = await readFile(newest!.file);
  bytes[bytes.length >> 1]! ^= 0x01;
  await writeFile(newest!.file, bytes);
  const database = await openSiteDatabase({ dataDir: server.dataDir });
  try {
    const outcome = await runRestoreDrill({
      connection: { connectionString: database.url },
      db: database.db,
      media: createLocalMediaStorage(path.join(server.dataDir, "media")),
      mediaStorage: "local",
      dir: backups,
      keep: 14,
      migrationsFolder: defaultMigrationsFolder(),
      tables: siteTables,
      passphrase: PASSPHRASE,
      keysDir: backupKeysDir(server.dataDir),
    });
    expect(outcome.ok).toBe(false);
  } finally {
    await database.close();
  }
  await page.goto(`${server.url}/admin/backup`);
  await expect(page.getByRole("alert").filter({ hasText: "La prova di ripristino" })).toContainText(
    "il file cifrato è danneggiato o manomesso",
  );
  await expectNoAxeViolations(page);
  await saveScreenshot(page, "backup-drill-failed-390", { fullPage: true });
  await page.goto(`${server.url}/admin`);
  const urgent = page.locator(".admin-todo__item--urgent").first();
  await expect(urgent).toContainText("La prova settimanale di ripristino del backup non è riuscita");
});
