import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/core/db/database.server";
import { buildIfStale } from "../../scripts/build-if-stale";
import { ADMIN_TEMPLATE_DATA_DIR_ENV, MIGRATED_TEMPLATE_DATA_DIR_ENV } from "./app-server";
import { makeTemplateDataDirs } from "./template-data-dir";
import { MIGRATED_TEMPLATE } from "./test-databases";
import { startThrowawayPostgres } from "./throwaway-postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** The throwaway PostgreSQL cluster's maintenance database. */
    postgresUrl: string;
  }
}

/**
 * One PostgreSQL cluster for the whole run; each test file makes its own databases on it. And the
 * data directories `newDataDir` copies for a server that is not about a site's first start (the
 * workers inherit the variables).
 */
export default async function setup(project: TestProject) {
  // Tests that start the production server run the build, as `npm start` does.
  buildIfStale();
  const [postgres, templates] = await Promise.all([
    startThrowawayPostgres().then(async (postgres) => {
      await migrateTemplate(postgres.url);
      return postgres;
    }),
    makeTemplateDataDirs("vitest-template"),
  ]);
  project.provide("postgresUrl", postgres.url);
  if (templates) {
    process.env[MIGRATED_TEMPLATE_DATA_DIR_ENV] = templates.migrated;
    process.env[ADMIN_TEMPLATE_DATA_DIR_ENV] = templates.withAdmin;
  }
  return async () => {
    templates?.remove();
    await postgres.stop();
  };
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
