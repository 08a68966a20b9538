import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database, type DatabaseEngine } from "~/db/database.server";

/** Every repository and event-bus test runs once per engine. */
export const engines: DatabaseEngine[] = ["pglite", "postgres"];

/** A new, empty, migrated database on the PostgreSQL test cluster; returns its URL. */
export async function createPostgresDatabase(): Promise<string> {
  const admin = inject("postgresUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return admin.replace(/\/[^/]*$/, `/${name}`);
}

/** A fresh migrated database of the given engine (PGlite in memory). */
export async function openTestDatabase(engine: DatabaseEngine): Promise<Database> {
  if (engine === "pglite") return openDatabase({ pgliteDir: "memory://" });
  return openDatabase({ databaseUrl: await createPostgresDatabase() });
}
