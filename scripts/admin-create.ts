// npm run admin:create -- --email E [--reset-2fa] [--new]
//
// Creates the administrator account, or sets a new password (signing out every
// session) when it exists. The password never travels in argv, where `ps`, npm's
// banner and npm's debug log would show it: it is typed at a hidden prompt, or read
// from standard input, or from ADMIN_PASSWORD (for automation). The database is the
// server's (DATABASE_URL, or the embedded one in DATA_DIR), running or not; it says which, and
// refuses a DATA_DIR where no site ever started unless told --new: run without the server's
// DATA_DIR, it used to create a second, empty site in ./data, whose account opened nothing.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import "./lib/load-app-modules.ts";
import { fail, loadCommandConfig, openCommandDatabase } from "./lib/command.ts";
import { promptHidden } from "./lib/hidden-prompt.ts";

const usage = `Uso: npm run admin:create -- --email EMAIL [--reset-2fa]

Crea l'account amministratore, o ne imposta la nuova password se esiste già
(tutte le sessioni aperte vengono chiuse). La password si digita quando viene
chiesta (non compare sullo schermo); in uno script si passa sulla prima riga dello
standard input, seguita se si vuole da una seconda riga uguale di conferma
(printf '%s' "$PASSWORD" | npm run admin:create -- --email EMAIL), o nella
variabile d'ambiente ADMIN_PASSWORD, mai sulla riga di comando.
--reset-2fa disattiva anche la verifica in due passaggi (telefono e codici di recupero persi).
Database: DATABASE_URL se impostata, altrimenti quello incorporato in DATA_DIR (predefinito ./data),
lo stesso del server. Una cartella DATA_DIR in cui il sito non è mai partito è rifiutata, a meno di
--new (per preparare l'account di un sito nuovo prima del suo primo avvio).`;

if (process.argv.slice(2).some((arg) => arg === "--password" || arg.startsWith("--password="))) {
  fail(
    "la password non si passa sulla riga di comando (resterebbe visibile nell'elenco dei processi e nei log di npm). " +
      "Lanciare di nuovo senza --password e digitarla quando viene chiesta; se è già stata usata altrove, sceglierne un'altra.",
    2,
  );
}

let values: { email?: string; "reset-2fa"?: boolean; new?: boolean; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      email: { type: "string" },
      "reset-2fa": { type: "boolean", default: false },
      new: { type: "boolean", default: false },
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
if (!values.email) fail(`serve --email.\n\n${usage}`, 2);

/** Two lines of the longest password, with room to spare: more is not a password. */
const MAX_STDIN_BYTES = 4096;
const STDIN_LINES = "Si aspettano la password sulla prima riga e, se si vuole, la sua conferma sulla seconda.";

/** Standard input's lines; a line break ends a line, the last one needs none. */
async function readStdinLines(): Promise<string[]> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length;
    if (size > MAX_STDIN_BYTES) fail(`troppo testo sullo standard input. ${STDIN_LINES}`, 2);
    chunks.push(chunk as Buffer);
  }
  const lines = Buffer.concat(chunks).toString("utf8").split(/\r?\n/);
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  delete process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) {
    const first = await promptHidden("Nuova password: ");
    const second = await promptHidden("Ripeti la password: ");
    if (first !== second) fail("le due password non coincidono.", 2);
    return first;
  }
  // What the prompt asks for, typed ahead or piped: the password, then (optionally) it again.
  const [password = "", confirmation, ...more] = await readStdinLines();
  if (more.length > 0) fail(`lo standard input ha più di due righe. ${STDIN_LINES}`, 2);
  if (confirmation !== undefined && confirmation !== password) {
    fail("le due password non coincidono (prima e seconda riga dello standard input).", 2);
  }
  return password;
}

const password = await readPassword();
if (!password) fail("password mancante: digitarla quando viene chiesta, o passarla sullo standard input.", 2);
// Checked before the database is opened (and its server perhaps started) for nothing.
const { passwordProblem } = await import("../app/features/account/password.server.ts");
const problem = passwordProblem(password);
if (problem) fail(`${problem}.`, 2);

const { AccountInputError, createAdminAccounts } = await import("../app/features/account/accounts.server.ts");

const config = await loadCommandConfig();
/** Which site the account goes to, as the output names it. */
const site = config.databaseUrl
  ? `il database ${databaseName(config.databaseUrl)} (DATABASE_URL)`
  : `${config.dataDir} (DATA_DIR)`;
// The embedded cluster (DATA_DIR/postgres/data) is made at a site's first start.
if (!config.databaseUrl && !values.new && !existsSync(path.join(config.dataDir, "postgres", "data", "PG_VERSION"))) {
  fail(
    `in ${config.dataDir} (DATA_DIR) il sito non è mai partito: nessun account creato. ` +
      "Imposta DATA_DIR come per il server (npm start) e riprova; per preparare qui un sito nuovo, aggiungi --new.",
    2,
  );
}
const database = await openCommandDatabase(config).catch((error: Error) => fail(error.message));

const resetTwoFactor = values["reset-2fa"] ?? false;
let outcome: { created: boolean; email: string } | Error;
try {
  const { created, user } = await createAdminAccounts(database.db).setPassword(values.email, password, {
    resetTwoFactor,
  });
  outcome = { created, email: user.email };
} catch (error) {
  outcome = error as Error;
} finally {
  await database.close();
}
if (outcome instanceof AccountInputError) fail(outcome.message, 2);
if (outcome instanceof Error) throw outcome;
console.log(
  outcome.created
    ? `Amministratore creato: ${outcome.email}. Sito: ${site}.`
    : `Password aggiornata per ${outcome.email}; tutte le sessioni aperte sono state chiuse.${resetTwoFactor ? " Verifica in due passaggi disattivata." : ""} Sito: ${site}.`,
);

/** The host and database of a connection string, never its password: "db.example.it/studio". */
function databaseName(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || "socket locale"}${parsed.pathname || ""}`;
  } catch {
    return "indirizzo non leggibile";
  }
}
