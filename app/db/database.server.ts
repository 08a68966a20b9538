import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { acquirePgliteLock } from "./pglite-lock.server";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseEngine = "pglite" | "postgres";

export interface Database {
  db: Db;
  engine: DatabaseEngine;
  /** The embedded engine, when that is the one in use (the in-process event bus needs nothing else). */
  pglite?: PGlite;
  /** Throws unless the database answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… for a server; unset for the embedded engine. */
  databaseUrl?: string;
  /** Where the embedded engine keeps its files; "memory://" keeps them in memory (tests). */
  pgliteDir?: string;
  migrationsFolder?: string;
}

export const defaultMigrationsFolder = () => path.resolve(process.cwd(), "drizzle");

/** Opens the database and applies every pending migration. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();

  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      await migratePg(db as never, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db,
      engine: "postgres",
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
    };
  }

  const dir = options.pgliteDir ?? "memory://";
  const inMemory = dir.startsWith("memory://");
  if (!inMemory) mkdirSync(dir, { recursive: true });
  // One process per data directory: a second one fails fast instead of corrupting it.
  const lock = inMemory ? undefined : acquirePgliteLock(dir);
  let client: PGlite;
  let db: Db;
  try {
    client = await PGlite.create(dir);
    db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
  } catch (error) {
    lock?.release();
    throw error;
  }
  return {
    db,
    engine: "pglite",
    pglite: client,
    ping: async () => void (await db.execute(sql`select 1`)),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
