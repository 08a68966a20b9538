// npm run db:import-pglite
//
// Copies the rows of a database written by the earlier embedded engine (PGlite, in DATA_DIR/db)
// into the embedded PostgreSQL server (DATA_DIR/postgres), which must not exist yet; media files
// stay where they are (DATA_DIR/media). PGlite is no longer a dependency: the exact version that
// wrote the files is installed for this run into a temporary directory, through npm.
// Afterwards DATA_DIR/db is renamed DATA_DIR/db.pglite-imported (delete it once satisfied).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import "./lib/load-app-modules.ts";
import { fail } from "./lib/command.ts";

const PGLITE_VERSION = "0.5.16";

const { loadConfig } = await import("../app/core/config/env.server.ts");
const { openDatabase } = await import("../app/core/db/database.server.ts");
const { startEmbeddedPostgres } = await import("../app/core/db/embedded-postgres.server.ts");
const { sql } = await import("drizzle-orm");

const config = loadConfig(process.env);
const legacyDir = path.join(config.dataDir, "db");
if (config.databaseUrl)
  fail("DATABASE_URL è impostata: l'importazione riguarda solo il database incorporato in DATA_DIR.");
if (!existsSync(path.join(legacyDir, "PG_VERSION"))) fail(`nessun database PGlite in ${legacyDir}.`);
if (existsSync(path.join(config.dataDir, "postgres"))) {
  fail(
    `${path.join(config.dataDir, "postgres")} esiste già: l'importazione si fa una volta sola, in un database nuovo.`,
  );
}

const toolDir = mkdtempSync(path.join(os.tmpdir(), "pglite-import-"));
console.log(`Installo PGlite ${PGLITE_VERSION} (solo per questa importazione)…`);
const install = spawnSync(
  "npm",
  [
    "install",
    "--no-save",
    "--no-package-lock",
    "--no-audit",
    "--no-fund",
    "--prefix",
    toolDir,
    `@electric-sql/pglite@${PGLITE_VERSION}`,
  ],
  { stdio: ["ignore", "ignore", "inherit"] },
);
if (install.status !== 0) fail("installazione di PGlite non riuscita (serve l'accesso al registro npm).");
const entry = createRequire(path.join(toolDir, "index.js")).resolve("@electric-sql/pglite");
const { PGlite } = (await import(pathToFileURL(entry).href)) as {
  PGlite: { create(dir: string): Promise<{ query<T>(q: string): Promise<{ rows: T[] }>; close(): Promise<void> }> };
};

const legacy = await PGlite.create(legacyDir);
// The new database is created and migrated to the current schema.
const server = await startEmbeddedPostgres({ dataDir: config.dataDir });
const target = await openDatabase({
  url: server.url,
  migrationsFolder: path.resolve(import.meta.dirname, "../drizzle"),
  poolSize: 1,
  // One transaction copies every table.
  limits: "maintenance",
});
let copied = 0;
try {
  const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;
  const tables = await rowsOf<{ table_name: string }>(
    target.db.execute(sql`select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  );
  await target.db.transaction(async (tx) => {
    // Rows go in table by table; foreign keys are checked by the data having satisfied them before.
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const { table_name: table } of tables) {
      const columns = (
        await rowsOf<{ column_name: string }>(
          tx.execute(sql`select column_name from information_schema.columns
            where table_schema = 'public' and table_name = ${table} order by ordinal_position`),
        )
      ).map((row) => row.column_name);
      const legacyColumns = new Set(
        (
          await legacy.query<{ column_name: string }>(
            `select column_name from information_schema.columns where table_schema = 'public' and table_name = '${table.replaceAll("'", "''")}'`,
          )
        ).rows.map((row) => row.column_name),
      );
      const shared = columns.filter((column) => legacyColumns.has(column));
      if (shared.length === 0) continue;
      const list = shared.map((column) => `"${column.replaceAll('"', '""')}"`).join(", ");
      const { rows } = await legacy.query<{ row: unknown }>(
        `select row_to_json(t) as row from (select ${list} from "${table}") t`,
      );
      for (const { row } of rows) {
        await tx.execute(
          sql`insert into ${sql.identifier(table)} (${sql.raw(list)})
              select ${sql.raw(list)} from json_populate_record(null::${sql.identifier(table)}, ${JSON.stringify(row)}::json)`,
        );
        copied++;
      }
    }
  });
} catch (error) {
  await target.close();
  await server.stop();
  await legacy.close();
  rmSync(path.join(config.dataDir, "postgres"), { recursive: true, force: true });
  fail(`importazione non riuscita, nulla è stato cambiato: ${(error as Error).message}`);
}
await target.close();
await server.stop();
await legacy.close();
rmSync(toolDir, { recursive: true, force: true });
renameSync(legacyDir, `${legacyDir}.pglite-imported`);
console.log(
  `Importate ${copied} righe in ${path.join(config.dataDir, "postgres")}; il vecchio database è in ${legacyDir}.pglite-imported.`,
);
