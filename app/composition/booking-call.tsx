import type { ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import type { BookingMode } from "~/features/booking/booking-values";
import { type SiteContent, telHref } from "~/features/site-content/site-content";
import type { loader as rootLoader } from "~/root";

type PublicLinks = SiteContent["links"];

/** Where a "Prenota" button leads, and whether it opens another site in a new tab. */
export interface BookingCall {
  href: string;
  newTab: boolean;
  /** Said to screen readers after the button's text: where it leads when it is not a page. */
  hint: string | null;
}

/**
 * The booking buttons follow her choice in the agenda's settings: the site's own booking, her
 * external profile (each button its own configured address, as before booking existed), a call to
 * the studio, or no button at all.
 */
export function bookingCall(mode: BookingMode, place: { external: string; phone: string }): BookingCall | null {
  switch (mode) {
    case "site":
      return { href: "/prenota", newTab: false, hint: null };
    case "external":
      // No address given for this button: the studio's phone instead.
      if (!place.external) return { href: telHref(place.phone), newTab: false, hint: " (chiama lo studio)" };
      return { href: place.external, newTab: true, hint: " (si apre in una nuova scheda)" };
    case "phone":
      return { href: telHref(place.phone), newTab: false, hint: " (chiama lo studio)" };
    case "none":
      return null;
  }
}

/**
 * A booking button as her setting wants it (nothing when she chose none). `external` is this
 * button's own address for her external profile; the text is the caller's.
 */
export function BookingButton({
  external,
  className = "button",
  children,
  fallback = null,
}: {
  external: (links: PublicLinks) => string;
  className?: string;
  children: ReactNode;
  /** Shown instead when she chose no booking button. */
  fallback?: ReactNode;
}) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root) return null;
  const call = bookingCall(root.bookingMode, {
    external: external(root.content.links),
    phone: root.content.contact.phone,
  });
  if (!call) return fallback;
  const hint = call.hint ? <span className="visually-hidden">{call.hint}</span> : null;
  return call.href.startsWith("/") ? (
    <Link className={className} to={call.href}>
      {children}
    </Link>
  ) : (
    <a className={className} href={call.href} {...(call.newTab ? { target: "_blank", rel: "noopener" } : {})}>
      {children}
      {hint}
    </a>
  );
}
