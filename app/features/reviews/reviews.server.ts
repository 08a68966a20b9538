import { and, count, desc, eq, getTableColumns, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { reviewReplies, reviews, type Review, type ReviewReply, type ReviewStatus } from "./schema";
import type { StoredImage } from "~/core/db/schema";
import type { EventBus } from "~/core/events/event-bus.server";
import { changeAnnouncer, type OnChangeError } from "~/core/events/publish-change.server";
import type { Executor } from "~/core/db/database.server";
import type { ReviewCursor } from "./review-cursor.server";

export interface NewReview {
  name: string;
  content: string;
  rating: number;
  imageUrl?: string | null;
  image?: StoredImage | null;
  status?: ReviewStatus;
  /** Sent through an invitation (used up in the same transaction, by `alsoWrite`). */
  verified?: boolean;
}

/** A review with the practitioner's reply, if she wrote one. */
export type ReviewWithReply = Review & { reply: Pick<ReviewReply, "content" | "updatedAt"> | null };

/** Which published reviews a visitor asked to see. */
interface ReviewFilter {
  rating?: number | null;
  verifiedOnly?: boolean;
}

export interface ReviewSummary {
  count: number;
  average: number | null;
  /** Published reviews per star, index 0 for one star. */
  byRating: [number, number, number, number, number];
  verified: number;
}

// ISO 8601 in UTC with microseconds: sorts like the column and casts back losslessly.
const exactCreatedAt = sql<string>`to_char(${reviews.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

interface ReviewPage {
  reviews: ReviewWithReply[];
  /** Present when more reviews follow. */
  nextCursor: ReviewCursor | null;
}

/**
 * The reviews. Each write is announced (`bus`): open pages showing reviews refresh, the page cache
 * drops what it holds, and who may see a review's photo is asked again. Without a bus (a test's
 * seed) nothing is announced.
 */
export function createReviewRepository(db: Db, bus?: Pick<EventBus, "publish">, onError?: OnChangeError) {
  const announceChange = changeAnnouncer(bus, onError, "could not publish change");
  /** A change of one review (its text, status, reply or reports' outcome). */
  const announceReviewChange = (action: "insert" | "update" | "delete", id: string) =>
    announceChange({ table: "reviews", action, id });
  return {
    /** Newest first; keyset-paginated so later pages stay fast with many reviews. */
    async listPage(options: {
      status?: ReviewStatus;
      limit: number;
      after?: ReviewCursor | null;
      filter?: ReviewFilter;
    }): Promise<ReviewPage> {
      const conditions: SQL[] = [];
      if (options.status) conditions.push(eq(reviews.status, options.status));
      if (options.filter?.rating) conditions.push(eq(reviews.rating, options.filter.rating));
      if (options.filter?.verifiedOnly) conditions.push(eq(reviews.verified, true));
      if (options.after) {
        const { id } = options.after;
        const createdAt = options.after.at ? sql`${options.after.at}::timestamptz` : options.after.createdAt;
        conditions.push(
          or(lt(reviews.createdAt, createdAt), and(eq(reviews.createdAt, createdAt), lt(reviews.id, id)))!,
        );
      }
      const rows = await db
        .select({
          ...getTableColumns(reviews),
          exactCreatedAt,
          replyContent: reviewReplies.content,
          replyUpdatedAt: reviewReplies.updatedAt,
        })
        .from(reviews)
        .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(options.limit + 1);
      const page = rows.slice(0, options.limit);
      const last = page.at(-1);
      return {
        reviews: page.map(({ exactCreatedAt: _, replyContent, replyUpdatedAt, ...review }) => ({
          ...review,
          reply:
            replyContent !== null && replyUpdatedAt !== null
              ? { content: replyContent, updatedAt: replyUpdatedAt }
              : null,
        })),
        nextCursor:
          rows.length > options.limit && last
            ? { createdAt: last.createdAt, id: last.id, at: last.exactCreatedAt }
            : null,
      };
    },

    /** The newest published reviews (home shows three). */
    async newest(limit: number): Promise<ReviewWithReply[]> {
      return (await this.listPage({ status: "published", limit })).reviews;
    },

    /** Count, average, per-star counts and verified count of the published reviews. */
    async summary(): Promise<ReviewSummary> {
      const rows = await db
        .select({
          rating: reviews.rating,
          count: count(),
          verified: sql<number>`count(*) filter (where ${reviews.verified})::int`,
        })
        .from(reviews)
        .where(eq(reviews.status, "published"))
        .groupBy(reviews.rating);
      const byRating: ReviewSummary["byRating"] = [0, 0, 0, 0, 0];
      let total = 0;
      let sum = 0;
      let verified = 0;
      for (const row of rows) {
        byRating[row.rating - 1] = row.count;
        total += row.count;
        sum += row.rating * row.count;
        verified += Number(row.verified);
      }
      return { count: total, average: total ? sum / total : null, byRating, verified };
    },

    /**
     * What waits for the practitioner: reviews awaiting approval, and published reviews of the last
     * 30 days without her reply (one query).
     */
    async workCounts(): Promise<{ pending: number; unanswered: number }> {
      const result = await db.execute(sql`
        select
          count(*) filter (where ${reviews.status} = 'pending')::int as pending,
          count(*) filter (
            where ${reviews.status} = 'published'
              and ${reviews.createdAt} > now() - interval '30 days'
              and not exists (select 1 from ${reviewReplies} where ${reviewReplies.reviewId} = ${reviews.id})
          )::int as unanswered
        from ${reviews}`);
      const row = (result as unknown as { rows: { pending: number; unanswered: number }[] }).rows[0];
      return { pending: Number(row?.pending ?? 0), unanswered: Number(row?.unanswered ?? 0) };
    },

    async get(id: string): Promise<Review | undefined> {
      const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
      return row;
    },

    /**
     * Saves a review in one transaction with whatever `alsoWrite` adds (the invitation used up, the
     * e-mail notice in the outbox); nothing is saved when `alsoWrite` throws.
     */
    async add(review: NewReview, alsoWrite?: (row: Review, tx: Executor) => Promise<void>): Promise<Review> {
      const saved = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(reviews)
          .values({
            name: review.name,
            content: review.content,
            rating: review.rating,
            imageUrl: review.imageUrl ?? null,
            image: review.image ?? null,
            status: review.status ?? "published",
            verified: review.verified ?? false,
          })
          .returning();
        await alsoWrite?.(row!, tx);
        return row!;
      });
      await announceReviewChange("insert", saved.id);
      return saved;
    },

    /** Writes or replaces the practitioner's reply; undefined when the review does not exist. */
    async setReply(reviewId: string, content: string): Promise<ReviewReply | undefined> {
      const [review] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, reviewId));
      if (!review) return undefined;
      const [row] = await db
        .insert(reviewReplies)
        .values({ reviewId, content })
        .onConflictDoUpdate({ target: reviewReplies.reviewId, set: { content, updatedAt: sql`now()` } })
        .returning();
      await announceReviewChange("update", reviewId);
      return row;
    },

    /** True when there was a reply to remove. */
    async removeReply(reviewId: string): Promise<boolean> {
      const rows = await db.delete(reviewReplies).where(eq(reviewReplies.reviewId, reviewId)).returning();
      if (rows.length === 0) return false;
      await announceReviewChange("update", reviewId);
      return true;
    },

    async replies(reviewIds: string[]): Promise<Map<string, ReviewReply>> {
      if (reviewIds.length === 0) return new Map();
      const rows = await db.select().from(reviewReplies).where(inArray(reviewReplies.reviewId, reviewIds));
      return new Map(rows.map((r) => [r.reviewId, r]));
    },

    /**
     * Publishes, approves or hides a review, in one transaction with whatever `alsoWrite` adds
     * (closing its reports); undefined when the review does not exist.
     */
    async setStatus(
      id: string,
      status: ReviewStatus,
      alsoWrite?: (row: Review, tx: Executor) => Promise<unknown>,
    ): Promise<Review | undefined> {
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx.update(reviews).set({ status }).where(eq(reviews.id, id)).returning();
        if (updated) await alsoWrite?.(updated, tx);
        return updated;
      });
      if (row) await announceReviewChange("update", id);
      return row;
    },

    /** Returns the deleted row (so its stored files can be removed), or undefined. */
    async delete(id: string): Promise<Review | undefined> {
      const [row] = await db.delete(reviews).where(eq(reviews.id, id)).returning();
      if (row) await announceReviewChange("delete", id);
      return row;
    },

    /**
     * The status of the review whose photo renditions include the stored file `key`; null when no
     * review shows it (deleted, or an upload never saved).
     */
    async photoStatus(key: string): Promise<ReviewStatus | null> {
      const [row] = await db
        .select({ status: reviews.status })
        .from(reviews)
        .where(sql`${reviews.image} -> 'variants' @> ${JSON.stringify([{ key }])}::jsonb`)
        .limit(1);
      return row?.status ?? null;
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
