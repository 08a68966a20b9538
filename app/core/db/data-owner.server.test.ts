import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "./embedded-postgres.server";

const asRoot = process.getuid?.() === 0;
/** The service's user in the test: `nobody`, as service:install's `studio` owns its DATA_DIR. */
const SERVICE_UID = 65534;

function ownerOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("Uid:"));
  return Number(line?.split(/\s+/)[1]);
}

// Root alone can hand a directory to another user; CI runs as root.
describe.runIf(asRoot)("a root command (sudo npm run update, backup) on the service's data", () => {
  it("runs PostgreSQL as the data's owner and leaves every file to it", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "service-data-"));
    chownSync(dataDir, SERVICE_UID, SERVICE_UID);
    chmodSync(dataDir, 0o750);
    try {
      const server = await startEmbeddedPostgres({ dataDir, extraSettings: { fsync: "off" } });
      try {
        const pid = Number(readFileSync(path.join(server.clusterDir, "data/postmaster.pid"), "utf8").split("\n")[0]);
        expect(ownerOf(pid)).toBe(SERVICE_UID);
        for (const file of ["postgres", "postgres/data", "postgres/data/site.conf"])
          expect(statSync(path.join(dataDir, file)).uid, file).toBe(SERVICE_UID);
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
