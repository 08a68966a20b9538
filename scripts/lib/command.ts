// What every maintenance command (admin:create, backup, restore, db:import-pglite) does the same way:
// fail with one Italian line, read the settings the server reads, open the server's database.
// Application modules are imported lazily: the aliases they use resolve only once
// ./load-app-modules.ts has registered its hook, which the command imports first.

export function fail(message: string, code = 1): never {
  console.error(`Errore: ${message}`);
  process.exit(code);
}

/**
 * The settings from the environment, as the server validates them; a bad one ends the command. Where
 * `npm run service:install` made the service, its settings file is read beneath the environment (a
 * name set on the command line wins): `sudo npm run update` works on the service's DATA_DIR, not ./data.
 */
export async function loadCommandConfig(env: NodeJS.ProcessEnv = process.env) {
  await addServiceSettings(env);
  const { loadConfig } = await import("../../app/core/config/env.server.ts");
  try {
    return loadConfig(env);
  } catch (error) {
    return fail((error as Error).message);
  }
}

type Config = Awaited<ReturnType<typeof loadCommandConfig>>;

/**
 * The site's database (DATABASE_URL, or the embedded one in DATA_DIR, started when the site is not
 * running), with its migrations applied unless `migrate` is false.
 */
export async function openCommandDatabase(config: Config, { migrate = true }: { migrate?: boolean } = {}) {
  const { openSiteDatabase } = await import("../../app/core/db/site-database.server.ts");
  const { defaultMigrationsFolder } = await import("../../app/core/db/database.server.ts");
  try {
    return await openSiteDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      migrationsFolder: defaultMigrationsFolder(),
      migrate,
    });
  } catch (error) {
    throw new Error(`impossibile aprire il database: ${(error as Error).message}`);
  }
}

/** Fills `env` with the service's settings it lacks; SERVICE_INSTALL_ROOT as for service:install. */
export async function addServiceSettings(env: NodeJS.ProcessEnv) {
  const { readFileSync } = await import("node:fs");
  const path = await import("node:path");
  const { fillFromEnvironmentFile, SERVICE_ENV_FILE } = await import("../service/service-files.ts");
  let text: string;
  try {
    text = readFileSync(path.join(process.env.SERVICE_INSTALL_ROOT ?? "/", SERVICE_ENV_FILE), "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return;
    // Without them the command would work on another, empty site (./data): better to stop.
    return fail(
      `le impostazioni del sito sono in ${SERVICE_ENV_FILE}, che si legge solo da amministratore: ` +
        `sudo npm run ${process.env.npm_lifecycle_event ?? "<comando>"} (${(error as Error).message})`,
    );
  }
  fillFromEnvironmentFile(env, text);
}
