import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../../../tests/support/test-databases";
import { type Database, openDatabase } from "./database.server";
import { isDatabaseUnavailable } from "./unavailable.server";

async function backendPid(database: Database): Promise<number> {
  const { rows } = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
    rows: { pid: number }[];
  };
  return rows[0]!.pid;
}

describe("the site's connections when the server stops answering", () => {
  it("a query waits a bounded time, and its connection is never handed out again (plain query, then transaction)", {
    timeout: 30_000,
  }, async () => {
    // One connection: a stuck one kept in the pool would be the only one there is.
    const database = await openDatabase({ url: await createPostgresDatabase({ migrated: true }), poolSize: 1 });
    const stopped: number[] = [];
    try {
      // The server process behind the connection stops (SIGSTOP): it enforces no timeout of its own.
      for (const work of [
        () => database.db.execute(sql`select 1`),
        // Drizzle never gives back a connection whose `begin` failed.
        () => database.db.transaction((tx) => tx.execute(sql`select 1`)),
      ]) {
        const backend = await backendPid(database);
        process.kill(backend, "SIGSTOP");
        stopped.push(backend);
        await expect(work()).rejects.toSatisfy(isDatabaseUnavailable);
        // The pool's next query runs on a new connection, at once.
        expect(await backendPid(database)).not.toBe(backend);
      }
    } finally {
      for (const pid of stopped) process.kill(pid, "SIGCONT");
      await database.close();
    }
  });
});
