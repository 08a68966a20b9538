import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../../../tests/support/test-databases";
import { type Database, openDatabase } from "./database.server";
import { ConnectionHeldError } from "./held-connection.server";

// A pool of one: code that asks the pool for a second connection while its transaction holds the
// only one would wait for itself forever. It must be refused at once instead, and nothing else.
describe("no pooled connection asked for while a transaction holds one", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ url: await createPostgresDatabase({ migrated: true }), poolSize: 1 });
  });
  afterAll(() => database.close());
  // Both drivers answer raw SQL with { rows }.
  const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
  const select1 = () => database.db.execute(sql`select 1 as one`);

  it("refuses a query through the pool inside a transaction, and a transaction inside one, leaving the pool usable", async () => {
    const { db } = database;
    const refused = { cause: expect.any(ConnectionHeldError) };
    // A query awaited in the callback, and one returned unawaited (drizzle runs it when awaited).
    await expect(db.transaction(async () => await select1())).rejects.toMatchObject(refused);
    await expect(db.transaction(() => select1())).rejects.toMatchObject(refused);
    await expect(db.transaction(() => db.transaction(async () => 1))).rejects.toBeInstanceOf(ConnectionHeldError);
    expect(rowsOf(await select1())).toEqual([{ one: 1 }]);
  });

  it("runs what goes through the transaction's executor, its savepoints included", async () => {
    const answer = await database.db.transaction(async (tx) => {
      const [inner] = rowsOf(await tx.transaction((nested) => nested.execute(sql`select 2 as two`)));
      return { ...rowsOf(await tx.execute(sql`select 1 as one`))[0], ...inner };
    });
    expect(answer).toEqual({ one: 1, two: 2 });
  });

  it("lets work a transaction left running use the pool once the transaction has ended", async () => {
    let ended!: () => void;
    const over = new Promise<void>((resolve) => (ended = resolve));
    let later: Promise<unknown> | undefined;
    await database.db.transaction(async () => {
      later = over.then(select1);
    });
    ended();
    expect(rowsOf(await later)).toEqual([{ one: 1 }]);
  });

  it("makes a query from elsewhere wait for the connection a transaction holds, not refuses it", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let began!: () => void;
    const begun = new Promise<void>((resolve) => (began = resolve));
    const holding = database.db.transaction(async (tx) => {
      began();
      await gate;
      return rowsOf(await tx.execute(sql`select 'held' as held`));
    });
    await begun;
    const waiting = select1();
    release();
    expect(await holding).toEqual([{ held: "held" }]);
    expect(rowsOf(await waiting)).toEqual([{ one: 1 }]);
  });
});
