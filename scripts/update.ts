// npm run update [-- --ref R]
//
// From the site's checkout, while the site runs: a backup, the new version (the tip of the branch the
// checkout tracks, or R), npm ci and the build, the site restarted (systemd, or the supervisor's
// SIGHUP reload) and checked on /readyz; on any failure, everything back as it was (decision 75).
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import "./lib/load-app-modules.ts";
import { fail, loadCommandConfig, openCommandDatabase } from "./lib/command.ts";
import {
  finishJournal,
  giveToDataOwner,
  lockUpdates,
  readJournal,
  testKillPoint,
  writeJournal,
} from "./update/journal.ts";
import { resumeUpdate, runUpdate, UpdateFailed, type UpdateOperations } from "./update/run-update.ts";
import {
  restartSite,
  restartWay,
  startSiteAfterRestore,
  stopSiteForRestore,
  waitForVersion,
} from "./update/site-control.ts";

const usage = `Uso: npm run update [-- --ref RIF]

Aggiorna il sito alla versione più recente del ramo che segue (o a RIF: un ramo, un'etichetta, un commit):
prima un backup, poi la nuova versione, npm ci, la compilazione e il riavvio, controllando che il sito
risponda sulla nuova versione. Se qualcosa va storto torna da solo alla versione precedente, con i dati di prima.`;

let values: { ref?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: { ref: { type: "string" }, help: { type: "boolean", short: "h" } },
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
if (values.ref !== undefined && !/^[\w./-]{1,200}$/.test(values.ref)) fail("--ref non valido.", 2);

// Every module the update needs is loaded now: from the checkout the update moves and the
// node_modules npm ci replaces, a later import would load another version.
const { runBackup } = await import("../app/features/backups/backup-job.server.ts");
const { backupTargetFromConfig, defaultMigrationsFolder, mediaFromConfig } = await import(
  "../app/features/backups/target.server.ts"
);
const { restoreBackup } = await import("../app/features/backups/restore.server.ts");
const { siteTables } = await import("../app/composition/site-schema.ts");
const { boundedConnection, DATABASE_LIMITS } = await import("../app/core/db/database.server.ts");
const { countOf } = await import("../app/core/format/plural.ts");
const { default: pg } = await import("pg");

const checkout = path.resolve(import.meta.dirname, "..");
const config = await loadCommandConfig();
const dataDir = config.dataDir;
const kept = path.join(checkout, "build.previous");
const build = path.join(checkout, "build");
const readyTimeoutMs = Number(process.env.UPDATE_READY_TIMEOUT_MS ?? 60_000);
const installCommand = process.env.UPDATE_INSTALL_COMMAND;
const way = restartWay(dataDir);
const siteUrl = `http://${["0.0.0.0", "::"].includes(config.host) ? "127.0.0.1" : config.host}:${config.port}`;

const git = (...args: string[]) =>
  execFileSync("git", args, { cwd: checkout, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
// npm ci or the build on a small VPS take minutes; one that hangs (npm does, now and then) is ended
// and the update goes back, instead of holding the old version's files half replaced for ever.
const stepTimeoutMs = Number(process.env.UPDATE_STEP_TIMEOUT_MS ?? 20 * 60_000);
const during = (ms: number) =>
  ms >= 60_000
    ? countOf(Math.round(ms / 60_000), ["minuto", "minuti"])
    : countOf(Math.round(ms / 1000), ["secondo", "secondi"]);
const run = (command: string, args: string[]) => {
  // Their output is the update's: on the error stream, the outcome alone on the standard one.
  const result = spawnSync(command, args, {
    cwd: checkout,
    stdio: ["ignore", 2, 2],
    env: process.env,
    timeout: stepTimeoutMs,
  });
  const name = [command, ...args].join(" ");
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === "ETIMEDOUT")
    throw new Error(`${name} non ha finito entro ${during(stepTimeoutMs)} ed è stato fermato`);
  if (result.status !== 0) throw new Error(`${name} è terminato con codice ${result.status}`);
};

async function withDatabase<T>(work: (database: Awaited<ReturnType<typeof openCommandDatabase>>) => Promise<T>) {
  const database = await openCommandDatabase(config, { migrate: false });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

let backupFile: string | undefined;
const operations: UpdateOperations = {
  head: () => git("rev-parse", "HEAD"),
  dirty: () => git("status", "--porcelain", "--untracked-files=no") !== "",
  fetchTarget(ref) {
    if (ref) {
      git("fetch", "--quiet", "origin");
      for (const name of [`origin/${ref}`, ref]) {
        try {
          return git("rev-parse", "--verify", "--quiet", `${name}^{commit}`);
        } catch {
          // the next spelling
        }
      }
      throw new Error(`${ref} non esiste`);
    }
    const upstream = git("rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}");
    git("fetch", "--quiet", upstream.split("/")[0]!);
    return git("rev-parse", "@{u}");
  },
  // The branch follows (reset, not a detached checkout): the next update still knows what it tracks.
  checkout: (commit) => void git("reset", "--hard", "--quiet", commit),
  keepBuild() {
    rmSync(kept, { recursive: true, force: true });
    if (existsSync(build)) cpSync(build, kept, { recursive: true });
  },
  restoreKeptBuild() {
    if (!existsSync(kept)) return false;
    rmSync(build, { recursive: true, force: true });
    renameSync(kept, build);
    return true;
  },
  dropKeptBuild: () => rmSync(kept, { recursive: true, force: true }),
  install() {
    if (installCommand) run("sh", ["-c", installCommand]);
    else run("npm", ["ci", "--no-audit", "--no-fund"]);
  },
  build: () => run(process.execPath, [path.join(checkout, "scripts/build-if-stale.ts")]),
  backup: () =>
    withDatabase(async (database) => {
      const result = await runBackup(backupTargetFromConfig(config, database, database.url, siteTables), "manual", {
        onProgress: (line) => console.error(`  ${line}`),
      });
      backupFile = result.file;
      return result.file;
    }),
  migrations: () =>
    withDatabase(async (database) => {
      const client = new pg.Client(boundedConnection(database.url, DATABASE_LIMITS.copy));
      client.on("error", () => {});
      await client.connect();
      try {
        const { rows } = await client.query<{ hash: string }>(
          "select hash from drizzle.__drizzle_migrations order by id",
        );
        return rows.map((row) => row.hash).join(",");
      } catch {
        return "";
      } finally {
        await client.end();
      }
    }),
  async restore(file) {
    await withDatabase(async (database) => {
      await restoreBackup({
        file,
        connection: boundedConnection(database.url, DATABASE_LIMITS.copy),
        ...mediaFromConfig(config),
        migrationsFolder: defaultMigrationsFolder(),
        tables: siteTables,
        replace: true,
        workDir: dataDir,
        onProgress: (line) => console.error(`  ${line}`),
      });
    });
  },
  siteRuns: () => way.kind !== "none",
  stopSite: () => stopSiteForRestore(way),
  async restartAndCheck(commit, options = {}) {
    try {
      const askedAt = options.stopped ? startSiteAfterRestore(way) : restartSite(way);
      const reloaded = way.kind === "signal";
      return await waitForVersion({ url: siteUrl, dataDir, timeoutMs: readyTimeoutMs, reloaded }, commit, askedAt);
    } catch (error) {
      return (error as Error).message;
    }
  },
  answersWith: async (commit) =>
    (await waitForVersion({ url: siteUrl, dataDir, timeoutMs: 5_000 }, commit, Date.now())) === null,
  journal: {
    read: () => readJournal(dataDir),
    write: (journal) => writeJournal(dataDir, journal),
    finish: (outcome) => {
      finishJournal(dataDir, outcome);
      giveToDataOwner(dataDir, [backupFile]);
    },
  },
  killPoint: testKillPoint,
  log: (line) => console.error(line),
};

let unlock: () => void;
try {
  unlock = lockUpdates(dataDir);
} catch (error) {
  fail(`aggiornamento non iniziato: ${(error as Error).message}.`);
}
try {
  const found = operations.journal.read();
  if (found) console.log((await resumeUpdate(operations, found)).message);
  const result = await runUpdate(operations, values.ref);
  unlock();
  console.log(result.message);
} catch (error) {
  unlock();
  if (error instanceof UpdateFailed) {
    console.error(error.message);
    process.exit(1);
  }
  fail(`aggiornamento non riuscito: ${(error as Error).message}`);
}
