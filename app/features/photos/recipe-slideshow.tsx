import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { SLIDE_INTERVAL_MS, slideAtScroll, slideCounter, wrapIndex } from "~/features/photos/slideshow";
import type { RecipePhotoView } from "./recipe-photo-view";
import { ResponsiveImage } from "../../ui/responsive-image";

const reducedMotionQuery = "(prefers-reduced-motion: reduce)";

/**
 * The recipe photos, following the W3C WAI carousel pattern: a rotation button first, previous and next
 * buttons, dots, and an "n di N" counter that is a polite live region whenever the slides are not
 * rotating by themselves. Rotation pauses while the pointer is over it or focus is inside it, stops for
 * good when the visitor takes over (buttons, dots, swipe), and starts stopped under reduced motion.
 *
 * The slides are a horizontal scroll-snap strip: without JavaScript the first photo shows and the others
 * are one swipe or one dot (a plain anchor) away; with it, the buttons drive the same strip.
 */
export function RecipeSlideshow({ photos, label }: { photos: RecipePhotoView[]; label: string }) {
  const count = photos.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [ready, setReady] = useState(false);
  const trackRef = useRef<HTMLDivElement>(null);
  /** The slide a programmatic scroll is heading to; scroll events on the way there are not the visitor's. */
  const targetRef = useRef<number | null>(null);
  const settleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const current = Math.min(index, Math.max(0, count - 1));
  const rotating = ready && playing && !hovered && !focused && count > 1;

  useEffect(() => {
    if (window.matchMedia(reducedMotionQuery).matches) setPlaying(false);
    setReady(true);
    return () => clearTimeout(settleTimer.current);
  }, []);

  const scrollTo = (slide: number, smooth: boolean) => {
    const track = trackRef.current;
    const target = track?.children[slide] as HTMLElement | undefined;
    if (!track || !target) return;
    targetRef.current = slide;
    const reduced = window.matchMedia(reducedMotionQuery).matches;
    track.scrollTo({ left: target.offsetLeft, behavior: smooth && !reduced ? "smooth" : "instant" });
  };

  const goTo = (slide: number) => {
    const next = wrapIndex(slide, count);
    setIndex(next);
    scrollTo(next, true);
  };

  // A live update may remove photos: keep the strip on the slide the counter shows.
  useEffect(() => {
    if (ready && index !== current) {
      setIndex(current);
      scrollTo(current, false);
    }
  });

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => goTo(current + 1), SLIDE_INTERVAL_MS);
    return () => clearTimeout(timer);
    // goTo reads the latest count and index through this render's closure.
  }, [rotating, current, count]);

  const takeOver = () => setPlaying(false);

  const onScroll = () => {
    clearTimeout(settleTimer.current);
    settleTimer.current = setTimeout(() => {
      const track = trackRef.current;
      if (!track) return;
      const settled = slideAtScroll(track.scrollLeft, track.clientWidth, count);
      if (targetRef.current !== null) {
        if (settled === targetRef.current) targetRef.current = null;
        return;
      }
      setIndex(settled);
    }, 120);
  };

  const onUserScroll = () => {
    // The visitor swipes or scrolls the strip: that is taking over.
    targetRef.current = null;
    takeOver();
  };

  if (count === 0) {
    return <p className="empty-state slideshow-empty">Nessuna foto di ricette disponibile al momento.</p>;
  }

  const several = count > 1;
  return (
    <div
      className="slideshow"
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      data-ready={ready ? "true" : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => {
        // The rotation button itself must stay usable to restart rotation.
        if (!(event.target as HTMLElement).closest(".slideshow__rotation")) setFocused(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="slideshow__track"
        ref={trackRef}
        onScroll={onScroll}
        onPointerDown={onUserScroll}
        onWheel={(event) => Math.abs(event.deltaX) > Math.abs(event.deltaY) && onUserScroll()}
        onKeyDown={(event) => ["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key) && onUserScroll()}
        // Scrollable, so reachable by keyboard (arrow keys scroll it without JavaScript too).
        tabIndex={0}
        role="group"
        aria-label="Foto"
      >
        {photos.map((photo, i) => (
          <div
            key={photo.id}
            id={`ricetta-${i + 1}`}
            className="slideshow__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={slideCounter(i, count)}
            inert={ready && several && i !== current}
          >
            <ResponsiveImage
              className="slideshow__image"
              image={photo.image}
              alt={photo.title ? `Foto della ricetta: ${photo.title}` : "Foto di una ricetta"}
              sizes="(min-width: 50rem) 46rem, calc(100vw - 2rem)"
            />
            {photo.title ? (
              <p className="slideshow__caption" aria-hidden="true">
                {photo.title}
              </p>
            ) : null}
            {photo.recipeSlug ? (
              <Link
                className="slideshow__recipe"
                to={`/ricette/${photo.recipeSlug}`}
                aria-label={`Leggi la ricetta${photo.title ? `: ${photo.title}` : ""}`}
              >
                Leggi la ricetta
              </Link>
            ) : null}
          </div>
        ))}
      </div>

      {several ? (
        <div className="slideshow__controls">
          <button type="button" className="slideshow__button slideshow__rotation" onClick={() => setPlaying((p) => !p)}>
            {playing ? <PauseIcon /> : <PlayIcon />}
            <span>
              {playing ? "Pausa" : "Avvia"}
              <span className="visually-hidden"> presentazione</span>
            </span>
          </button>
          <div className="slideshow__nav">
            <button
              type="button"
              className="slideshow__button slideshow__step"
              aria-label="Foto precedente"
              onClick={() => {
                takeOver();
                goTo(current - 1);
              }}
            >
              <ChevronIcon direction="left" />
            </button>
            <div className="slideshow__dots">
              {photos.map((photo, i) => (
                <a
                  key={photo.id}
                  href={`#ricetta-${i + 1}`}
                  className="slideshow__dot"
                  aria-label={`Foto ${i + 1}`}
                  aria-current={i === current ? "true" : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    takeOver();
                    goTo(i);
                  }}
                />
              ))}
            </div>
            <button
              type="button"
              className="slideshow__button slideshow__step"
              aria-label="Foto successiva"
              onClick={() => {
                takeOver();
                goTo(current + 1);
              }}
            >
              <ChevronIcon direction="right" />
            </button>
          </div>
          <p className="slideshow__counter" aria-live={rotating ? "off" : "polite"} aria-atomic="true">
            {slideCounter(current, count)}
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** Under the slideshow once a recipe is published, whether or not the slideshow has photos: the list of every recipe. */
export function AllRecipesLink() {
  return (
    <p className="section__more">
      <Link to="/ricette" className="arrow-link">
        Tutte le ricette
      </Link>
    </p>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M6 4h3v12H6zM11 4h3v12h-3z" fill="currentColor" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M6 3.5v13l10.5-6.5z" fill="currentColor" />
    </svg>
  );
}

function ChevronIcon({ direction }: { direction: "left" | "right" }) {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === "left" ? "M12.5 4.5L7 10l5.5 5.5" : "M7.5 4.5L13 10l-5.5 5.5"}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
