import { useEffect, useRef } from "react";
import { Link } from "react-router";

/**
 * In the form's place once a review is sent: what became of it (the toast's words), until the
 * visitor asks for the form again. The link works without JavaScript too (the page without `?inviata`).
 */
export function ReviewSent({ message, onAnother }: { message: string; onAnother: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  // Focus moves here: the form the visitor was in is gone.
  useEffect(() => panel.current?.focus(), []);
  return (
    <div ref={panel} className="review-sent" role="status" tabIndex={-1}>
      <p className="review-sent__message">{message}</p>
      <p>
        {/* A link, so that without JavaScript it opens the page with the form; with it, the form comes back in place. */}
        <Link
          to="/reviews#lascia-recensione"
          onClick={(event) => {
            event.preventDefault();
            onAnother();
          }}
        >
          Scrivi un'altra recensione
        </Link>
      </p>
    </div>
  );
}
