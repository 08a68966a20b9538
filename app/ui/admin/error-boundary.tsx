import { isRouteErrorResponse } from "react-router";

/** A request refused as a whole: no valid session (401), or not from our own pages (403). */
export function isAccessRefusal(error: unknown): boolean {
  return isRouteErrorResponse(error) && (error.status === 401 || error.status === 403);
}

/** What the admin area shows when a request fails: a 401 says the session ended and offers the login. */
export function AdminErrorBoundary({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  const expired = status === 401;
  return (
    <div className="page">
      <div className="admin-card admin-error" role="alert">
        <h1>
          {expired ? "Sessione scaduta" : status === 403 ? "Richiesta non consentita" : "Si è verificato un errore"}
        </h1>
        <p>
          {expired
            ? "La sessione è scaduta o è stata chiusa da un altro dispositivo: accedi di nuovo."
            : "Ricarica la pagina e riprova. Se il problema continua, riprova più tardi."}
        </p>
        <a className="button" href={expired ? "/admin-login" : "/admin"}>
          {expired ? "Accedi" : "Ricarica"}
        </a>
      </div>
    </div>
  );
}
