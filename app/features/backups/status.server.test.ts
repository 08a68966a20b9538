import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { backupRuns } from "./schema";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { getBackupStatus } from "./status.server";

const hour = 60 * 60 * 1000;

describe("backup status for the admin", () => {
  let database: Database;
  let dir: string;
  const now = new Date("2026-11-22T10:00:00Z");
  const settings = () => ({ time: { hour: 3, minute: 30 }, keep: 14, dir });

  beforeAll(async () => {
    database = await openTestDatabase();
    dir = await mkdtemp(path.join(os.tmpdir(), "backup-status-"));
  });
  afterAll(() => database.close());

  const record = (hoursAgo: number, ok: boolean) =>
    database.db.insert(backupRuns).values({
      trigger: "schedule",
      startedAt: new Date(now.getTime() - hoursAgo * hour - 5000),
      finishedAt: new Date(now.getTime() - hoursAgo * hour),
      ok,
      bytes: ok ? 1234 : null,
      summary: ok ? "7 tabelle, 10 righe, 0 file multimediali (0 B)" : null,
      error: ok ? null : "disco pieno",
    });

  it("warns when no backup was ever made", async () => {
    const status = await getBackupStatus(database.db, settings(), now);
    expect(status).toMatchObject({ warning: "never", lastGood: null, latestFile: null, nightlyAt: "03:30", keep: 14 });
  });

  it("warns when the last good backup is older than two days", async () => {
    await record(49, true);
    expect((await getBackupStatus(database.db, settings(), now)).warning).toBe("stale");
  });

  it("is quiet after a recent good backup, and names the newest file", async () => {
    await record(6, true);
    await writeFile(path.join(dir, "studio-20261121-0330.tar.gz"), "x");
    await writeFile(path.join(dir, "studio-20261122-0330.tar.gz"), "xy");
    const status = await getBackupStatus(database.db, settings(), now);
    expect(status.warning).toBeNull();
    expect(status.lastGood).toMatchObject({ at: new Date(now.getTime() - 6 * hour), bytes: 1234 });
    expect(status.latestFile).toMatchObject({ name: "studio-20261122-0330.tar.gz", bytes: 2 });
  });

  it("warns when the most recent attempt failed, still naming the last good one", async () => {
    await record(1, false);
    const status = await getBackupStatus(database.db, { ...settings(), time: null }, now);
    expect(status.warning).toBe("failed");
    expect(status.lastFailure).toMatchObject({ error: "disco pieno" });
    expect(status.lastGood?.at).toEqual(new Date(now.getTime() - 6 * hour));
    expect(status.nightlyAt).toBeNull();
  });
});
