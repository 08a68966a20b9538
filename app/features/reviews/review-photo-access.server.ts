import type { ReviewStatus } from "./schema";
import type { EventBus } from "~/core/events/event-bus.server";
import type { ReviewRepository } from "./reviews.server";

/**
 * Who /media may send a stored file to:
 * - "anyone": a file of the site's own (recipe photos, the portrait), cached anywhere for good;
 * - "anyone, browser cache only": a published review's photo; the review can be hidden or deleted,
 *   and then no shared cache may go on serving it;
 * - "administrator": the photo of a review waiting for approval or hidden, for the admin's
 *   moderation screens only, kept by no cache;
 * - null: a review photo no review shows (deleted, or an upload never saved): not found.
 */
export type MediaAudience = "anyone" | "anyone, browser cache only" | "administrator" | null;

const REVIEW_PHOTOS = "reviews/";
/** Photos whose review's status is remembered at most; past this the memory starts afresh. */
const REMEMBERED_MAX = 5000;

/**
 * Decides per request who may see a media file. A review photo is looked up by its key (the review
 * whose renditions list it); the answer is remembered until the next change of any review, which
 * the event bus announces at once in the process that made it (and within moments in the others).
 */
export function createMediaAccess(
  reviews: Pick<ReviewRepository, "photoStatus">,
  bus: EventBus,
  /** Whether a request's Cookie header holds a signed-in administrator's session (the account feature knows). */
  isAdministrator: (cookieHeader: string | undefined) => Promise<boolean>,
) {
  const remembered = new Map<string, ReviewStatus | null>();
  let generation = 0;
  bus.subscribe((event) => {
    if (event.table !== "reviews") return;
    generation++;
    remembered.clear();
  });

  async function reviewStatus(key: string): Promise<ReviewStatus | null> {
    const known = remembered.get(key);
    if (known !== undefined) return known;
    const asked = generation;
    const status = await reviews.photoStatus(key);
    // A review changed while we asked: the answer may be older than the change, so it is not kept.
    if (asked === generation) {
      if (remembered.size >= REMEMBERED_MAX) remembered.clear();
      remembered.set(key, status);
    }
    return status;
  }

  return {
    async audience(key: string, cookieHeader: string | undefined): Promise<MediaAudience> {
      if (!key.startsWith(REVIEW_PHOTOS)) return "anyone";
      const status = await reviewStatus(key);
      if (status === "published") return "anyone, browser cache only";
      return status && (await isAdministrator(cookieHeader)) ? "administrator" : null;
    },
  };
}

export type MediaAccess = ReturnType<typeof createMediaAccess>;
