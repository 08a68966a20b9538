import { z } from "zod";

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

/**
 * A cursor's text: "<created at>_<id>". The date must be a real one (no 30 February, no hour 24,
 * no year 0: PostgreSQL refuses them, and the query would fail) with at most microseconds, in UTC
 * as encodeReviewCursor writes it; the id a review id.
 */
const cursorText = z
  .string()
  .max(80)
  .transform((text) => text.split("_"))
  .pipe(
    z.tuple([
      z.iso
        .datetime()
        .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{1,6}Z$/)
        .refine((at) => !at.startsWith("0000")),
      z.guid(),
    ]),
  );

/** A cursor as it travels in a URL (`?dopo=…`): opaque, short, URL-safe. */
export function encodeReviewCursor(cursor: ReviewCursor): string {
  return Buffer.from(`${cursor.at ?? cursor.createdAt.toISOString()}_${cursor.id}`).toString("base64url");
}

/** The cursor in a URL, or null when it is missing or not one of ours (then the list starts at the top). */
export function decodeReviewCursor(token: string | null | undefined): ReviewCursor | null {
  if (!token || token.length > 120) return null;
  const parsed = cursorText.safeParse(Buffer.from(token, "base64url").toString("utf8"));
  if (!parsed.success) return null;
  const [at, id] = parsed.data;
  return { createdAt: new Date(at), id, at };
}
