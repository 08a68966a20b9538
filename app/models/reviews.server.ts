import { and, count, desc, eq, lt, or, sql, type SQL } from "drizzle-orm";
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
}

export interface ReviewPage {
  reviews: Review[];
  /** Present when more reviews follow. */
  nextCursor: ReviewCursor | null;
}

export function createReviewRepository(db: Db) {
  return {
    /** Newest first (spec order); keyset-paginated so later pages stay fast with many reviews. */
    async listPage(options: {
      status?: ReviewStatus;
      limit: number;
      after?: ReviewCursor | null;
    }): Promise<ReviewPage> {
      const conditions: SQL[] = [];
      if (options.status) conditions.push(eq(reviews.status, options.status));
      if (options.after) {
        const { createdAt, id } = options.after;
        conditions.push(
          or(lt(reviews.createdAt, createdAt), and(eq(reviews.createdAt, createdAt), lt(reviews.id, id)))!,
        );
      }
      const rows = await db
        .select()
        .from(reviews)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(options.limit + 1);
      const page = rows.slice(0, options.limit);
      const last = page.at(-1);
      return {
        reviews: page,
        nextCursor: rows.length > options.limit && last ? { createdAt: last.createdAt, id: last.id } : null,
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
