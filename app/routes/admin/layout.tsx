import type { ReactNode } from "react";
import { data, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { adminContext, authenticateAdmin, renewSession, requireAdmin } from "~/features/account/admin-auth.server";
import { AdminErrorBoundary, isAccessRefusal } from "~/ui/admin/error-boundary";
import { LogoutForm } from "~/features/account/logout-form";
import { Stylesheet } from "~/ui/stylesheet";
import adminStyles from "~/styles/admin.css?url";
import { servicesContext } from "~/context";

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

export function loader({ context }: Route.LoaderArgs) {
  const { user } = requireAdmin(context);
  return data({ email: user.email });
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame email={loaderData.email}>
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
    <AdminFrame email={loaderData.email}>
      <AdminErrorBoundary error={error} />
    </AdminFrame>
  );
}

/** The admin area around a screen: its menu, the account signed in and the logout button. */
function AdminFrame({ email, children }: { email: string; children: ReactNode }) {
  return (
    <div className="page admin">
      <Stylesheet href={adminStyles} />
      <div className="admin-bar">
        <nav className="admin-bar__nav" aria-label="Sezioni del pannello">
          <NavLink to="/admin" end className="admin-bar__link">
            Foto e recensioni
          </NavLink>
          <NavLink to="/admin/ricette" className="admin-bar__link">
            Ricette
          </NavLink>
          <NavLink to="/admin/contenuti" className="admin-bar__link">
            Contenuti del sito
          </NavLink>
          <NavLink to="/admin/inviti" className="admin-bar__link">
            Invita a recensire
          </NavLink>
          <NavLink to="/admin/risposte" className="admin-bar__link">
            Risposte
          </NavLink>
          <NavLink to="/admin/segnalazioni" className="admin-bar__link">
            Segnalazioni
          </NavLink>
          <NavLink to="/admin/account" className="admin-bar__link">
            Account e sicurezza
          </NavLink>
          <NavLink to="/admin/backup" className="admin-bar__link">
            Backup
          </NavLink>
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
