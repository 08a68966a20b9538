// What every maintenance command (admin:create, backup, restore, db:import-pglite) does the same way:
// fail with one Italian line, read the settings the server reads, open the server's database.
// Application modules are imported lazily: the aliases they use resolve only once
// ./load-app-modules.ts has registered its hook, which the command imports first.

export function fail(message: string, code = 1): never {
  console.error(`Errore: ${message}`);
  process.exit(code);
}

/** The settings from the environment, as the server validates them; a bad one ends the command. */
export async function loadCommandConfig(env: NodeJS.ProcessEnv = process.env) {
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
