import type { ReviewView } from "~/models/views";
import { ResponsiveImage } from "./responsive-image";

const dateFormat = new Intl.DateTimeFormat("it-IT", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Rome" });

export function formatReviewDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** Five stars, the first `rating` filled; read out as "4 su 5". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={`${rating} su 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} aria-hidden="true" viewBox="0 0 20 20" width="18" height="18" className={n <= rating ? "star star--on" : "star"}>
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}

/** One review: stars, name, date, text with its line breaks, photo if any. User text is rendered as text. */
export function ReviewCard({ review, headingLevel = 3 }: { review: ReviewView; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="review-card">
      <header className="review-card__header">
        <Heading className="review-card__name">{review.name}</Heading>
        <Stars rating={review.rating} />
        <time className="review-card__date" dateTime={review.createdAt}>
          {formatReviewDate(review.createdAt)}
        </time>
      </header>
      <p className="review-card__content">{review.content}</p>
      {review.image ? (
        <ResponsiveImage
          className="review-card__photo"
          image={review.image}
          alt={`Foto allegata alla recensione di ${review.name}`}
          sizes="(min-width: 60rem) 22rem, 90vw"
        />
      ) : null}
    </article>
  );
}
