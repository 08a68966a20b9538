import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PublicImage } from "~/core/media/public-image";
import { PlainText } from "~/ui/plain-text";
import { ResponsiveImage } from "~/ui/responsive-image";
import { StudioHours } from "./contact-section";
import type { HoursGroup } from "./hours";
import { formatAddress, type Studio, studioMapsUrl, telHref } from "./site-content";

/** A visit type offered at the studio, with the booking's address for it there. */
export interface StudioVisit {
  id: string;
  name: string;
  /** "60 minuti · 80 €". */
  detail: string;
  href: string;
}

/**
 * A holiday that closes the studio, as the page says it ("venerdì 25 dicembre 2026", "Natale"), or her
 * time off ("Chiuso dal 24 al 31 dicembre 2026", no name).
 */
export interface StudioClosureView {
  date: string;
  day: string;
  name: string;
}

/**
 * A studio's page: its address with a link to a map (opened on click: nothing
 * of a map loads with the page), its week and the holidays ahead that close it, how to get there
 * in her words, the visits offered there with booking straight into this studio, and her photos of it.
 */
export function StudioPage({
  studio,
  hours,
  closures,
  visits,
  phone,
  booking,
  photos,
}: {
  studio: Studio;
  /** Her photos of the studio, in her order, each with the alt text she wrote. */
  photos: readonly { id: string; alt: string; image: PublicImage }[];
  hours: HoursGroup[];
  closures: StudioClosureView[];
  /** Null when the site's own booking is off: `booking` says how to book instead. */
  visits: StudioVisit[] | null;
  phone: string;
  booking: ReactNode;
}) {
  return (
    <article className="page studio-page" aria-labelledby="studio-title">
      <nav aria-label="Percorso" className="studio-page__crumbs">
        <Link to="/home">Home</Link> <span aria-hidden="true">›</span> <Link to="/home#contatti">Contatti</Link>{" "}
        <span aria-hidden="true">›</span> <span aria-current="page">{studio.name}</span>
      </nav>
      <h1 id="studio-title">{studio.name}</h1>
      <p className="studio-page__address">
        <a href={studioMapsUrl(studio)} target="_blank" rel="noopener noreferrer">
          {formatAddress(studio)}
          <span className="visually-hidden"> (apre la mappa in una nuova scheda)</span>
        </a>
      </p>
      <p>
        Telefono: <a href={telHref(phone)}>{phone}</a>
      </p>

      <div className="studio-page__grid">
        <section className="studio-page__card" aria-labelledby="studio-hours">
          <h2 id="studio-hours">Orari</h2>
          <StudioHours groups={hours} studio={studio.name} />
          <h3 className="studio-page__subtitle">Chiusure nei prossimi mesi</h3>
          {closures.length ? (
            <ul className="studio-page__closures">
              {closures.map((closure) => (
                <li key={`${closure.date}-${closure.name}`}>
                  <span>{closure.day}</span>{" "}
                  {closure.name ? <span className="studio-page__muted">{closure.name}</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="studio-page__muted">Nessuna chiusura nei prossimi mesi.</p>
          )}
        </section>

        {studio.directions ? (
          <section className="studio-page__card" aria-labelledby="studio-directions">
            <h2 id="studio-directions">Come arrivare</h2>
            <PlainText text={studio.directions} />
          </section>
        ) : null}

        <section className="studio-page__card" aria-labelledby="studio-visits">
          <h2 id="studio-visits">Visite in questo studio</h2>
          {visits === null ? (
            booking
          ) : visits.length ? (
            <ul className="studio-page__visits">
              {visits.map((visit) => (
                <li key={visit.id}>
                  <Link className="studio-page__visit" to={visit.href}>
                    <span className="studio-page__visit-name">{visit.name}</span>
                    <span className="studio-page__muted">{visit.detail}</span>
                    <span className="studio-page__visit-action">Prenota</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p>
              Al momento non ci sono visite prenotabili online in questo studio: chiamami al{" "}
              <a href={telHref(phone)}>{phone}</a>.
            </p>
          )}
        </section>
      </div>

      {photos.length ? (
        <section className="studio-page__gallery" aria-labelledby="studio-photos">
          <h2 id="studio-photos" className="studio-page__subtitle">
            Lo studio in foto
          </h2>
          {/* Below the studio's details: every photo waits until it is scrolled near. */}
          <ul className="studio-page__photos">
            {photos.map((photo) => (
              <li key={photo.id}>
                <ResponsiveImage
                  className="studio-page__photo"
                  image={photo.image}
                  alt={photo.alt}
                  sizes="(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, calc(100vw - 2rem)"
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
