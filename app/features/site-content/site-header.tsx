import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Logo } from "~/ui/logo";
import { scrollToSection } from "~/ui/smooth-scroll";
import { Stylesheet } from "~/ui/stylesheet";
import siteHeaderStyles from "~/styles/site-header.css?url";

/** The header turns opaque past 50 px of scroll. */
const HEADER_OPAQUE_AFTER_PX = 50;

/** The site's sections, in its menu (and in the panel's phone menu, the one menu there). */
const SECTION_LINKS = [
  { href: "/home#chi-sono", label: "Chi sono" },
  { href: "/home#servizi", label: "Servizi" },
  { href: "/home#recensioni", label: "Recensioni" },
  { href: "/home#contatti", label: "Contatti" },
] as const;

/** The home's sections she shows (the reviews' only while they are on). */
export const siteSectionLinks = (reviews: boolean) =>
  SECTION_LINKS.filter((link) => reviews || link.href !== "/home#recensioni");

/**
 * The site's header; signed in, its menu ends with `logout` (the sign-out form, which the layout puts
 * in). `booking` is the menu's "Prenota" link when the site has a booking button.
 */
export function SiteHeader({
  name,
  title,
  signedIn,
  inPanel,
  logout,
  booking,
  reviews,
}: {
  name: string;
  title: string;
  signedIn: boolean;
  /** On the panel's screens the phone menu is the panel's, which holds the site's links too. */
  inPanel: boolean;
  logout: ReactNode;
  booking: ReactNode;
  /** The reviews are shown on the site (her setting): their link is in the menu. */
  reviews: boolean;
}) {
  const [scrolled, setScrolled] = useState(false);
  const menuRef = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > HEADER_OPAQUE_AFTER_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const menu = menuRef.current;
      if (event.key === "Escape" && menu?.open) {
        menu.open = false;
        menu.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const closeMenu = () => {
    if (menuRef.current) menuRef.current.open = false;
  };

  const { pathname } = useLocation();
  // On /home the section links glide there (500 ms, 80 px under the header); elsewhere they navigate.
  const onSectionLink = (event: React.MouseEvent<HTMLAnchorElement>, href: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const [path, id] = href.split("#");
    const section = id ? document.getElementById(id) : null;
    if (path !== pathname || !section) return;
    event.preventDefault();
    closeMenu();
    // Keeps React Router's history entry; only the address's hash changes.
    window.history.replaceState(window.history.state, "", `#${id}`);
    scrollToSection(section);
  };

  const links = (
    <ul className="site-nav__list" onClick={(e) => (e.target as HTMLElement).closest("a") && closeMenu()}>
      {siteSectionLinks(reviews).map((link) => (
        <li key={link.href}>
          <Link to={link.href} className="site-nav__link" onClick={(event) => onSectionLink(event, link.href)}>
            {link.label}
          </Link>
        </li>
      ))}
      {booking ? <li>{booking}</li> : null}
      {signedIn ? (
        <>
          <li>
            <NavLink to="/admin" className="site-nav__link">
              Admin
            </NavLink>
          </li>
          <li>{logout}</li>
        </>
      ) : (
        <li>
          <NavLink to="/admin-login" className="site-nav__link site-nav__login">
            Accedi
          </NavLink>
        </li>
      )}
    </ul>
  );

  return (
    <header className="site-header" data-scrolled={scrolled ? "true" : "false"} data-panel={inPanel || undefined}>
      <Stylesheet href={siteHeaderStyles} />
      <div className="site-header__inner">
        <Link to="/home" className="brand">
          <Logo className="brand__logo" />
          <span className="brand__text">
            <span className="brand__name">{name}</span>
            <span className="brand__title">
              {title}
              <span className="visually-hidden"> – home</span>
            </span>
          </span>
        </Link>
        <nav className="site-nav site-nav--wide" aria-label="Principale">
          {links}
        </nav>
        <details className="site-nav site-nav--menu" ref={menuRef}>
          <summary className="menu-toggle" aria-label="Menu">
            <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </summary>
          <nav aria-label="Menu mobile" className="site-nav__panel">
            {links}
          </nav>
        </details>
      </div>
    </header>
  );
}
