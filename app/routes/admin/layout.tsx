import { data, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdmin, requireAdminSession } from "~/features/account/admin-auth.server";
import { AdminErrorBoundary } from "~/ui/admin/error-boundary";
import { LogoutForm } from "~/features/account/logout-form";
import { Stylesheet } from "~/ui/stylesheet";
import adminStyles from "~/styles/admin.css?url";

/** Every route below checks the session (and the Origin of every write) before its loader or action runs. */
export const middleware: Route.MiddlewareFunction[] = [requireAdminSession];

export function loader({ context }: Route.LoaderArgs) {
  const { user } = requireAdmin(context);
  return data({ email: user.email });
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
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
          <span className="admin-bar__email">{loaderData.email}</span>
          <LogoutForm buttonClassName="button button--secondary admin-bar__logout" />
        </div>
      </div>
      <Outlet />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <Stylesheet href={adminStyles} />
      <AdminErrorBoundary error={error} />
    </>
  );
}
