// npm run restore -- FILE [--replace]
//
// Checks the whole backup (manifest, checksums, schema version) before
// touching anything, then restores it into an empty database: the schema as
// of the backup, its rows and media files, then this version's newer
// migrations, all in one transaction. A database that already holds rows is
// refused unless --replace is given.
import path from "node:path";
import { parseArgs } from "node:util";
import "./lib/load-app-modules.ts";
import { fail, loadCommandConfig, openCommandDatabase } from "./lib/command.ts";

const usage = `Uso: npm run restore -- FILE [--replace]

Ripristina un backup fatto con npm run backup in un database vuoto.
--replace  sostituisce i dati di un database che ne contiene già (ferma prima il sito).
Database: DATABASE_URL se impostata, altrimenti quello incorporato in DATA_DIR.`;

let values: { replace?: boolean; help?: boolean };
let positionals: string[];
try {
  ({ values, positionals } = parseArgs({
    options: { replace: { type: "boolean", default: false }, help: { type: "boolean", short: "h" } },
    strict: true,
    allowPositionals: true,
  }));
} catch (error) {
  fail(`${(error as Error).message}\n\n${usage}`, 2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (positionals.length !== 1) fail(`indica un solo file di backup.\n\n${usage}`, 2);
const file = path.resolve(positionals[0]!);

const { restoreBackup } = await import("../app/features/backups/restore.server.ts");
const { BackupRejectedError } = await import("../app/features/backups/restore-archive.server.ts");
const { defaultMigrationsFolder, mediaFromConfig } = await import("../app/features/backups/target.server.ts");
const { boundedConnection, DATABASE_LIMITS } = await import("../app/core/db/database.server.ts");
const { describeManifest, printable } = await import("../app/features/backups/manifest.server.ts");

const config = await loadCommandConfig();

// The site's database, opened once the file has passed its checks: that starts the embedded
// server (an empty cluster in a new DATA_DIR) when the site does not run. No migrations: the
// backup brings its own schema.
let database: Awaited<ReturnType<typeof openCommandDatabase>> | undefined;
const openTarget = async () => {
  database = await openCommandDatabase(config, { migrate: false });
  return boundedConnection(database.url, DATABASE_LIMITS.copy);
};

let message: string;
try {
  const result = await restoreBackup({
    file,
    connection: openTarget,
    ...mediaFromConfig(config),
    migrationsFolder: defaultMigrationsFolder(),
    replace: values.replace,
    workDir: config.dataDir,
    onProgress: (line) => console.error(`  ${line}`),
  });
  message =
    `Ripristino completato (${(result.durationMs / 1000).toFixed(1)} s): backup del ${result.manifest.createdAt}, ` +
    `${describeManifest(result.manifest)}` +
    (result.appliedMigrations.length
      ? `; migrazioni più recenti applicate: ${result.appliedMigrations.join(", ")}`
      : "");
} catch (error) {
  await database?.close();
  if (error instanceof BackupRejectedError) fail(`${printable(error.message)}. Nulla è stato modificato.`);
  // The database's messages may quote the archive's rows.
  fail(`ripristino non riuscito, nulla è stato modificato: ${printable((error as Error).message)}`);
}
await database?.close();
console.log(message);
