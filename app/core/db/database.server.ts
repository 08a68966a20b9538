import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { refuseWhileHolding, whileHolding } from "./held-connection.server";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** Throws unless the database answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

interface DatabaseOptions {
  /** postgresql://… of the server (the embedded one, or DATABASE_URL). */
  url: string;
  migrationsFolder?: string;
  /** Connections this process may hold at once. */
  poolSize?: number;
  /** Shown in pg_stat_activity. */
  applicationName?: string;
  /** False leaves the schema as it is (restoring a backup brings its own). */
  migrate?: boolean;
}

export const defaultMigrationsFolder = () => path.resolve(process.cwd(), "drizzle");

/** Any number to name the lock every process takes while it migrates. */
const MIGRATION_LOCK = 7_406_215;

/**
 * Several processes or instances may start at once: one migrates at a time,
 * the others then find nothing left to do.
 */
async function migrateOnce(url: string, db: Db, migrationsFolder: string) {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(db as never, { migrationsFolder });
  } finally {
    await lock.end();
  }
}

/** Connects to PostgreSQL and applies every pending migration. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    application_name: options.applicationName ?? "site",
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const db = drizzle(pool, { schema }) as unknown as Db;
  // Never a second connection asked for while a transaction holds one (decision 0046).
  refuseWhileHolding(pool);
  const transaction = db.transaction.bind(db);
  db.transaction = (work, config) => transaction((tx) => whileHolding(() => work(tx)), config);
  try {
    if (options.migrate !== false)
      await migrateOnce(options.url, db, options.migrationsFolder ?? defaultMigrationsFolder());
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db,
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => pool.end(),
  };
}
