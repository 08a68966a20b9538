import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startAppServer } from "../support/app-server";

function seedFile(name: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "seed-")), "site.json");
  writeFileSync(file, JSON.stringify({ practitioner: { name } }));
  return file;
}

describe("SITE_CONTENT_FILE", () => {
  it("seeds the content at the first start only; afterwards the database is the source of truth", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "seed-data-"));
    const first = await startAppServer({ DATA_DIR: dataDir, SITE_CONTENT_FILE: seedFile("Dott.ssa Anna Bianchi") }, 90_000);
    try {
      expect(await (await fetch(`${first.url}/home`)).text()).toContain("Dott.ssa Anna Bianchi");
    } finally {
      expect(await first.stop()).toBe(0);
    }
    const second = await startAppServer({ DATA_DIR: dataDir, SITE_CONTENT_FILE: seedFile("Dott. Marco Rossi") }, 90_000);
    try {
      const home = await (await fetch(`${second.url}/home`)).text();
      expect(home).toContain("Dott.ssa Anna Bianchi");
      expect(home).not.toContain("Dott. Marco Rossi");
      expect(second.output()).toContain("SITE_CONTENT_FILE ignored");
    } finally {
      expect(await second.stop()).toBe(0);
    }
  }, 240_000);
});
