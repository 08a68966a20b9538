import type { ServiceContent } from "~/features/site-content/site-content";
import servicesGridStyles from "~/styles/services-grid.css?url";
import { ServiceIcon } from "./service-icon";
import { Stylesheet } from "../../ui/stylesheet";

const SERVICES_TITLE = "I miei servizi";
const SERVICES_SUBTITLE = "Percorsi di nutrizione costruiti sulla persona, dalla prima visita ai controlli successivi.";

/**
 * Her services in her order, each with its price when she shows one. With `titleBlock` it brings its own "I miei servizi" heading and subtitle (home);
 * without, the page supplies the heading (/services) and `headingLevel` keeps the outline in order.
 */
export function ServicesGrid({
  services,
  titleBlock = false,
  headingLevel = titleBlock ? 3 : 2,
  titleId,
}: {
  services: readonly ServiceContent[];
  titleBlock?: boolean;
  headingLevel?: 2 | 3;
  titleId?: string;
}) {
  const Card = `h${headingLevel}` as const;
  return (
    <div className="services">
      <Stylesheet href={servicesGridStyles} />
      {titleBlock ? (
        <header className="section-heading">
          <h2 id={titleId}>{SERVICES_TITLE}</h2>
          <p className="section-heading__lead">{SERVICES_SUBTITLE}</p>
        </header>
      ) : null}
      <ul className="services__grid" aria-label="Servizi offerti">
        {services.map((service) => (
          <li key={service.id} className="service-card" id={service.id}>
            <span className="service-card__icon">
              <ServiceIcon name={service.icon} />
            </span>
            <Card className="service-card__title">{service.title}</Card>
            <p className="service-card__text">{service.description}</p>
            {service.price ? <p className="service-card__price">Prezzo: {service.price}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
