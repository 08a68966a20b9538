import { Link } from "react-router";
import type { HoursGroup } from "~/features/site-content/hours";
import { formatAddress, studioMapsUrl, telHref, type PageContent } from "~/features/site-content/site-content";
import { Field } from "~/core/forms/field";
import { CONTACT_MESSAGES } from "./messages";

/**
 * Studios, phone, e-mail, hours and a contact form. The form hands the message to the visitor's own
 * mail program (mailto:), so nothing is sent to our server and nothing is stored.
 */
export function ContactSection({
  content,
  openingHours,
  headingId,
}: {
  content: PageContent;
  /** The days grouped by their hours (grouped by the loader: the page's script needs no calendar code). */
  openingHours: HoursGroup[];
  headingId: string;
}) {
  const { contact, studios } = content;
  return (
    <div className="contact">
      <header className="section-heading">
        <h2 id={headingId}>Contatti</h2>
        <p className="section-heading__lead">
          Ricevo su appuntamento{" "}
          {studios.length > 1 ? `in ${countWords[studios.length] ?? studios.length} studi` : "in studio"}. Scrivimi o
          chiamami per fissare una visita.
        </p>
      </header>

      <div className="contact__layout">
        <div className="contact__details">
          <ul className="contact__studios">
            {studios.map((studio, index) => (
              <li key={index} className="contact-card">
                <h3 className="contact-card__title">
                  <PinIcon />
                  {studio.name}
                </h3>
                <a
                  href={studioMapsUrl(studio)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="contact-card__address"
                >
                  {formatAddress(studio)}
                  <span className="visually-hidden"> (apre la mappa in una nuova scheda)</span>
                </a>
              </li>
            ))}
          </ul>

          <dl className="contact__list">
            <div>
              <dt>Telefono</dt>
              <dd>
                <a href={telHref(contact.phone)}>{contact.phone}</a>
              </dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${contact.email}`} className="contact__email">
                  {contact.email}
                </a>
              </dd>
            </div>
            <div>
              <dt>Orari</dt>
              <dd>
                {openingHours.length ? (
                  <ul className="contact__hours">
                    {openingHours.map((group) => (
                      <li key={group.days}>
                        <span>{group.daysLong}</span> <span>{group.time}</span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  "Su appuntamento"
                )}
              </dd>
            </div>
          </dl>
        </div>

        <form
          className="contact-form"
          action={`mailto:${contact.email}`}
          method="post"
          encType="text/plain"
          aria-labelledby="contact-form-title"
        >
          <h3 id="contact-form-title" className="contact-form__title">
            Scrivimi un messaggio
          </h3>
          <p className="contact-form__note">
            Il modulo apre il tuo programma di posta con il messaggio pronto da inviare. Tutti i campi sono obbligatori.
          </p>
          <Field id="contact-name" label="Nome e cognome">
            {(control) => <input {...control} name="Nome" type="text" autoComplete="name" required maxLength={120} />}
          </Field>
          <Field id="contact-email" label="Email">
            {(control) => (
              <input {...control} name="Email" type="email" autoComplete="email" required maxLength={200} />
            )}
          </Field>
          <Field id="contact-message" label="Messaggio" hint={CONTACT_MESSAGES.noHealthData}>
            {(control) => <textarea {...control} name="Messaggio" rows={5} required maxLength={4000} />}
          </Field>
          <button type="submit" className="button">
            Invia messaggio
          </button>
          <p className="contact-form__privacy">
            Leggi l'<Link to="/privacy">informativa privacy</Link>.
          </p>
        </form>
      </div>
    </div>
  );
}

const countWords: Record<number, string> = { 2: "due", 3: "tre", 4: "quattro" };

function PinIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" className="contact-card__icon">
      <path
        d="M12 21s-6.5-5.8-6.5-11a6.5 6.5 0 0113 0c0 5.2-6.5 11-6.5 11z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="10" r="2.3" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}
