import type { ReactNode } from "react";
import { data, Link, NavLink, Outlet, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { adminContext, authenticateAdmin, renewSession, requireAdmin } from "~/features/account/admin-auth.server";
import { AdminErrorBoundary, isAccessRefusal } from "~/ui/admin/error-boundary";
import { LogoutForm } from "~/features/account/logout-form";
import { Stylesheet } from "~/ui/stylesheet";
import adminStyles from "~/styles/admin.css?url";
import { servicesContext } from "~/context";
import { formatCount } from "~/core/format/italian-format";
import { siteSectionLinks } from "~/features/site-content/site-header";
import type { loader as rootLoader } from "~/root";
import { BookingButton } from "~/composition/booking-call";
import { type AdminTodo, loadAdminTodo, siteAddressNotice } from "~/composition/admin/todo.server";

/**
 * Every route below checks the session (and the Origin of every write) before its loader or action
 * runs; a session in use is kept alive, and no admin response is ever cached.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const s = context.get(servicesContext);
    const admin = await authenticateAdmin(s, request);
    context.set(adminContext, admin);
    const renewedCookie = await renewSession(s, request, admin);
    const response = await next();
    // Admin pages show private data: never cached, by the browser or any proxy.
    response.headers.set("Cache-Control", "private, no-store");
    if (renewedCookie) response.headers.append("Set-Cookie", renewedCookie);
    return response;
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireAdmin(context);
  const s = context.get(servicesContext);
  return data({
    email: user.email,
    todo: await loadAdminTodo(s),
    addressNotice: siteAddressNotice(s.config, request),
  });
}

/** What the panel counts, for the screens below (the first screen's "Da fare"). */
export function useAdminTodo(): AdminTodo {
  return useRouteLoaderData<typeof loader>("routes/admin/layout")!.todo;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame email={loaderData.email} todo={loaderData.todo}>
      {loaderData.addressNotice ? (
        // On every screen: one line, the explanation behind a tap.
        <details className="admin-notice admin-address-notice">
          <summary className="admin-address-notice__title">{loaderData.addressNotice.title}</summary>
          <p className="admin-address-notice__text">{loaderData.addressNotice.text}</p>
        </details>
      ) : null}
      <Outlet />
    </AdminFrame>
  );
}

/**
 * Every admin screen's errors. A route below without a boundary of its own hands its errors up to
 * this one, which React Router renders in place of the layout: so it draws the admin menu again
 * around the error. Not for a request refused as a whole (no session: 401; another site: 403),
 * which the middleware throws before the layout has any data.
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  if (!loaderData || isAccessRefusal(error)) {
    return (
      <>
        <Stylesheet href={adminStyles} />
        <AdminErrorBoundary error={error} />
      </>
    );
  }
  return (
    <AdminFrame email={loaderData.email} todo={loaderData.todo}>
      <AdminErrorBoundary error={error} />
    </AdminFrame>
  );
}

/** The panel's screens, in the menu's order; `count` picks the badge a screen shows. */
const SECTIONS: {
  to: string;
  label: string;
  end?: boolean;
  count?: (todo: AdminTodo) => number;
}[] = [
  { to: "/admin", label: "Foto e recensioni", end: true, count: (todo) => todo.pending },
  { to: "/admin/agenda", label: "Agenda", count: (todo) => todo.bookingRequests },
  { to: "/admin/prenotazioni", label: "Impostazioni delle prenotazioni" },
  { to: "/admin/ricette", label: "Ricette" },
  { to: "/admin/articoli", label: "Articoli" },
  { to: "/admin/domande", label: "Domande frequenti" },
  { to: "/admin/newsletter", label: "Newsletter" },
  { to: "/admin/statistiche", label: "Statistiche" },
  { to: "/admin/contenuti", label: "Contenuti del sito" },
  { to: "/admin/pubblica", label: "Pubblica il sito", count: (todo) => (todo.unpublished ? 1 : 0) },
  { to: "/admin/inviti", label: "Invita a recensire" },
  { to: "/admin/risposte", label: "Risposte", count: (todo) => todo.unanswered },
  { to: "/admin/segnalazioni", label: "Segnalazioni", count: (todo) => todo.reports },
  { to: "/admin/account", label: "Account e sicurezza" },
  { to: "/admin/backup", label: "Backup" },
  { to: "/admin/stato", label: "Stato del sito" },
];

function SectionLinks({ todo }: { todo: AdminTodo }) {
  return SECTIONS.map(({ to, label, end, count }) => {
    const n = count?.(todo) ?? 0;
    return (
      <NavLink key={to} to={to} end={end} className="admin-bar__link">
        {label}
        {n > 0 ? (
          <span className="admin-bar__count">
            {formatCount(n)}
            <span className="visually-hidden"> da vedere</span>
          </span>
        ) : null}
      </NavLink>
    );
  });
}

/**
 * The admin area around a screen: its menu, the account signed in and the logout button. On a
 * phone the menu is one "Menu" button naming the screen she is on (a disclosure: works without
 * JavaScript and by keyboard), so the screen starts at the top; on wide screens, a row of links.
 */
function AdminFrame({ email, todo, children }: { email: string; todo: AdminTodo; children: ReactNode }) {
  const location = useLocation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const booking = root?.bookingMode !== "none";
  const here =
    SECTIONS.find((s) => (s.end ? location.pathname === s.to : location.pathname.startsWith(s.to)))?.label ??
    "Pannello";
  const waiting = SECTIONS.reduce((sum, s) => sum + (s.count?.(todo) ?? 0), 0);
  return (
    <div className="page admin">
      <Stylesheet href={adminStyles} />
      <div className="admin-bar">
        {/* Keyed by the address: choosing a screen closes the menu. */}
        <details className="admin-menu" key={location.pathname}>
          <summary className="admin-menu__button">
            <span aria-hidden="true" className="admin-menu__icon">
              ☰
            </span>
            <span>
              Menu<span className="visually-hidden"> del pannello</span>: <strong>{here}</strong>
            </span>
            {waiting > 0 ? (
              <span className="admin-bar__count">
                {formatCount(waiting)}
                <span className="visually-hidden"> da vedere</span>
              </span>
            ) : null}
          </summary>
          <nav className="admin-menu__nav" aria-label="Sezioni del pannello">
            <SectionLinks todo={todo} />
          </nav>
          {/* On a phone this is her only menu: the site's own (hidden in the panel) is here too. */}
          <nav className="admin-menu__nav admin-menu__site" aria-label="Il sito">
            <p className="admin-menu__group" aria-hidden="true">
              Il sito
            </p>
            {siteSectionLinks(root?.content.reviews.shown ?? true).map((link) => (
              <Link key={link.href} to={link.href} className="admin-bar__link">
                {link.label}
              </Link>
            ))}
            {booking ? (
              <BookingButton external={(links) => links.booking} className="admin-bar__link">
                Prenota
              </BookingButton>
            ) : null}
          </nav>
        </details>
        <nav className="admin-bar__nav" aria-label="Sezioni del pannello">
          <SectionLinks todo={todo} />
        </nav>
        <div className="admin-bar__user">
          <span className="admin-bar__email">{email}</span>
          <LogoutForm buttonClassName="button button--secondary admin-bar__logout" />
        </div>
      </div>
      {children}
    </div>
  );
}
