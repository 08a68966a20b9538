import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { reviews } from "~/features/reviews/schema";
import { openSiteDatabase } from "~/core/db/site-database.server";

const root = path.resolve(import.meta.dirname, "../..");

interface LegacyClient {
  exec(sql: string): Promise<unknown>;
  close(): Promise<void>;
}

/** A DATA_DIR/db as the PGlite version of the site left it (PGlite fetched from npm, as the command does). */
async function writeLegacyDataDir(dataDir: string) {
  const tool = mkdtempSync(path.join(os.tmpdir(), "pglite-tool-"));
  const install = spawnSync(
    "npm",
    ["install", "--no-save", "--no-package-lock", "--prefix", tool, "@electric-sql/pglite@0.5.16"],
    {
      stdio: "ignore",
    },
  );
  expect(install.status).toBe(0);
  const entry = createRequire(path.join(tool, "index.js")).resolve("@electric-sql/pglite");
  const { PGlite } = (await import(pathToFileURL(entry).href)) as {
    PGlite: { create(dir: string): Promise<LegacyClient> };
  };
  const legacy = await PGlite.create(path.join(dataDir, "db"));
  for (const statement of readFileSync(path.join(root, "drizzle/0000_init.sql"), "utf8").split(
    "--> statement-breakpoint",
  )) {
    await legacy.exec(statement);
  }
  await legacy.exec(`insert into reviews (name, content, rating, image) values
    ('Giulia R.', 'Recensione scritta ai tempi di PGlite', 4, '{"key": "reviews/abc", "widths": [400]}'),
    ('Marco T.', 'Un''altra, con l''apostrofo', 5, null)`);
  await legacy.close();
}

describe("npm run db:import-pglite", () => {
  it("copies a PGlite data directory's rows into the new embedded PostgreSQL, once", { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "import-pglite-"));
    await writeLegacyDataDir(dataDir);
    const run = () =>
      spawnSync(process.execPath, ["scripts/import-pglite.ts"], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
        encoding: "utf8",
        timeout: 180_000,
      });
    const result = run();
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain("Importate 2 righe");
    expect(existsSync(path.join(dataDir, "db.pglite-imported", "PG_VERSION"))).toBe(true);

    const database = await openSiteDatabase({ dataDir });
    try {
      const rows = await database.db.select().from(reviews).orderBy(reviews.name);
      expect(rows.map((r) => [r.name, r.content, r.rating])).toEqual([
        ["Giulia R.", "Recensione scritta ai tempi di PGlite", 4],
        ["Marco T.", "Un'altra, con l'apostrofo", 5],
      ]);
      expect(rows[0]!.image).toEqual({ key: "reviews/abc", widths: [400] });
    } finally {
      await database.close();
    }
    expect(run().stderr).toContain("nessun database PGlite");
  });
});
