import { Link, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/not-found";
import { Stylesheet } from "~/ui/stylesheet";
import { pageMeta } from "~/features/site-content/meta";
import errorPageStyles from "~/styles/error-page.css?url";

export function loader() {
  // A real 404 status, so search engines do not index unknown addresses.
  throw new Response("Pagina non trovata", { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Pagina non trovata", "La pagina richiesta non esiste o è stata spostata.", { noindex: true });

export function ErrorBoundary() {
  // The reviews' link only while she shows them.
  const reviewsShown = useRouteLoaderData<typeof rootLoader>("root")?.content.reviews.shown === true;
  return (
    <div className="page error-page">
      <Stylesheet href={errorPageStyles} />
      <img className="error-page__art" src="/images/erbe.svg" alt="" width={240} height={210} />
      <h1>Pagina non trovata</h1>
      <p>La pagina che cerchi non esiste o è stata spostata. Controlla l'indirizzo oppure riparti da qui:</p>
      <Link className="button" to="/home">
        Torna alla home
      </Link>
      <ul className="error-page__links" aria-label="Altre pagine">
        <li>
          <Link to="/services">Servizi</Link>
        </li>
        {reviewsShown ? (
          <li>
            <Link to="/reviews">Recensioni</Link>
          </li>
        ) : null}
        <li>
          <Link to="/home#contatti">Contatti</Link>
        </li>
      </ul>
    </div>
  );
}

export default function NotFound() {
  return null;
}
