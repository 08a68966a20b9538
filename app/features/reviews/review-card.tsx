import { useRef } from "react";
import type { PublicImage } from "~/core/media/public-image";
import type { ReviewView } from "~/features/reviews/review-view";
import reviewCardStyles from "~/styles/review-card.css?url";
import reviewTrustStyles from "~/styles/review-trust.css?url";
import { ResponsiveImage } from "../../ui/responsive-image";
import { Stylesheet } from "../../ui/stylesheet";

/** Five stars, the first `rating` filled; read out as "4 su 5". */
export function Stars({ rating }: { rating: number }) {
  const STAR = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.9z";
  return (
    <span
      className="stars"
      role="img"
      aria-label={`${Number.isInteger(rating) ? rating : `${Math.floor(rating)},5`} su 5`}
    >
      <Stylesheet href={reviewCardStyles} />
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          aria-hidden="true"
          viewBox="0 0 20 20"
          width="18"
          height="18"
          className={n <= rating ? "star star--on" : "star"}
        >
          <path d={STAR} />
          {/* A half star (an average such as 3,5): its left half drawn lit over the unlit star. */}
          {n > rating && n - 0.5 <= rating ? <path d={STAR} className="star__half" /> : null}
        </svg>
      ))}
    </span>
  );
}

/** What the "Verificata" badge means, for screen readers and in its tooltip. */
const VERIFIED_EXPLANATION =
  "Scritta con un invito personale che lo studio dà ai pazienti dopo una visita: ogni invito vale per una sola recensione.";

/**
 * One review: stars, name, date, "Verificata" badge, text with its line breaks,
 * photo, the practitioner's reply. User text is rendered as text. `children`
 * go at the foot of the card (e.g. the report form on the reviews page).
 * `photoLoading="eager"` for cards a phone shows without scrolling: a lazy image there loads late.
 */
export function ReviewCard({
  review,
  headingLevel = 3,
  children,
  photoLoading = "lazy",
}: {
  review: ReviewView;
  headingLevel?: 2 | 3 | 4;
  children?: React.ReactNode;
  photoLoading?: "lazy" | "eager";
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="review-card">
      <Stylesheet href={reviewCardStyles} />
      <Stylesheet href={reviewTrustStyles} />
      <header className="review-card__header">
        <Heading className="review-card__name">{review.name}</Heading>
        <Stars rating={review.rating} />
        <time className="review-card__date" dateTime={review.createdAt}>
          {review.createdAtText}
        </time>
        {review.verified ? (
          <span className="review-card__verified" title={VERIFIED_EXPLANATION}>
            <svg aria-hidden="true" viewBox="0 0 20 20" width="14" height="14">
              <path d="M8.2 13.6 4.6 10l-1.4 1.4 5 5 9-9-1.4-1.4z" />
            </svg>
            Verificata<span className="visually-hidden">: {VERIFIED_EXPLANATION}</span>
          </span>
        ) : null}
      </header>
      <p className="review-card__content">{review.content}</p>
      {review.image ? <ReviewPhoto image={review.image} name={review.name} loading={photoLoading} /> : null}
      {review.reply ? (
        <div className="review-card__reply">
          <p className="review-card__reply-title">
            <strong>{review.reply.title}</strong> <time dateTime={review.reply.date}>{review.reply.dateText}</time>
          </p>
          <p className="review-card__reply-content">{review.reply.content}</p>
        </div>
      ) : null}
      {children}
    </article>
  );
}

/**
 * The photo as a thumbnail that opens larger in a modal dialog (click, Enter
 * or Space; Escape, the close button or a click outside closes it, and focus
 * returns to the thumbnail). Without JavaScript the link opens the image itself.
 */
function ReviewPhoto({ image, name, loading }: { image: PublicImage; name: string; loading: "lazy" | "eager" }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const alt = `Foto allegata alla recensione di ${name}`;
  const close = () => dialog.current?.close();
  return (
    <>
      <a
        className="review-card__photo-link"
        href={image.src}
        aria-haspopup="dialog"
        onClick={(event) => {
          if (!dialog.current || typeof dialog.current.showModal !== "function") return;
          event.preventDefault();
          dialog.current.showModal();
        }}
      >
        <ResponsiveImage
          className="review-card__photo"
          image={image}
          alt={alt}
          sizes="(min-width: 60rem) 22rem, 90vw"
          loading={loading}
        />
        <span className="review-card__zoom">Ingrandisci</span>
      </a>
      <dialog
        ref={dialog}
        className="photo-dialog"
        aria-label={alt}
        onClick={(event) => {
          // A click on the backdrop lands on the dialog itself.
          if (event.target === event.currentTarget) close();
        }}
      >
        <ResponsiveImage
          className="photo-dialog__image"
          image={image}
          alt={alt}
          sizes="(min-width: 1280px) 1280px, 96vw"
        />
        <button type="button" className="photo-dialog__close" onClick={close}>
          Chiudi
        </button>
      </dialog>
    </>
  );
}
