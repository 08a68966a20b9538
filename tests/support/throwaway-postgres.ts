import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "~/core/db/embedded-postgres.server";

export interface ThrowawayPostgres {
  /** postgresql://… of the cluster's "postgres" database (over its Unix socket). */
  url: string;
  /** Makes an empty database on the cluster and returns its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL cluster for one test run, from the same binaries and the same code as the
 * site's embedded database, in a temporary directory. Durability is traded for speed: fsync off.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "pg-throwaway-"));
  const server = await startEmbeddedPostgres({
    dataDir: dir,
    extraSettings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off", max_connections: 300 },
  });
  let stopped = false;
  return {
    url: server.url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        await client.query(`create database ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      const url = new URL(server.url);
      url.pathname = `/${name}`;
      return url.href;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await server.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
