import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/core/db/database.server";
import { buildIfStale } from "../../scripts/build-if-stale";
import { MIGRATED_TEMPLATE } from "./test-databases";
import { startThrowawayPostgres } from "./throwaway-postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** The throwaway PostgreSQL cluster's maintenance database. */
    postgresUrl: string;
  }
}

/** One PostgreSQL cluster for the whole run; each test file makes its own databases on it. */
export default async function setup(project: TestProject) {
  // Tests that start the production server run the build, as `npm start` does.
  buildIfStale();
  const postgres = await startThrowawayPostgres();
  await migrateTemplate(postgres.url);
  project.provide("postgresUrl", postgres.url);
  return () => postgres.stop();
}

/** Migrates once the database that test databases are copied from: copying is faster than migrating each. */
async function migrateTemplate(adminUrl: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${MIGRATED_TEMPLATE}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${MIGRATED_TEMPLATE}`;
  const database = await openDatabase({ url: url.href, limits: "maintenance" });
  await database.close();
}
