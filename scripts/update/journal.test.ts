import { chownSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { giveToDataOwner } from "./journal.ts";

const asRoot = process.getuid?.() === 0;
/** The service's user in the test (`studio` on the machine). */
const SERVICE_UID = 65534;

// Root alone writes files another user must then own; CI runs as root.
describe.runIf(asRoot)("sudo npm run update on the service's data", () => {
  it("leaves the backups folder its first backup made to the site, which writes its nightly backups there", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "service-data-"));
    try {
      chownSync(dataDir, SERVICE_UID, SERVICE_UID);
      mkdirSync(path.join(dataDir, "backups"), { mode: 0o700 });
      const backup = path.join(dataDir, "backups", "studio-20260101-0300.tar.gz");
      writeFileSync(backup, "x", { mode: 0o600 });
      giveToDataOwner(dataDir, [backup]);
      expect(statSync(backup).uid).toBe(SERVICE_UID);
      expect(statSync(path.join(dataDir, "backups")).uid).toBe(SERVICE_UID);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
