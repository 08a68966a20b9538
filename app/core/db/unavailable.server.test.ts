import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../tests/support/app-server";
import { openTestDatabase } from "../../../tests/support/test-databases";
import type { Database } from "./database.server";
import { openDatabase } from "./database.server";
import { isDatabaseUnavailable } from "./unavailable.server";

describe("which database errors mean 'riprova tra poco' (503)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it("no server listening: unavailable", async () => {
    const url = `postgresql://127.0.0.1:${await freePort()}/site`;
    await expect(openDatabase({ url })).rejects.toSatisfy(isDatabaseUnavailable);
  });

  it("a statement past its timeout, through Drizzle's wrapper: unavailable", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 50`);
        await tx.execute(sql`select pg_sleep(2)`);
      }),
    ).rejects.toSatisfy(isDatabaseUnavailable);
  });

  it("a mistake of the request or the code (a duplicate key, bad SQL): not unavailable, stays a 500", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`create temporary table once (id int primary key) on commit drop`);
        await tx.execute(sql`insert into once values (1), (1)`);
      }),
    ).rejects.not.toSatisfy(isDatabaseUnavailable);
    await expect(database.db.execute(sql`select nonsense from nowhere`)).rejects.not.toSatisfy(isDatabaseUnavailable);
  });
});
