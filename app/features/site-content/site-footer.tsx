import type { ReactNode } from "react";
import { Link } from "react-router";
import { telHref, type PageContent } from "~/features/site-content/site-content";
import siteFooterStyles from "~/styles/site-footer.css?url";
import { Stylesheet } from "../../ui/stylesheet";

/** The footer ends every public page: each page holds its first paint until it is parsed (root.tsx). */
export const SITE_FOOTER_ID = "piede-pagina";

/**
 * Legal line on every page: Partita IVA, title and register, as Italian law requires of a
 * professional's site (the editor refuses to empty them).
 */
export function SiteFooter({
  content,
  year,
  newsletter,
}: {
  content: PageContent;
  year: number;
  /** The newsletter's form, when the composition has one. */
  newsletter?: ReactNode;
}) {
  const { practitioner, business, contact, links } = content;
  return (
    <footer className="site-footer" id={SITE_FOOTER_ID}>
      <Stylesheet href={siteFooterStyles} />
      <div className="site-footer__inner">
        <div className="site-footer__who">
          <p className="site-footer__name">{practitioner.name}</p>
          <p className="site-footer__role">{practitioner.title}</p>
        </div>
        <ul className="site-footer__links" aria-label="Contatti e profili">
          <li>
            <a href={telHref(contact.phone)}>{contact.phone}</a>
          </li>
          <li>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </li>
          {[links.social, links.messaging]
            .filter((link) => link.url)
            .map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.label}
                  <span className="visually-hidden"> (si apre in una nuova scheda)</span>
                </a>
              </li>
            ))}
          <li>
            <Link to="/ricette">Ricette</Link>
          </li>
          <li>
            <Link to="/articoli">Articoli</Link>
          </li>
          <li>
            <Link to="/domande-frequenti">Domande frequenti</Link>
          </li>
          <li>
            <Link to="/privacy">Privacy e cookie</Link>
          </li>
        </ul>
        {newsletter ? <div className="site-footer__newsletter">{newsletter}</div> : null}
      </div>
      <div className="site-footer__legal">
        <p>
          © {year} {practitioner.name} · Tutti i diritti riservati
        </p>
        <p>
          {practitioner.title} · {practitioner.register}, iscrizione n. {practitioner.registerNumber} · P.IVA{" "}
          {business.vatNumber}
        </p>
      </div>
    </footer>
  );
}
