import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/landing";
import { JsonLd } from "~/ui/json-ld";
import { Logo } from "~/ui/logo";
import { SiteFooter } from "~/features/site-content/site-footer";
import { Stylesheet } from "~/ui/stylesheet";
import type { LiveHandle } from "~/ui/live-updates";
import { citiesOf, pageMeta } from "~/features/site-content/meta";
import { currentPracticeJsonLd } from "~/features/site-content/practice-json-ld.server";
import type { loader as rootLoader } from "~/root";
import { servicesContext } from "~/context";
import landingStyles from "~/styles/landing.css?url";

export const handle: LiveHandle = { liveTables: ["site_content"] };

export const meta: Route.MetaFunction = (args) => {
  const content = args.matches[0]?.loaderData.content;
  const name = content?.practitioner.name ?? "";
  const title = content?.practitioner.title ?? "";
  const cities = content ? citiesOf(content) : "";
  return pageMeta(
    args,
    `${name} · ${title}`,
    `${name}, ${title} a ${cities}: servizi di nutrizione, percorso professionale e recensioni dei pazienti.`,
  );
};

export async function loader({ context }: Route.LoaderArgs) {
  return { practiceJsonLd: await currentPracticeJsonLd(context.get(servicesContext)) };
}

/** The full-screen intro with its two entry cards. */
export default function Landing({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root")!;
  const { practitioner } = root.content;
  return (
    <>
      <Stylesheet href={landingStyles} />
      <JsonLd data={loaderData.practiceJsonLd} />
      <main id="main" className="landing">
        <div className="landing__backdrop" aria-hidden="true">
          <span className="landing__leaf landing__leaf--one" />
          <span className="landing__leaf landing__leaf--two" />
          <span className="landing__leaf landing__leaf--three" />
        </div>
        <div className="landing__intro">
          <Logo className="landing__logo" />
          <h1 className="landing__name">{practitioner.name}</h1>
          <p className="landing__title">{practitioner.title}</p>
          <p className="landing__tagline">{root.content.texts.tagline}</p>
        </div>
        <nav className="landing__cards" id="entra" aria-label="Entra nel sito">
          <Link to="/home" className="entry-card entry-card--home">
            <h2 className="entry-card__title">Scopri di più</h2>
            <p className="entry-card__text">
              Servizi, percorso professionale e come posso aiutarti a raggiungere i tuoi obiettivi.
            </p>
            <span className="button entry-card__action">Vai alla homepage</span>
          </Link>
          {root.content.reviews.shown ? (
            <Link to="/reviews" className="entry-card entry-card--reviews">
              <h2 className="entry-card__title">Recensioni</h2>
              <p className="entry-card__text">Leggi le esperienze dei pazienti e condividi la tua.</p>
              <span className="entry-card__link">Vedi le recensioni</span>
            </Link>
          ) : null}
        </nav>
      </main>
      <SiteFooter content={root.content} year={root.year} />
    </>
  );
}
