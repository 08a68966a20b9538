// npm run admin:create -- --email E --password P [--reset-2fa]
//
// Creates the administrator account, or sets a new password (signing out every
// session) when it exists. Uses the same settings as the server: DATABASE_URL
// for PostgreSQL, otherwise the embedded database in DATA_DIR. The embedded
// database admits one process at a time, so while the server runs the script
// hands the request to it over a Unix socket in DATA_DIR instead of opening the files.
import path from "node:path";
import { parseArgs } from "node:util";
import "./lib/load-app-modules.ts";

const usage = `Uso: npm run admin:create -- --email EMAIL --password PASSWORD [--reset-2fa]

Crea l'account amministratore, o ne imposta la nuova password se esiste già
(tutte le sessioni aperte vengono chiuse). --reset-2fa disattiva anche la
verifica in due passaggi (telefono e codici di recupero persi).
Database: DATABASE_URL se impostata, altrimenti quello incorporato in DATA_DIR (predefinito ./data).`;

function fail(message: string, code = 1): never {
  console.error(`Errore: ${message}`);
  process.exit(code);
}

let values: { email?: string; password?: string; "reset-2fa"?: boolean; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "reset-2fa": { type: "boolean", default: false },
      help: { type: "boolean", short: "h" },
    },
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
if (!values.email || !values.password) fail(`servono --email e --password.\n\n${usage}`, 2);

const { loadConfig } = await import("../app/config/env.server.ts");
const { openDatabase } = await import("../app/db/database.server.ts");
const { DatabaseLockedError } = await import("../app/db/pglite-lock.server.ts");
const { runControlCommand, sendControlCommand } = await import("../app/auth/admin-control.server.ts");

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  fail((error as Error).message);
}

const command = {
  command: "set-password" as const,
  email: values.email,
  password: values.password,
  resetTwoFactor: values["reset-2fa"] ?? false,
};
const migrationsFolder = path.resolve(import.meta.dirname, "../drizzle");

async function direct(options: { databaseUrl?: string; pgliteDir?: string }) {
  const database = await openDatabase({ ...options, migrationsFolder });
  try {
    return await runControlCommand(database.db, command);
  } finally {
    await database.close();
  }
}

let reply;
try {
  if (config.databaseUrl) {
    reply = await direct({ databaseUrl: config.databaseUrl });
  } else {
    try {
      reply = await direct({ pgliteDir: path.join(config.dataDir, "db") });
    } catch (error) {
      if (!(error instanceof DatabaseLockedError)) throw error;
      // The server holds the database: ask it. It may still be starting, so retry briefly.
      for (let attempt = 0; ; attempt++) {
        try {
          reply = await sendControlCommand(config.dataDir, command);
          break;
        } catch (socketError) {
          if (attempt >= 20) {
            fail(
              `il database in ${config.dataDir} è in uso dal processo ${error.pid}, che non risponde ` +
                `(${(socketError as Error).message}). Se il server è in esecuzione, riprova; altrimenti fermalo e riprova.`,
            );
          }
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    }
  }
} catch (error) {
  fail(`impossibile aprire il database: ${(error as Error).message}`);
}

if (!reply.ok) fail(reply.error, 2);
console.log(
  reply.created
    ? `Amministratore creato: ${reply.email}`
    : `Password aggiornata per ${reply.email}; tutte le sessioni aperte sono state chiuse.${command.resetTwoFactor ? " Verifica in due passaggi disattivata." : ""}`,
);
