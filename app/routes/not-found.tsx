import { Link } from "react-router";
import type { Route } from "./+types/not-found";

export function loader() {
  // A real 404 status, so search engines do not index unknown addresses.
  throw new Response("Pagina non trovata", { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Pagina non trovata" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return (
    <div className="page error-page">
      <h1>Pagina non trovata</h1>
      <p>La pagina che cerchi non esiste o è stata spostata.</p>
      <Link className="button" to="/home">
        Torna alla Home
      </Link>
    </div>
  );
}

export default function NotFound() {
  return null;
}
