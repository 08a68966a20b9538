import { useState } from "react";
import { Link, useFetcher } from "react-router";
import type { ActionResult } from "~/core/forms/action-result";
import type { HoursGroup } from "~/features/site-content/hours";
import { formatAddress, studioMapsUrl, telHref, type PageContent } from "~/features/site-content/site-content";
import { Field } from "~/core/forms/field";
import { contactMailtoHref } from "./contact-mailto";
import { studioPath, studioSlugs } from "./studio-slugs";
import { CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from "./contact-limits";
import { CONTACT_MESSAGES } from "./contact-messages";

/**
 * Studios, phone, e-mail, hours and a contact form. With e-mail configured (`bySite`) the form posts
 * to the site, which queues the message in its outbox; without, it hands the message to the
 * visitor's own mail program (mailto:), so nothing is sent to our server and nothing is stored.
 */
export function ContactSection({
  content,
  studioHours,
  onlineHours,
  headingId,
  bySite,
}: {
  content: PageContent;
  /**
   * Each studio's days grouped by their hours, in the studios' order (grouped by the loader: the
   * page's script needs no calendar code).
   */
  studioHours: HoursGroup[][];
  /** The online visits' days grouped by their hours, when a patient can book one; null otherwise. */
  onlineHours: HoursGroup[] | null;
  headingId: string;
  /** E-mail is configured: the message goes through the site. */
  bySite: boolean;
}) {
  const { contact, studios } = content;
  const slugs = studioSlugs(studios);
  return (
    <div className="contact">
      <header className="section-heading">
        <h2 id={headingId}>Contatti</h2>
        <p className="section-heading__lead">
          Ricevo su appuntamento{" "}
          {studios.length > 1 ? `in ${countWords[studios.length] ?? studios.length} studi` : "in studio"}
          {onlineHours ? " e online" : ""}. Scrivimi o chiamami per fissare una visita.
        </p>
      </header>

      <div className="contact__layout">
        <div className="contact__details">
          <ul className="contact__studios">
            {studios.map((studio, index) => (
              <li key={studio.key} className="contact-card">
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
                <StudioHours groups={studioHours[index] ?? []} studio={studio.name} />
                <Link to={studioPath(slugs.get(studio.key)!)} className="contact-card__page">
                  Chiusure e come arrivare<span className="visually-hidden">: {studio.name}</span>
                </Link>
              </li>
            ))}
            {onlineHours ? (
              <li className="contact-card">
                <h3 className="contact-card__title">
                  <ScreenIcon />
                  Visite online
                </h3>
                <p className="contact-card__note">Da dove vuoi: riceverai il collegamento prima della visita.</p>
                <StudioHours groups={onlineHours} studio="Visite online" />
              </li>
            ) : null}
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
          </dl>
        </div>

        {bySite ? <SiteContactForm /> : <MailtoContactForm email={contact.email} />}
      </div>
    </div>
  );
}

/** A studio's week: "Lunedì – Venerdì 9:00–19:00", closed days said as "Chiuso"; "Su appuntamento" when never open. */
export function StudioHours({ groups, studio }: { groups: HoursGroup[]; studio: string }) {
  if (groups.every((group) => group.closed)) return <p className="contact-card__hours-none">Orari: su appuntamento</p>;
  return (
    <ul className="contact__hours" aria-label={`Orari, ${studio}`}>
      {groups.map((group) => (
        <li key={group.days} className={group.closed ? "contact__hours-closed" : undefined}>
          <span>{group.daysLong}</span> <span>{group.time}</span>
        </li>
      ))}
    </ul>
  );
}

/** The three fields, named as each way of sending needs them (the mail-to body shows the names). */
function ContactFields({ names }: { names: { name: string; email: string; message: string } }) {
  return (
    <>
      <Field id="contact-name" label="Nome e cognome">
        {(control) => (
          <input {...control} name={names.name} type="text" autoComplete="name" required maxLength={CONTACT_NAME_MAX} />
        )}
      </Field>
      <Field id="contact-email" label="Email">
        {(control) => (
          <input
            {...control}
            name={names.email}
            type="email"
            autoComplete="email"
            required
            maxLength={CONTACT_EMAIL_MAX}
          />
        )}
      </Field>
      <Field id="contact-message" label="Messaggio" hint={CONTACT_MESSAGES.noHealthData}>
        {(control) => <textarea {...control} name={names.message} rows={5} required maxLength={CONTACT_MESSAGE_MAX} />}
      </Field>
    </>
  );
}

function ContactFormEnd() {
  return (
    <p className="contact-form__privacy">
      Leggi l'<Link to="/privacy">informativa privacy</Link>.
    </p>
  );
}

/**
 * No e-mail configured: the visitor's mail program opens with the message ready. With JavaScript the
 * address is composed here (subject and body encoded as UTF-8, accented letters intact) and the page
 * says what happens; without, the browser hands the form to the mail program itself.
 */
function MailtoContactForm({ email }: { email: string }) {
  const [href, setHref] = useState<string | null>(null);
  return (
    <form
      className="contact-form"
      action={`mailto:${email}`}
      method="post"
      encType="text/plain"
      aria-labelledby="contact-form-title"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const text = (name: string) => String(form.get(name) ?? "");
        const composed = contactMailtoHref(email, {
          name: text("Nome"),
          email: text("Email"),
          message: text("Messaggio"),
        });
        setHref(composed);
        window.location.href = composed;
      }}
    >
      <h3 id="contact-form-title" className="contact-form__title">
        Scrivimi un messaggio
      </h3>
      <p className="contact-form__note">
        Il modulo apre il tuo programma di posta con il messaggio pronto da inviare. Tutti i campi sono obbligatori.
      </p>
      <ContactFields names={{ name: "Nome", email: "Email", message: "Messaggio" }} />
      <button type="submit" className="button">
        Invia messaggio
      </button>
      <p className="contact-form__status" role="status">
        {href ? (
          <>
            {CONTACT_MESSAGES.mailtoOpening} <a href={href}>{email}</a>.
          </>
        ) : null}
      </p>
      <ContactFormEnd />
    </form>
  );
}

/** E-mail configured: the message is posted to the site, which queues it; the answer is said in place. */
function SiteContactForm() {
  const sender = useFetcher<ActionResult>();
  const result = sender.state === "idle" ? sender.data : undefined;
  return (
    <sender.Form
      className="contact-form"
      action="/contatti"
      method="post"
      aria-labelledby="contact-form-title"
      // A sent message leaves the form empty for the next one; a refused one keeps what was typed.
      key={result?.ok ? JSON.stringify(result) : "contact"}
    >
      <h3 id="contact-form-title" className="contact-form__title">
        Scrivimi un messaggio
      </h3>
      <p className="contact-form__note">
        Il messaggio arriva direttamente allo studio: ti rispondo all'indirizzo email che indichi. Tutti i campi sono
        obbligatori.
      </p>
      <ContactFields names={{ name: "name", email: "email", message: "message" }} />
      <button type="submit" className="button" disabled={sender.state !== "idle"}>
        {sender.state !== "idle" ? "Invio…" : "Invia messaggio"}
      </button>
      <p className={`contact-form__status${result && !result.ok ? " contact-form__status--error" : ""}`} role="status">
        {result ? (result.ok ? CONTACT_MESSAGES.sentDetail : result.message) : null}
      </p>
      <ContactFormEnd />
    </sender.Form>
  );
}

const countWords: Record<number, string> = { 2: "due", 3: "tre", 4: "quattro" };

/** A screen: the online visits. */
function ScreenIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" className="contact-card__icon">
      <rect x="3" y="4.5" width="18" height="12" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M9 20h6M12 16.5V20" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

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
