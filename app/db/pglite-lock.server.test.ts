import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./database.server";
import { acquirePgliteLock, DatabaseLockedError, lockFileFor } from "./pglite-lock.server";

describe("embedded database lock", () => {
  it("lets one process open a data directory; a second opener fails fast with the owner's pid", async () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "lock-")), "db");
    // Another live process holds it.
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(lockFileFor(dir), String(holder.pid));
      const attempt = openDatabase({ pgliteDir: dir });
      await expect(attempt).rejects.toBeInstanceOf(DatabaseLockedError);
      await expect(attempt).rejects.toMatchObject({ pid: holder.pid });
    } finally {
      holder.kill();
    }
  });

  it("takes over a lock whose process is gone, and releases it on close", async () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "lock-")), "db");
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => gone.once("exit", resolve));
    writeFileSync(lockFileFor(dir), String(gone.pid));
    const database = await openDatabase({ pgliteDir: dir });
    expect(readFileSync(lockFileFor(dir), "utf8")).toBe(String(process.pid));
    await database.close();
    expect(existsSync(lockFileFor(dir))).toBe(false);
  });

  it("refuses a second lock while the first is held", () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "lock-")), "db");
    const lock = acquirePgliteLock(dir);
    // Same process: a previous life of it (pid reuse after a container restart) is treated as stale,
    // so simulate another owner by writing our parent's pid.
    writeFileSync(lockFileFor(dir), String(process.ppid));
    expect(() => acquirePgliteLock(dir)).toThrow(DatabaseLockedError);
    lock.release();
    // release() only removes a lock it owns.
    expect(existsSync(lockFileFor(dir))).toBe(true);
  });
});
