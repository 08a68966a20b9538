import type { ActionResult } from "~/core/forms/action-result";
import newsletterStyles from "~/styles/newsletter.css?url";
import { Stylesheet } from "~/ui/stylesheet";
import { EMAIL_MAX } from "./consent";
import { NEWSLETTER_PATH } from "./newsletter-paths";

/**
 * The subscription form (footer, under each article, its own page): an address and her consent
 * wording. A plain form, with or without JavaScript: the page it posts to answers (no script of its
 * own on every page). No cookie, no identifier: nothing is kept of a visitor until the
 * e-mailed link is confirmed.
 */
export function SubscribeForm({
  consentText,
  place,
  result,
  action = NEWSLETTER_PATH,
}: {
  consentText: string;
  /** Where it is: names its fields' ids and its look (the footer's is on a dark ground). */
  place: "footer" | "article" | "page";
  /** The answer to the post, on the page the form is on. */
  result?: ActionResult;
  /** Where it posts: the newsletter's page, or the article's own (the reader stays on it). */
  action?: string;
}) {
  const id = `newsletter-${place}`;
  return (
    <form
      id={id}
      method="post"
      action={action}
      // No accessible name: a named form is a landmark, and a page may hold two (an article's and the footer's).
      className={`newsletter-form newsletter-form--${place}`}
    >
      <Stylesheet href={newsletterStyles} />
      <p className="newsletter-form__title">Ricevi la newsletter</p>
      <p className="newsletter-form__lead">Articoli e ricette nuove, al massimo qualche volta al mese.</p>
      <label htmlFor={`${id}-email`} className="newsletter-form__label">
        Il tuo indirizzo e-mail
      </label>
      <input
        id={`${id}-email`}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={EMAIL_MAX}
        className="newsletter-form__input"
      />
      <label className="newsletter-form__consent">
        <input type="checkbox" name="consent" value="si" required />
        <span>{consentText}</span>
      </label>
      <button type="submit" className="button newsletter-form__button">
        Iscriviti
      </button>
      {result ? (
        <p className={result.ok ? "newsletter-form__status" : "newsletter-form__status--error"} role="status">
          {result.message}
        </p>
      ) : null}
    </form>
  );
}
