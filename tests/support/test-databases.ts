import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "~/core/db/database.server";

/** The database every migrated test database is copied from: migrated once per run by the global setup. */
export const MIGRATED_TEMPLATE = "test_migrated_template";

/** A new database on the test cluster, empty or a copy of the migrated template; returns its URL. */
export async function createPostgresDatabase(options: { migrated?: boolean } = {}): Promise<string> {
  const admin = inject("postgresUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`create database ${name}${options.migrated ? ` template ${MIGRATED_TEMPLATE}` : ""}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.href;
}

/** A fresh migrated database of its own on the test cluster. */
export async function openTestDatabase(): Promise<Database> {
  return openDatabase({ url: await createPostgresDatabase({ migrated: true }) });
}
