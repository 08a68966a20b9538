import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "~/core/db/database.server";

/** A new, empty database on the test cluster; returns its URL. */
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
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.href;
}

/** A fresh migrated database of its own on the test cluster. */
export async function openTestDatabase(): Promise<Database> {
  return openDatabase({ url: await createPostgresDatabase() });
}
