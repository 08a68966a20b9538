import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { desc } from "drizzle-orm";
import { pino } from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/core/db/database.server";
import { backupRuns } from "~/features/backups/schema";
import { createFlashStore } from "~/core/forms/flash.server";
import { createLocalMediaStorage } from "~/core/media/media-storage.server";
import { adminContext, type SignedInAdmin } from "~/features/account/admin-auth.server";
import { listBackups } from "~/features/backups/backup-files.server";
import { withBackupLock } from "~/features/backups/backup-job.server";
import { BACKUP_MESSAGES } from "~/features/backups/messages";
import { servicesContext } from "~/context";
import type { AppServices } from "~/services.server";
import { createPostgresDatabase } from "../../../tests/support/test-databases";
import { action } from "./backup";

const flash = createFlashStore("test-secret");

describe("Esegui backup ora", () => {
  let url: string;
  let database: Database;
  let dataDir: string;

  beforeAll(async () => {
    url = await createPostgresDatabase();
    database = await openDatabase({ url });
    dataDir = await mkdtemp(path.join(os.tmpdir(), "backup-now-"));
  });
  afterAll(() => database.close());

  function context(options: { signedIn: boolean; backupDir?: string }) {
    const provider = new RouterContextProvider();
    provider.set(servicesContext, {
      config: {
        siteUrl: "http://localhost:3000",
        databaseUrl: url,
        dataDir,
        s3: undefined,
        backup: { dir: options.backupDir ?? path.join(dataDir, "backups"), keep: 14, time: null },
      },
      database,
      media: createLocalMediaStorage(path.join(dataDir, "media")),
      embedded: null,
      logger: pino({ level: "silent" }),
      flash,
    } as unknown as AppServices);
    if (options.signedIn) provider.set(adminContext, { user: { id: "admin" } } as unknown as SignedInAdmin);
    return provider;
  }

  /** A press of the button: as the router's client sends it (`.data`), or as a plain form post. */
  const press = (provider: RouterContextProvider, as: "data" | "document" = "data") =>
    action({
      request: new Request(`http://localhost:3000/admin/backup${as === "data" ? ".data" : ""}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost:3000" },
        body: new URLSearchParams({ intent: "backup-now" }),
      }),
      context: provider,
      params: {},
    } as never);

  const runs = () => database.db.select().from(backupRuns).orderBy(desc(backupRuns.finishedAt));

  it("needs a signed-in administrator: without one nothing runs", async () => {
    const refused = await press(context({ signedIn: false })).catch((error: unknown) => error);
    expect((refused as { init?: { status?: number } }).init?.status).toBe(401);
    expect(await runs()).toEqual([]);
  });

  it("refuses a second backup while one is running, and starts none", async () => {
    // Another press, another tab or the nightly timer holds the lock meanwhile.
    const answer = await withBackupLock({ connectionString: url }, () => press(context({ signedIn: true })));
    expect(answer).toMatchObject({
      data: { ok: false, message: BACKUP_MESSAGES.alreadyRunning },
      init: { status: 503 },
    });
    expect(await runs()).toEqual([]);
  });

  it("makes the backup, records it as the admin's and answers a plain form post with a redirect and a toast", async () => {
    const response = (await press(context({ signedIn: true }), "document")) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/admin/backup");
    const toast = await flash.read(
      new Request("http://x/", { headers: { Cookie: response.headers.getSetCookie()[0]!.split(";")[0]! } }),
    );
    expect(toast).toMatchObject({
      kind: "success",
      message: expect.stringMatching(/^Backup completato: [\d,]+ (B|KB|MB), in /),
    });
    const [run] = await runs();
    expect(run).toMatchObject({ trigger: "admin", ok: true });
    const [file] = await listBackups(path.join(dataDir, "backups"));
    expect(file?.file).toBe(run!.file);
  });

  it("says calmly that it failed, and records the failure for the status", async () => {
    const notAFolder = path.join(dataDir, "a-file");
    await writeFile(notAFolder, "");
    const answer = await press(context({ signedIn: true, backupDir: notAFolder }));
    expect(answer).toMatchObject({ data: { ok: false, message: BACKUP_MESSAGES.failed }, init: { status: 503 } });
    const [run] = await runs();
    expect(run).toMatchObject({ trigger: "admin", ok: false });
  });
});
