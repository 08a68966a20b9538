import { openingHoursSpecification } from "./hours";
import { citiesOf, SHARE_IMAGE } from "./meta";
import { priceSpecification } from "./service-price";
import type { PageContent, Studio } from "./site-content";

export const postalAddress = (studio: Studio) => ({
  "@type": "PostalAddress",
  name: studio.name,
  streetAddress: studio.street,
  postalCode: studio.postalCode,
  addressLocality: studio.city,
  addressRegion: studio.province,
  addressCountry: "IT",
});
import type { SiteContentStore } from "./site-content.server";

/*
 * The practice's structured data is built by the loaders of the pages that carry it and sent as
 * data: the browser only writes it into the page, it needs none of the code that builds it.
 */

/** schema.org description of the practice for search engines: each studio with its hours, phone, practitioner. */
export function practiceJsonLd(content: PageContent, siteUrl: string) {
  const { practitioner, business, contact, studios, links, services } = content;
  return {
    "@context": "https://schema.org",
    "@type": "MedicalBusiness",
    "@id": `${siteUrl}/#studio`,
    name: `${practitioner.name}, ${practitioner.title}`,
    description: `${practitioner.title} a ${citiesOf(content)}: ${services.map((s) => s.title.toLowerCase()).join(", ")}.`,
    url: `${siteUrl}/home`,
    image: `${siteUrl}${SHARE_IMAGE.path}`,
    logo: `${siteUrl}/favicon.svg`,
    telephone: contact.phone.replace(/\s+/g, ""),
    email: contact.email,
    vatID: `IT${business.vatNumber}`,
    address: studios.map(postalAddress),
    // Each studio keeps its own hours: one place per studio, with its address and its week.
    location: studios.map((studio) => ({
      "@type": "Place",
      name: studio.name,
      address: postalAddress(studio),
      openingHoursSpecification: openingHoursSpecification(studio.hours),
    })),
    areaServed: [...new Set(studios.map((s) => s.city))].map((name) => ({ "@type": "City", name })),
    employee: {
      "@type": "Person",
      name: practitioner.name,
      jobTitle: practitioner.title,
      memberOf: { "@type": "Organization", name: practitioner.register },
    },
    sameAs: [links.social.url, links.doctorProfile].filter(Boolean),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Servizi",
      // Each service an Offer; its price, when she shows one, as a PriceSpecification ("da 80 €": minPrice).
      itemListElement: services.map((s) => {
        const priceSpec = priceSpecification(s.price);
        return {
          "@type": "Offer",
          itemOffered: { "@type": "Service", name: s.title, description: s.description },
          ...(priceSpec ? { priceSpecification: priceSpec } : {}),
        };
      }),
    },
  };
}

/** The structured data of the practice as published now, for a page's loader. */
export async function currentPracticeJsonLd(s: { siteContent: SiteContentStore; config: { siteUrl: string } }) {
  return practiceJsonLd((await s.siteContent.current()).content, s.config.siteUrl);
}
