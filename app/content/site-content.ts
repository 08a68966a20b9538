/** The practice details shown across the site. Values come from site-content.server.ts. */
export interface Studio {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  province: string;
  /** Opens a maps search for the address (on click only: no third-party request on page load). */
  mapsUrl: string;
}

export interface OpeningHours {
  /** schema.org day names, e.g. ["Monday", …]. */
  days: string[];
  /** Italian label, e.g. "Lun–Ven". */
  label: string;
  opens: string;
  closes: string;
}

export interface SiteContent {
  practitioner: {
    name: string;
    /** e.g. "Biologa Nutrizionista". */
    title: string;
    tagline: string;
    /** Professional register entry (D.Lgs. 70/2003 art. 7). */
    register: string;
    registerNumber: string;
  };
  business: {
    /** Partita IVA, 11 digits (DPR 633/1972 art. 35). */
    vatNumber: string;
    legalName: string;
  };
  contact: {
    phone: string;
    email: string;
  };
  studios: [Studio, Studio];
  hours: OpeningHours[];
  links: {
    /** External booking site (hero button). */
    booking: string;
    /** External doctor-booking profile ("Prenota una Consulenza"). */
    doctorProfile: string;
    social: { label: string; url: string };
    messaging: { label: string; url: string };
  };
  stats: { patients: string; yearsOfExperience: string };
}

export function formatAddress(studio: Studio): string {
  return `${studio.street}, ${studio.postalCode} ${studio.city} (${studio.province})`;
}

/** Digits and a leading +, for tel: links. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
