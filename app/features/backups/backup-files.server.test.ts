import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nextBackupPath } from "./backup-files.server";

describe("backup file names", () => {
  it("are dated by Italy's clock, the time the admin screen shows, in summer and in winter", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "backup-names-"));
    const name = async (iso: string) => path.basename(await nextBackupPath(dir, new Date(iso)));
    // 12:08 UTC is 14:08 in Italy in July (UTC+2), 13:08 in January (UTC+1); past midnight it is the next day.
    expect(await name("2026-07-14T12:08:00Z")).toBe("studio-20260714-1408.tar.gz");
    expect(await name("2026-01-14T12:08:00Z")).toBe("studio-20260114-1308.tar.gz");
    expect(await name("2026-12-31T23:30:00Z")).toBe("studio-20270101-0030.tar.gz");
  });
});
