import { Link, useRouteLoaderData } from "react-router";
import { BookingButton } from "~/composition/booking-call";
import type { Route } from "./+types/services";
import { JsonLd } from "~/ui/json-ld";
import { PlainText } from "~/ui/plain-text";
import { ServicesGrid } from "~/features/site-content/services-grid";
import { Stylesheet } from "~/ui/stylesheet";
import { pageMeta } from "~/features/site-content/meta";
import { currentPracticeJsonLd } from "~/features/site-content/practice-json-ld.server";
import type { loader as rootLoader } from "~/root";
import { servicesContext } from "~/context";
import servicesStyles from "~/styles/services.css?url";

export const meta: Route.MetaFunction = (args) => {
  const titles = args.matches[0]?.loaderData.content.services.map((s) => s.title) ?? [];
  const list = titles.map((t, i) => (i === 0 ? t : t.toLowerCase())).join(", ");
  return pageMeta(args, "Servizi di nutrizione", `${list}.`);
};

export async function loader({ context }: Route.LoaderArgs) {
  return { practiceJsonLd: await currentPracticeJsonLd(context.get(servicesContext)) };
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const { content } = useRouteLoaderData<typeof rootLoader>("root")!;
  return (
    <div className="page services-page">
      <Stylesheet href={servicesStyles} />
      <JsonLd data={loaderData.practiceJsonLd} />
      <Link to="/home" className="back-link">
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M12.5 4.5L7 10l5.5 5.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        Torna alla home
      </Link>
      <header className="services-page__header">
        <h1>I miei servizi</h1>
        <PlainText className="services-page__intro" text={content.texts.servicesIntro} />
      </header>

      <ServicesGrid services={content.services} headingLevel={2} />

      <aside className="cta-panel" aria-labelledby="cta-title">
        <h2 id="cta-title" className="cta-panel__title">
          Vuoi saperne di più?
        </h2>
        <p>Prenota una prima consulenza: valuteremo insieme la tua situazione e il percorso più adatto a te.</p>
        <BookingButton
          external={(links) => links.doctorProfile}
          fallback={
            <Link className="button" to="/home#contatti">
              Contattami
            </Link>
          }
        >
          Prenota una consulenza
        </BookingButton>
      </aside>
    </div>
  );
}
