// npm run backup [-- --output FILE]
//
// One file holding a consistent snapshot of the database (taken while the site
// runs) and every media file its rows name, with a manifest of counts and checksums.
// Without --output it goes to BACKUP_DIR (DATA_DIR/backups) as
// studio-YYYYMMDD-HHMM.tar.gz, and only the newest BACKUP_KEEP are kept there.
import path from "node:path";
import { parseArgs } from "node:util";
import "./lib/load-app-modules.ts";
import { fail, loadCommandConfig, openCommandDatabase } from "./lib/command.ts";
import { giveFilesToDataOwner } from "./update/journal.ts";

const usage = `Uso: npm run backup [-- --output FILE]

Salva database e file multimediali in un unico file .tar.gz.
Senza --output il file va in BACKUP_DIR (predefinito DATA_DIR/backups) e lì
vengono conservati solo gli ultimi BACKUP_KEEP (predefinito 14).
Con BACKUP_PASSPHRASE il file è cifrato (formato age, .tar.gz.age); con BACKUP_S3_BUCKET
viene poi copiato nello spazio esterno (7 copie giornaliere, 4 settimanali, 12 mensili).
Database: DATABASE_URL se impostata, altrimenti quello incorporato in DATA_DIR.`;

let values: { output?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: { output: { type: "string", short: "o" }, help: { type: "boolean", short: "h" } },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail(`${(error as Error).message}\n\n${usage}`, 2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const { runBackup } = await import("../app/features/backups/backup-job.server.ts");
const { backupTargetFromConfig } = await import("../app/features/backups/target.server.ts");
const { siteTables } = await import("../app/composition/site-schema.ts");
const { formatBytes } = await import("../app/features/backups/manifest.server.ts");

const config = await loadCommandConfig();
const database = await openCommandDatabase(config).catch((error: Error) => fail(error.message));

try {
  const result = await runBackup(backupTargetFromConfig(config, database, database.url, siteTables), "manual", {
    file: values.output ? path.resolve(values.output) : undefined,
    onProgress: (message) => console.error(`  ${message}`),
  });
  // sudo npm run backup on the service's data: the site (its own user) lists and prunes the file.
  giveFilesToDataOwner(config.dataDir, [result.file]);
  for (const warning of result.warnings) console.error(`Attenzione: ${warning}`);
  const missing = result.manifest.media.missing.length;
  console.log(
    `Backup completato: ${result.file} (${formatBytes(result.bytes)}, ${(result.durationMs / 1000).toFixed(1)} s): ` +
      `${result.summary}` +
      (missing ? `; ${missing} file citati nel database non c'erano più` : "") +
      (result.pruned.length ? `; eliminati ${result.pruned.length} backup più vecchi` : ""),
  );
  if (result.copy?.ok) {
    console.log(`Copia nello spazio esterno: ${result.copy.value.name} (${formatBytes(result.copy.value.bytes)})`);
  } else if (result.copy) {
    console.error(`Attenzione: ${result.copy.detail?.error}`);
    process.exitCode = 1;
  }
} catch (error) {
  await database.close();
  fail(`backup non riuscito: ${(error as Error).message}`);
}
await database.close();
