import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createMemoryEventBus, type ChangeEvent } from "~/core/events/event-bus.server";
import type { Database } from "~/core/db/database.server";
import { reviews } from "./schema";
import type { StoredImage } from "~/core/db/schema";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { decodeReviewCursor, encodeReviewCursor } from "./review-cursor.server";
import { createReviewRepository, type ReviewRepository } from "./reviews.server";

describe("review repository", () => {
  let database: Database;
  let repo: ReviewRepository;

  beforeAll(async () => {
    database = await openTestDatabase();
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

  it("pages exactly through reviews sharing one microsecond timestamp, through URL cursors", async () => {
    const instant = sql`'2026-03-07T12:00:00.123456Z'::timestamptz` as never;
    await database.db
      .insert(reviews)
      .values(["a", "b", "c", "d", "e"].map((n) => review(n, 7, { createdAt: instant })));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await repo.listPage({ limit: 2, after: decodeReviewCursor(cursor) });
      seen.push(...page.reviews.map((r) => r.name));
      cursor = page.nextCursor ? encodeReviewCursor(page.nextCursor) : null;
    } while (cursor);
    expect(seen.sort()).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("pages through 10,000 published reviews without gaps or repeats", async () => {
    // One statement: every row gets the same now(), so only the id tells them apart.
    await database.db.execute(
      sql`insert into reviews (name, content, rating) select 'r' || g, 'testo', 1 + g % 5 from generate_series(1, 10000) g`,
    );
    const seen = new Set<string>();
    let after = null;
    let pages = 0;
    do {
      const page = await repo.listPage({ status: "published", limit: 500, after });
      for (const r of page.reviews) seen.add(r.id);
      after = decodeReviewCursor(page.nextCursor && encodeReviewCursor(page.nextCursor));
      pages++;
    } while (after);
    expect(seen.size).toBe(10_000);
    expect(pages).toBe(20);
    expect((await repo.summary()).count).toBe(10_000);
  });

  it("rejects cursors that are not ours", () => {
    expect(decodeReviewCursor(null)).toBeNull();
    expect(decodeReviewCursor("abc")).toBeNull();
    expect(
      decodeReviewCursor(Buffer.from("2026-01-01T00:00:00Z_1; drop table reviews").toString("base64url")),
    ).toBeNull();
    const id = "0b8f3c2e-6d5a-4c1b-9e7f-123456789abc";
    expect(
      decodeReviewCursor(encodeReviewCursor({ createdAt: new Date("2026-01-02T03:04:05.678Z"), id })),
    ).toMatchObject({
      id,
      at: "2026-01-02T03:04:05.678Z",
    });
  });

  it("refuses a cursor with an impossible date or a malformed id; any it accepts, PostgreSQL takes", async () => {
    await database.db.insert(reviews).values([review("marzo", 1)]);
    const id = "0b8f3c2e-6d5a-4c1b-9e7f-123456789abc";
    const cursor = (text: string) => Buffer.from(text).toString("base64url");
    for (const at of [
      "2024-02-30T10:00:00.000Z",
      "2023-02-29T10:00:00.000Z",
      "2024-13-01T10:00:00.000Z",
      "2024-06-01T24:00:00.000Z",
      "2024-06-01T23:59:60.000Z",
      "0000-01-01T00:00:00.000Z",
      "2024-06-01T10:00:00.1234567Z",
      "2024-06-01T10:00:00.000+02:00",
    ]) {
      expect(decodeReviewCursor(cursor(`${at}_${id}`)), at).toBeNull();
    }
    expect(decodeReviewCursor(cursor("2024-06-01T10:00:00.000Z_0b8f3c2e-6d5a-4c1b-9e7f-123456789abg"))).toBeNull();
    expect(decodeReviewCursor(cursor(`2024-06-01T10:00:00.000Z_${id}_${id}`))).toBeNull();
    for (const at of ["0001-01-01T00:00:00.000Z", "2024-02-29T23:59:59.999999Z", "9999-12-31T23:59:59.999999Z"]) {
      const after = decodeReviewCursor(cursor(`${at}_${id}`));
      expect(after, at).not.toBeNull();
      const page = await repo.listPage({ limit: 5, after });
      expect(
        page.reviews.map((r) => r.name),
        at,
      ).toEqual(at.startsWith("9999") ? ["marzo"] : []);
    }
  });

  it("shows only published reviews among the newest, and summarises them", async () => {
    await database.db
      .insert(reviews)
      .values([
        review("vecchia", 1, { rating: 3 }),
        review("nascosta", 2, { status: "hidden" }),
        review("in attesa", 3, { status: "pending" }),
        review("media", 4, { rating: 4 }),
        review("nuova", 5),
        review("nuovissima", 6, { rating: 2, verified: true }),
      ]);
    expect((await repo.newest(3)).map((r) => r.name)).toEqual(["nuovissima", "nuova", "media"]);
    expect(await repo.summary()).toEqual({ count: 4, average: 3.5, byRating: [0, 1, 1, 1, 1], verified: 1 });
  });

  it("filters by stars and by verified, and keeps paging within the filter", async () => {
    await database.db
      .insert(reviews)
      .values([
        ...Array.from({ length: 5 }, (_, i) => review(`cinque ${i}`, i + 1, { verified: i % 2 === 0 })),
        review("quattro", 10, { rating: 4, verified: true }),
        review("cinque nascosta", 11, { status: "hidden", verified: true }),
      ]);
    const first = await repo.listPage({ status: "published", limit: 2, filter: { rating: 5 } });
    expect(first.reviews.map((r) => r.name)).toEqual(["cinque 4", "cinque 3"]);
    const second = await repo.listPage({
      status: "published",
      limit: 2,
      filter: { rating: 5 },
      after: first.nextCursor,
    });
    expect(second.reviews.map((r) => r.name)).toEqual(["cinque 2", "cinque 1"]);
    const verified = await repo.listPage({ status: "published", limit: 10, filter: { verifiedOnly: true } });
    expect(verified.reviews.map((r) => r.name)).toEqual(["quattro", "cinque 4", "cinque 2", "cinque 0"]);
    const both = await repo.listPage({ status: "published", limit: 10, filter: { verifiedOnly: true, rating: 4 } });
    expect(both.reviews.map((r) => r.name)).toEqual(["quattro"]);
  });

  it("keeps one reply per review: written, replaced, shown with the review, removed", async () => {
    const added = await repo.add({ name: "Lia", content: "Brava", rating: 5 });
    expect((await repo.newest(1))[0]!.reply).toBeNull();
    await repo.setReply(added.id, "Grazie Lia!");
    await repo.setReply(added.id, "Grazie di cuore, Lia!");
    const [shown] = await repo.newest(1);
    expect(shown!.reply?.content).toBe("Grazie di cuore, Lia!");
    expect(await repo.setReply("00000000-0000-4000-8000-000000000000", "x")).toBeUndefined();
    expect(await repo.removeReply(added.id)).toBe(true);
    expect(await repo.removeReply(added.id)).toBe(false);
    expect((await repo.newest(1))[0]!.reply).toBeNull();
  });

  it("counts what waits for her: reviews to approve, and recent published ones without her reply", async () => {
    expect(await repo.workCounts()).toEqual({ pending: 0, unanswered: 0 });
    await repo.add({ name: "In attesa", content: "x", rating: 4, status: "pending" });
    const answered = await repo.add({ name: "Risposta", content: "x", rating: 5 });
    await repo.setReply(answered.id, "Grazie!");
    await repo.add({ name: "Senza risposta", content: "x", rating: 3 });
    await repo.add({ name: "Nascosta", content: "x", rating: 2, status: "hidden" });
    // Older than 30 days: no longer asked about.
    await database.db.insert(reviews).values(review("Vecchia", 1));
    expect(await repo.workCounts()).toEqual({ pending: 1, unanswered: 1 });
  });

  it("defaults to published with rating 5, and the database refuses ratings outside 1–5", async () => {
    const added = await repo.add({ name: "Anna", content: "Ottimo", rating: 5 });
    expect(added.status).toBe("published");
    await expect(repo.add({ name: "X", content: "Y", rating: 0 })).rejects.toThrow();
    await expect(repo.add({ name: "X", content: "Y", rating: 6 })).rejects.toThrow();
    expect((await repo.setStatus(added.id, "hidden"))?.status).toBe("hidden");
    expect((await repo.delete(added.id))?.name).toBe("Anna");
  });

  it("announces each change it makes, and only those", async () => {
    const bus = createMemoryEventBus();
    const events: ChangeEvent[] = [];
    bus.subscribe((event) => events.push(event));
    const announcing = createReviewRepository(database.db, bus);
    const missing = "00000000-0000-4000-8000-000000000000";
    const added = await announcing.add({ name: "Eva", content: "Bene", rating: 4 });
    await announcing.setStatus(added.id, "hidden");
    await announcing.setReply(added.id, "Grazie");
    await announcing.removeReply(added.id);
    // Nothing changed: nothing to announce.
    await announcing.setStatus(missing, "hidden");
    await announcing.setReply(missing, "x");
    await announcing.removeReply(added.id);
    await announcing.delete(missing);
    await announcing.delete(added.id);
    expect(events.map((event) => [event.action, event.id])).toEqual([
      ["insert", added.id],
      ["update", added.id],
      ["update", added.id],
      ["update", added.id],
      ["delete", added.id],
    ]);
  });

  it("changes a status together with what belongs to it, or not at all", async () => {
    const added = await repo.add({ name: "Ida", content: "Bene", rating: 4 });
    await expect(
      repo.setStatus(added.id, "hidden", async () => {
        throw new Error("the other write failed");
      }),
    ).rejects.toThrow("the other write failed");
    expect((await repo.get(added.id))?.status).toBe("published");
  });

  it("finds the status of the review a stored photo belongs to", async () => {
    const image: StoredImage = {
      width: 800,
      height: 600,
      format: "webp",
      variants: [
        { key: "reviews/abc-400.webp", width: 400, height: 300 },
        { key: "reviews/abc-800.webp", width: 800, height: 600 },
      ],
    };
    const added = await repo.add({ name: "Ugo", content: "Bene", rating: 5, image, status: "pending" });
    expect(await repo.photoStatus("reviews/abc-400.webp")).toBe("pending");
    expect(await repo.photoStatus("reviews/abc-800.webp")).toBe("pending");
    await repo.setStatus(added.id, "published");
    expect(await repo.photoStatus("reviews/abc-800.webp")).toBe("published");
    expect(await repo.photoStatus("reviews/altro-400.webp")).toBeNull();
  });
});
