import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "./database.server";
import { assertNoPgliteData, startEmbeddedPostgres } from "./embedded-postgres.server";

const COMMAND = "site-command";

/** The database, and its URL for a command that needs its own connections (COPY, advisory locks). */
interface SiteDatabase extends Database {
  url: string;
}

interface SiteDatabaseOptions {
  /** DATABASE_URL when set; otherwise the embedded server in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  migrationsFolder?: string;
  /** False leaves the schema as it is (restoring a backup brings its own). */
  migrate?: boolean;
}

/**
 * The site's database for a command run beside the server (`npm run admin:create`,
 * test seeding), whether the server runs or not. An embedded server this call had
 * to start is stopped on close, unless the site connected to it meanwhile.
 */
export async function openSiteDatabase(options: SiteDatabaseOptions): Promise<SiteDatabase> {
  if (options.databaseUrl)
    return {
      url: options.databaseUrl,
      ...(await openDatabase({
        url: options.databaseUrl,
        migrationsFolder: options.migrationsFolder,
        migrate: options.migrate,
        poolSize: 2,
        applicationName: COMMAND,
        limits: "maintenance",
      })),
    };
  assertNoPgliteData(options.dataDir);
  const embedded = await startEmbeddedPostgres({ dataDir: options.dataDir });
  let database: Database;
  try {
    database = await openDatabase({
      url: embedded.url,
      migrationsFolder: options.migrationsFolder,
      migrate: options.migrate,
      poolSize: 2,
      applicationName: COMMAND,
      limits: "maintenance",
    });
  } catch (error) {
    if (embedded.startedHere) await embedded.stop();
    throw error;
  }
  return {
    ...database,
    url: embedded.url,
    async close() {
      let othersConnected = 0;
      if (embedded.startedHere) {
        const result = (await database.db.execute(
          sql`select count(*)::int as count from pg_stat_activity
              where backend_type = 'client backend' and application_name <> ${COMMAND}
                and pid <> pg_backend_pid()`,
        )) as unknown as { rows: { count: number }[] };
        othersConnected = result.rows[0]?.count ?? 0;
      }
      await database.close();
      if (embedded.startedHere && othersConnected === 0) await embedded.stop();
    },
  };
}
