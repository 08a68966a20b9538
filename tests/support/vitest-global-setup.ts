import type { TestProject } from "vitest/node";
import { buildIfStale } from "../../scripts/build-if-stale";
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
  project.provide("postgresUrl", postgres.url);
  return () => postgres.stop();
}
