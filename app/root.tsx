import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import type { Route } from "./+types/root";
import { isSignedIn } from "~/features/account/admin-auth.server";
import { LiveUpdates } from "~/ui/live-updates";
import { SITE_FOOTER_ID } from "~/features/site-content/site-footer";
import { AfterFirstPaint } from "~/ui/after-first-paint";
import { useNonce } from "~/ui/nonce";
import { Stylesheet } from "~/ui/stylesheet";
import { announceWithToast, Toaster } from "~/ui/toaster";
import { AnnounceContext } from "~/core/forms/announce";
import { requestContext, servicesContext } from "~/context";
import { toPublicContent } from "~/features/site-content/site-content.server";
import { withDetailsFilled } from "~/features/site-content/placeholders";
import baseStyles from "./app.css?url";
import errorPageStyles from "./styles/error-page.css?url";
import fontStyles from "./styles/fonts.css?url";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { siteContent, media, config, flash: flashStore } = services;
  const published = await siteContent.current();
  // The header's Admin link and logout button; the session is checked again by every admin route.
  const signedIn = await isSignedIn(services, request);
  const flash = await flashStore.read(request);
  const { mode: bookingMode } = await services.bookingSettings.get();
  // The newsletter form's consent wording; no form while e-mail is not configured.
  const newsletterConsent = services.mailer.enabled ? await services.newsletter.consentText() : null;
  return data(
    {
      // Every page shows some of it (header, footer, JSON-LD); it refreshes live when she saves.
      // Her texts with her details filled in (decision 66).
      content: toPublicContent(media, withDetailsFilled(published.content)),
      contentVersion: published.version,
      contentSavedAt: published.savedAt,
      // Canonical and share URLs in every page's meta (app/features/site-content/meta.ts).
      siteUrl: config.siteUrl,
      flash,
      // The server's year, so the footer never mismatches during hydration.
      year: new Date().getFullYear(),
      // The live stream's greeting tells whether something changed after this render.
      liveVersions: context.get(requestContext).liveVersions,
      signedIn,
      // Where the booking buttons lead (app/composition/booking-call.tsx); live under "booking".
      bookingMode,
      newsletterConsent,
    },
    flash ? { headers: { "Set-Cookie": await flashStore.clear(request) } } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The practitioner's panel is for working, not for a first visit on a slow phone: its scripts load
  // at once, so her first tap already has them.
  const { pathname } = useLocation();
  const inPanel = pathname === "/admin" || pathname.startsWith("/admin/");
  const scriptsAndFonts = (
    <>
      <Scripts nonce={nonce} />
      <link rel="stylesheet" href={fontStyles} />
    </>
  );
  return (
    <html lang="it">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#3f6137" />
        {/*
          Nothing is painted until the footer is parsed: a page painted half-parsed (the parser yields
          on a long document, a slow connection brings it in pieces) moves as the rest comes in, a line
          wrapping or a centred block settling. A page without the footer is painted once parsed.
          Browsers without `rel=expect` paint as before.
        */}
        <link rel="expect" href={`#${SITE_FOOTER_ID}`} blocking="render" />
        <Stylesheet href={baseStyles} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        {inPanel ? scriptsAndFonts : <AfterFirstPaint nonce={nonce}>{scriptsAndFonts}</AfterFirstPaint>}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <AnnounceContext value={announceWithToast}>
      <Toaster initial={loaderData.flash} />
      <LiveUpdates rendered={loaderData.liveVersions} />
      <Outlet />
    </AnnounceContext>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="error-page" id="main">
      <Stylesheet href={errorPageStyles} />
      <h1>{notFound ? "Pagina non trovata" : "Si è verificato un errore"}</h1>
      <p>
        {notFound
          ? "La pagina che cerchi non esiste o è stata spostata."
          : "Riprova tra qualche istante. Se il problema continua, contattaci."}
      </p>
      <a className="button" href="/home">
        Torna alla home
      </a>
    </main>
  );
}
