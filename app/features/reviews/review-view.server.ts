import type { Review } from "./schema";
import { formatItalianDate, nameAfter } from "~/core/format/italian-format";
import { toPublicImage } from "~/core/media/image-pipeline.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import type { ReviewView } from "./review-view";
import type { ReviewWithReply } from "./reviews.server";

/** A review as pages receive it; `replyAuthor` signs the practitioner's reply ("Risposta della Dott.ssa …"). */
export function toReviewView(media: MediaStorage, review: Review | ReviewWithReply, replyAuthor: string): ReviewView {
  const reply = "reply" in review ? review.reply : null;
  return {
    verified: review.verified,
    reply: reply
      ? {
          content: reply.content,
          date: reply.updatedAt.toISOString(),
          dateText: formatItalianDate(reply.updatedAt.toISOString()),
          title: `Risposta ${nameAfter("di", replyAuthor)}`,
        }
      : null,
    id: review.id,
    name: review.name,
    content: review.content,
    rating: review.rating,
    status: review.status,
    createdAt: review.createdAt.toISOString(),
    createdAtText: formatItalianDate(review.createdAt.toISOString()),
    image: review.image ? toPublicImage(media, review.image) : null,
  };
}
