import { useId } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/core/forms/action-result";
import newsletterStyles from "~/styles/newsletter.css?url";
import { Stylesheet } from "~/ui/stylesheet";
import { EMAIL_MAX } from "./consent";
import { NEWSLETTER_PATH } from "./newsletter-paths";

/**
 * The subscription form (footer, under each article, its own page): an address and her consent
 * wording. A plain post without JavaScript (the newsletter page answers); with it, answered in place.
 * No cookie, no identifier: nothing is kept of a visitor until the e-mailed link is confirmed.
 */
export function SubscribeForm({
  consentText,
  tone = "light",
  result: pageResult,
}: {
  consentText: string;
  tone?: "light" | "dark";
  /** The page's own answer to a plain post. */
  result?: ActionResult;
}) {
  const fetcher = useFetcher<ActionResult>();
  const id = useId();
  const result = (fetcher.state === "idle" ? fetcher.data : undefined) ?? pageResult;
  return (
    <fetcher.Form
      method="post"
      action={NEWSLETTER_PATH}
      className={`newsletter-form newsletter-form--${tone}`}
      aria-labelledby={`${id}-title`}
      key={result?.ok ? "sent" : "form"}
    >
      <Stylesheet href={newsletterStyles} />
      <p id={`${id}-title`} className="newsletter-form__title">
        Ricevi la newsletter
      </p>
      <p className="newsletter-form__lead">Articoli e ricette nuove, al massimo qualche volta al mese.</p>
      <div className="newsletter-form__row">
        <label htmlFor={`${id}-email`} className="newsletter-form__label">
          Il tuo indirizzo e-mail
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={EMAIL_MAX}
          className="newsletter-form__input"
        />
      </div>
      <label className="newsletter-form__consent">
        <input type="checkbox" name="consent" value="si" required />
        <span>{consentText}</span>
      </label>
      <button type="submit" className="button newsletter-form__button" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Invio…" : "Iscriviti"}
      </button>
      <p
        className={`newsletter-form__status${result && !result.ok ? " newsletter-form__status--error" : ""}`}
        role="status"
      >
        {result?.message ?? null}
      </p>
    </fetcher.Form>
  );
}
