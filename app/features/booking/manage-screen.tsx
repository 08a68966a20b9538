import { countOf } from "~/core/format/plural";
import { Form, Link } from "react-router";
import { DayCalendar, TimeList } from "./booking-steps";
import type { ManagePage } from "./manage-page.server";

/** Her appointment, as her link shows it: what, when, where, and what she may still do. */
export function ManageScreen({
  page,
  phone,
  message,
  confirmingCancel = false,
}: {
  page: ManagePage;
  /** She pressed "Annulla la visita": the page asks her to confirm. */
  confirmingCancel?: boolean;
  phone: string;
  /** A refusal just answered (e.g. the new time was taken meanwhile). */
  message?: string;
}) {
  const { appointment, change } = page;
  const tel = `tel:${phone.replace(/[^\d+]/g, "")}`;
  return (
    <div className="page booking-page">
      <h1>La tua prenotazione</h1>
      {message ? (
        <p className="booking-notice" role="alert">
          {message}
        </p>
      ) : null}
      <dl className="booking-chosen">
        <div>
          <dt>Visita</dt>
          <dd>{appointment.visitTypeName}</dd>
        </div>
        <div>
          <dt>Quando</dt>
          <dd>{appointment.when}</dd>
        </div>
        <div>
          <dt>Dove</dt>
          <dd>
            {appointment.placeName}
            {appointment.address ? (
              <>
                {", "}
                {appointment.mapsUrl ? (
                  <a href={appointment.mapsUrl} target="_blank" rel="noopener noreferrer">
                    {appointment.address}
                    <span className="visually-hidden"> (apre la mappa in una nuova scheda)</span>
                  </a>
                ) : (
                  appointment.address
                )}
              </>
            ) : null}
          </dd>
        </div>
        {appointment.onlineRoomUrl ? (
          <div>
            <dt>Collegamento</dt>
            <dd>
              <a href={appointment.onlineRoomUrl} target="_blank" rel="noopener noreferrer">
                Entra nella visita online
                <span className="visually-hidden"> (si apre in una nuova scheda)</span>
              </a>
              <br />
              <span className="booking-room-url">{appointment.onlineRoomUrl}</span>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Stato</dt>
          <dd>{appointment.statusLabel}</dd>
        </div>
      </dl>

      {appointment.tooLate ? (
        <p className="booking-notice">
          Mancano meno di {countOf(appointment.cancellationLimitHours, ["ora", "ore"])} alla visita: per annullarla o
          spostarla chiama lo studio al <a href={tel}>{phone}</a>.
        </p>
      ) : null}

      {page.bookAgain ? (
        <>
          <p>Vuoi fissare un'altra visita? I tuoi dati sono già inseriti: scegli solo il giorno e l'orario.</p>
          <div className="booking-actions">
            <Link className="button" to={page.bookAgain}>
              Prenota di nuovo
            </Link>
          </div>
        </>
      ) : null}

      {appointment.canChange && !change && !confirmingCancel ? (
        <div className="booking-actions">
          <Link className="button" to="?cambia=1">
            Cambia orario
          </Link>
          <Link className="button button--secondary" to="?annulla=1">
            Annulla la visita
          </Link>
        </div>
      ) : null}

      {appointment.canChange && confirmingCancel ? (
        // A second step, a plain form: one tap on the e-mail's link never cancels (a GET changes nothing).
        <section className="booking-step" aria-labelledby="conferma-annullamento">
          <h2 id="conferma-annullamento" className="booking-step__title">
            Vuoi annullare la visita?
          </h2>
          <p>L'orario tornerà libero per altri pazienti. Potrai prenotare di nuovo dal sito.</p>
          <div className="booking-actions">
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <button type="submit" className="button">
                Sì, annulla la visita
              </button>
            </Form>
            <Link className="button button--secondary" to=".">
              No, tieni la visita
            </Link>
          </div>
        </section>
      ) : null}

      {change ? (
        <section className="booking-step" aria-labelledby="nuovo-orario">
          <h2 id="nuovo-orario" className="booking-step__title">
            Scegli un nuovo orario
          </h2>
          <p>
            <Link to=".">Lascia l'orario com'è</Link>
          </p>
          {change.time && change.day ? (
            <Form method="post" className="booking-form">
              <p>
                Nuovo orario: {change.day.label}, ore {change.time.time}
              </p>
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="ora" value={change.time.startsAt} />
              <button type="submit" className="button">
                Conferma il nuovo orario
              </button>
            </Form>
          ) : null}
          {change.day && !change.time ? (
            <div className="booking-day-times">
              <h3>Orari liberi di {change.day.label}</h3>
              <TimeList
                times={change.day.times}
                label={`Orari liberi di ${change.day.label}`}
                href={(time) => `?giorno=${change.day?.date}&ora=${encodeURIComponent(time.startsAt)}`}
              />
            </div>
          ) : null}
          <h3>{change.day ? "Altri giorni" : "Scegli un giorno"}</h3>
          <DayCalendar days={change.days} chosen={change.day?.date} href={(day) => `?giorno=${day.date}`} />
        </section>
      ) : null}
    </div>
  );
}
