// npm run restore -- FILE [--replace]
// npm run restore -- --from-bucket latest|NAME [--replace]
//
// Checks the whole backup (manifest, checksums, schema version) before
// touching anything, then restores it into an empty database: the schema as
// of the backup, its rows and media files, then this version's newer
// migrations, all in one transaction. A database that already holds rows is
// refused unless --replace is given. An encrypted backup (.tar.gz.age) is
// decrypted with BACKUP_PASSPHRASE, or the passphrase typed at a hidden prompt
// (or given on standard input); --from-bucket first downloads a copy from the
// bucket named by BACKUP_S3_* (decision 76).
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import "./lib/load-app-modules.ts";
import { fail, loadCommandConfig, openCommandDatabase } from "./lib/command.ts";
import { promptHidden } from "./lib/hidden-prompt.ts";

const usage = `Uso: npm run restore -- FILE [--replace]
     npm run restore -- --from-bucket latest|NOME [--replace]

Ripristina un backup fatto con npm run backup in un database vuoto.
--replace      sostituisce i dati di un database che ne contiene già (ferma prima il sito).
--from-bucket  scarica la copia indicata (latest: la più recente) dallo spazio esterno
               configurato con BACKUP_S3_ENDPOINT, BACKUP_S3_BUCKET, BACKUP_S3_ACCESS_KEY_ID,
               BACKUP_S3_SECRET_ACCESS_KEY (e BACKUP_S3_PREFIX se usato).
Un backup cifrato (.tar.gz.age) chiede la passphrase, se BACKUP_PASSPHRASE non è impostata;
senza terminale la legge dalla prima riga dello standard input.
Database: DATABASE_URL se impostata, altrimenti quello incorporato in DATA_DIR.`;

let values: { replace?: boolean; help?: boolean; "from-bucket"?: string };
let positionals: string[];
try {
  ({ values, positionals } = parseArgs({
    options: {
      replace: { type: "boolean", default: false },
      help: { type: "boolean", short: "h" },
      "from-bucket": { type: "string" },
    },
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
const fromBucket = values["from-bucket"];
if (fromBucket === undefined ? positionals.length !== 1 : positionals.length !== 0) {
  fail(`indica un solo file di backup, oppure --from-bucket.\n\n${usage}`, 2);
}
const localFile = positionals[0] && path.resolve(positionals[0]);

const { restoreBackup } = await import("../app/features/backups/restore.server.ts");
const { siteTables } = await import("../app/composition/site-schema.ts");
const { BackupRejectedError } = await import("../app/features/backups/restore-archive.server.ts");
const { isEncryptedFile } = await import("../app/features/backups/encryption.server.ts");
const { createBackupBucket } = await import("../app/features/backups/bucket.server.ts");
const { backupKeysDir } = await import("../app/features/backups/backup-key.server.ts");
const { defaultMigrationsFolder, mediaFromConfig } = await import("../app/features/backups/target.server.ts");
const { boundedConnection, DATABASE_LIMITS } = await import("../app/core/db/database.server.ts");
const { DiskFullError } = await import("../app/core/disk/disk-space.server.ts");
const { describeManifest, printable } = await import("../app/features/backups/manifest.server.ts");

/** The passphrase: from the settings, else typed (hidden) or the first line of standard input. */
async function askPassphrase(): Promise<string> {
  if (process.stdin.isTTY) return promptHidden("Passphrase dei backup: ");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length;
    if (size > 4096) fail("troppo testo sullo standard input: si aspetta la passphrase sulla prima riga.", 2);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
}

const needsPassphrase = fromBucket !== undefined || (await isEncryptedFile(localFile!).catch(() => false));
let passphrase = process.env.BACKUP_PASSPHRASE;
if (needsPassphrase && !passphrase) passphrase = await askPassphrase();
// Typed here, it is this command's alone: checked as the setting would be, never put in the environment.
const config = await loadCommandConfig(passphrase ? { ...process.env, BACKUP_PASSPHRASE: passphrase } : process.env);

// The site's database, opened once the file has passed its checks: that starts the embedded
// server (an empty cluster in a new DATA_DIR) when the site does not run. No migrations: the
// backup brings its own schema.
let database: Awaited<ReturnType<typeof openCommandDatabase>> | undefined;
const openTarget = async () => {
  database = await openCommandDatabase(config, { migrate: false });
  return boundedConnection(database.url, DATABASE_LIMITS.copy);
};

let message: string;
let downloadDir: string | undefined;
// Her bucket holds the copies and, beside them, the keys her passphrase opens.
const bucket = config.backup.bucket && createBackupBucket(config.backup.bucket);
try {
  let file = localFile!;
  if (fromBucket !== undefined) {
    if (!bucket)
      throw new BackupRejectedError("nessuno spazio esterno configurato: imposta BACKUP_S3_BUCKET e le sue chiavi");
    const copies = (await bucket.list()).sort((a, b) => b.at.getTime() - a.at.getTime() || (a.name < b.name ? 1 : -1));
    const copy = fromBucket === "latest" ? copies[0] : copies.find((c) => c.name === fromBucket);
    if (!copy) {
      throw new BackupRejectedError(
        fromBucket === "latest"
          ? `nessuna copia in ${bucket.label}`
          : `copia ${printable(fromBucket)} non trovata in ${bucket.label}`,
      );
    }
    console.error(`  Scaricamento di ${copy.name} da ${bucket.label}…`);
    // A new machine's DATA_DIR may not exist yet.
    await mkdir(config.dataDir, { recursive: true });
    downloadDir = await mkdtemp(path.join(config.dataDir, ".restore-download-"));
    file = path.join(downloadDir, copy.name);
    await bucket.download(copy.name, file);
  }
  const result = await restoreBackup({
    file,
    connection: openTarget,
    ...mediaFromConfig(config),
    migrationsFolder: defaultMigrationsFolder(),
    tables: siteTables,
    replace: values.replace,
    workDir: config.dataDir,
    passphrase: config.backup.passphrase,
    keysDir: backupKeysDir(config.dataDir),
    bucket,
    onProgress: (line) => console.error(`  ${line}`),
  });
  message =
    `Ripristino completato (${(result.durationMs / 1000).toFixed(1)} s): backup del ${result.manifest.createdAt}, ` +
    `${describeManifest(result.manifest)}` +
    (result.appliedMigrations.length
      ? `; migrazioni più recenti applicate: ${result.appliedMigrations.join(", ")}`
      : "");
} catch (error) {
  if (downloadDir) await rm(downloadDir, { recursive: true, force: true });
  await database?.close();
  if (error instanceof BackupRejectedError || error instanceof DiskFullError) {
    fail(`${printable(error.message)}. Nulla è stato modificato.`);
  }
  // The database's messages may quote the archive's rows.
  fail(`ripristino non riuscito, nulla è stato modificato: ${printable((error as Error).message)}`);
}
if (downloadDir) await rm(downloadDir, { recursive: true, force: true });
await database?.close();
console.log(message);
