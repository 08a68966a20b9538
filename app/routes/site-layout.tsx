import { Outlet, useLocation, useRouteLoaderData } from "react-router";
import type { LiveHandle } from "~/ui/live-updates";
import { LogoutForm } from "~/features/account/logout-form";
import { SiteFooter } from "~/features/site-content/site-footer";
import { SiteHeader } from "~/features/site-content/site-header";
import { SubscribeForm } from "~/features/newsletter/subscribe-form";
import type { loader as rootLoader } from "~/root";
import { BookingButton } from "~/composition/booking-call";

/**
 * The header and footer show the site content (and the newsletter form her consent wording), and the
 * booking buttons her booking setting: every page refreshes when the practitioner saves any of them.
 */
export const handle: LiveHandle = { liveTables: ["site_content", "booking", "newsletter_settings"] };

/** Header, main content and footer shared by every page but the landing intro. */
export default function SiteLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root")!;
  const { pathname } = useLocation();
  return (
    <>
      <a className="skip-link" href="#main">
        Vai al contenuto
      </a>
      <SiteHeader
        name={root.content.practitioner.name}
        title={root.content.practitioner.title}
        signedIn={root.signedIn}
        inPanel={pathname === "/admin" || pathname.startsWith("/admin/")}
        reviews={root.content.reviews.shown}
        logout={<LogoutForm className="site-nav__logout" buttonClassName="site-nav__link site-nav__button" />}
        booking={
          root.bookingMode !== "none" ? (
            <BookingButton external={(links) => links.booking} className="site-nav__link site-nav__booking">
              Prenota
            </BookingButton>
          ) : null
        }
      />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter
        content={root.content}
        year={root.year}
        newsletter={
          root.newsletterConsent !== null ? <SubscribeForm consentText={root.newsletterConsent} place="footer" /> : null
        }
      />
    </>
  );
}
