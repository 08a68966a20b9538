import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { reviews } from "~/db/schema";
import { engines, openTestDatabase } from "../../tests/support/test-databases";
import { createReviewRepository, type ReviewRepository } from "./reviews.server";

describe.each(engines)("review repository on %s", (engine) => {
  let database: Database;
  let repo: ReviewRepository;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    repo = createReviewRepository(database.db);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(reviews);
  });

  const review = (name: string, day: number, extra: Partial<typeof reviews.$inferInsert> = {}) => ({
    name,
    content: `Testo di ${name}`,
    rating: 5,
    createdAt: sql`${`2026-03-${String(day).padStart(2, "0")}T12:00:00Z`}::timestamptz` as never,
    ...extra,
  });

  it("lists newest first and pages without gaps or repeats", async () => {
    await database.db.insert(reviews).values([1, 2, 3, 4, 5].map((d) => review(`r${d}`, d)));
    const first = await repo.listPage({ limit: 2 });
    expect(first.reviews.map((r) => r.name)).toEqual(["r5", "r4"]);
    const second = await repo.listPage({ limit: 2, after: first.nextCursor });
    expect(second.reviews.map((r) => r.name)).toEqual(["r3", "r2"]);
    const third = await repo.listPage({ limit: 2, after: second.nextCursor });
    expect(third.reviews.map((r) => r.name)).toEqual(["r1"]);
    expect(third.nextCursor).toBeNull();
  });

  it("keeps reviews created in the same instant apart when paging", async () => {
    await database.db.insert(reviews).values(["a", "b", "c"].map((n) => review(n, 7)));
    const first = await repo.listPage({ limit: 2 });
    const second = await repo.listPage({ limit: 2, after: first.nextCursor });
    const names = [...first.reviews, ...second.reviews].map((r) => r.name).sort();
    expect(names).toEqual(["a", "b", "c"]);
  });

  it("shows only published reviews among the newest, and summarises them", async () => {
    await database.db.insert(reviews).values([
      review("vecchia", 1, { rating: 3 }),
      review("nascosta", 2, { status: "hidden" }),
      review("in attesa", 3, { status: "pending" }),
      review("media", 4, { rating: 4 }),
      review("nuova", 5),
      review("nuovissima", 6, { rating: 2 }),
    ]);
    expect((await repo.newest(3)).map((r) => r.name)).toEqual(["nuovissima", "nuova", "media"]);
    expect(await repo.summary()).toEqual({ count: 4, average: 3.5 });
  });

  it("defaults to published with rating 5, and the database refuses ratings outside 1–5", async () => {
    const added = await repo.add({ name: "Anna", content: "Ottimo", rating: 5 });
    expect(added.status).toBe("published");
    await expect(repo.add({ name: "X", content: "Y", rating: 0 })).rejects.toThrow();
    await expect(repo.add({ name: "X", content: "Y", rating: 6 })).rejects.toThrow();
    expect((await repo.setStatus(added.id, "hidden"))?.status).toBe("hidden");
    expect((await repo.delete(added.id))?.name).toBe("Anna");
  });
});
