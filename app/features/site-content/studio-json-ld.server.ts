import { openingHoursSpecification } from "./hours";
import { SHARE_IMAGE } from "./meta";
import { postalAddress } from "./practice-json-ld.server";
import { type PageContent, type Studio, studioMapsUrl } from "./site-content";
import { studioPath } from "./studio-slugs";

/** A day the studio is closed besides its week (a holiday), "YYYY-MM-DD", or from it `until` a last day (her time off). */
export interface StudioClosure {
  date: string;
  until?: string;
  /** The holiday's name; empty for her time off. */
  name: string;
}

/**
 * A studio's page's structured data: the studio as a MedicalBusiness (a kind of
 * LocalBusiness) with its address, its week as the hours editor has it, and the holidays that close
 * it; then the breadcrumbs. Built by the loader, sent as data (like practiceJsonLd).
 */
export function studioJsonLd(
  content: PageContent,
  studio: Studio,
  slug: string,
  closures: readonly StudioClosure[],
  siteUrl: string,
  /** Her photos of the studio (absolute URLs), in her order; the site's share image without them. */
  photos: readonly string[] = [],
) {
  const url = `${siteUrl}${studioPath(slug)}`;
  const business = {
    "@context": "https://schema.org",
    "@type": "MedicalBusiness",
    "@id": `${url}#studio`,
    name: `${studio.name}, ${content.practitioner.name}`,
    url,
    image: photos.length ? [...photos] : `${siteUrl}${SHARE_IMAGE.path}`,
    telephone: content.contact.phone.replace(/\s+/g, ""),
    email: content.contact.email,
    address: postalAddress(studio),
    hasMap: studioMapsUrl(studio),
    openingHoursSpecification: openingHoursSpecification(studio.hours),
    // A closed day: opens and closes at midnight, valid that day only (schema.org's way to say it).
    specialOpeningHoursSpecification: closures.map((closure) => ({
      "@type": "OpeningHoursSpecification",
      ...(closure.name ? { name: closure.name } : {}),
      opens: "00:00",
      closes: "00:00",
      validFrom: closure.date,
      validThrough: closure.until ?? closure.date,
    })),
    parentOrganization: { "@id": `${siteUrl}/#studio` },
    employee: { "@type": "Person", name: content.practitioner.name, jobTitle: content.practitioner.title },
  };
  const breadcrumbs = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Home", item: `${siteUrl}/home` },
      { "@type": "ListItem", position: 2, name: studio.name, item: url },
    ],
  };
  return [business, breadcrumbs];
}
