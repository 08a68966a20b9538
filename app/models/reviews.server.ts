import { and, count, desc, eq, getTableColumns, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/database.server";
import { reviews, type Review, type ReviewStatus, type StoredImage } from "~/db/schema";
import { toPublicImage } from "~/media/image-pipeline.server";
import type { MediaStorage } from "~/media/media-storage.server";
import type { ReviewView } from "./views";

export interface NewReview {
  name: string;
  content: string;
  rating: number;
  imageUrl?: string | null;
  image?: StoredImage | null;
  status?: ReviewStatus;
}

/** Where the next page starts: the last review of the previous page. */
export interface ReviewCursor {
  createdAt: Date;
  id: string;
  /**
   * The exact timestamp as the database holds it (microseconds; a Date keeps
   * only milliseconds). Cursors from listPage carry it, so reviews created
   * within the same millisecond, e.g. by one bulk insert, are neither skipped nor repeated.
   */
  at?: string;
}

// ISO 8601 in UTC with microseconds: sorts like the column and casts back losslessly.
const exactCreatedAt = sql<string>`to_char(${reviews.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface ReviewPage {
  reviews: Review[];
  /** Present when more reviews follow. */
  nextCursor: ReviewCursor | null;
}

export function createReviewRepository(db: Db) {
  return {
    /** Newest first; keyset-paginated so later pages stay fast with many reviews. */
    async listPage(options: {
      status?: ReviewStatus;
      limit: number;
      after?: ReviewCursor | null;
    }): Promise<ReviewPage> {
      const conditions: SQL[] = [];
      if (options.status) conditions.push(eq(reviews.status, options.status));
      if (options.after) {
        const { id } = options.after;
        const createdAt = options.after.at ? sql`${options.after.at}::timestamptz` : options.after.createdAt;
        conditions.push(
          or(lt(reviews.createdAt, createdAt), and(eq(reviews.createdAt, createdAt), lt(reviews.id, id)))!,
        );
      }
      const rows = await db
        .select({ ...getTableColumns(reviews), exactCreatedAt })
        .from(reviews)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(options.limit + 1);
      const page = rows.slice(0, options.limit);
      const last = page.at(-1);
      return {
        reviews: page.map(({ exactCreatedAt: _, ...review }) => review),
        nextCursor:
          rows.length > options.limit && last
            ? { createdAt: last.createdAt, id: last.id, at: last.exactCreatedAt }
            : null,
      };
    },

    /** The newest published reviews (home shows three). */
    async newest(limit: number): Promise<Review[]> {
      return (await this.listPage({ status: "published", limit })).reviews;
    },

    /** Count and average rating of the published reviews. */
    async summary(): Promise<{ count: number; average: number | null }> {
      const [row] = await db
        .select({ count: count(), average: sql<string | null>`avg(${reviews.rating})` })
        .from(reviews)
        .where(eq(reviews.status, "published"));
      return { count: row?.count ?? 0, average: row?.average == null ? null : Number(row.average) };
    },

    async get(id: string): Promise<Review | undefined> {
      const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
      return row;
    },

    async add(review: NewReview): Promise<Review> {
      const [row] = await db
        .insert(reviews)
        .values({
          name: review.name,
          content: review.content,
          rating: review.rating,
          imageUrl: review.imageUrl ?? null,
          image: review.image ?? null,
          status: review.status ?? "published",
        })
        .returning();
      return row!;
    },

    async setStatus(id: string, status: ReviewStatus): Promise<Review | undefined> {
      const [row] = await db.update(reviews).set({ status }).where(eq(reviews.id, id)).returning();
      return row;
    },

    /** Returns the deleted row (so its stored files can be removed), or undefined. */
    async delete(id: string): Promise<Review | undefined> {
      const [row] = await db.delete(reviews).where(eq(reviews.id, id)).returning();
      return row;
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;

const cursorToken = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{1,6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A cursor as it travels in a URL (`?dopo=…`): opaque, short, URL-safe. */
export function encodeReviewCursor(cursor: ReviewCursor): string {
  return Buffer.from(`${cursor.at ?? cursor.createdAt.toISOString()}_${cursor.id}`).toString("base64url");
}

/** The cursor in a URL, or null when it is missing or not one of ours. */
export function decodeReviewCursor(token: string | null | undefined): ReviewCursor | null {
  if (!token || token.length > 120) return null;
  const match = cursorToken.exec(Buffer.from(token, "base64url").toString("utf8"));
  if (!match) return null;
  const createdAt = new Date(match[1]!);
  if (Number.isNaN(createdAt.getTime())) return null;
  return { createdAt, id: match[2]!, at: match[1]! };
}

export function toReviewView(media: MediaStorage, review: Review): ReviewView {
  return {
    id: review.id,
    name: review.name,
    content: review.content,
    rating: review.rating,
    status: review.status,
    createdAt: review.createdAt.toISOString(),
    image: review.image ? toPublicImage(media, review.image) : null,
  };
}
