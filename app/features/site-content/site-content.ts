import type { StoredImage } from "~/core/db/schema";
import type { PublicImage } from "~/core/media/public-image";

/** What the practitioner edits in "Contenuti del sito"; stored in versions, read through one module. */
export interface Studio {
  /**
   * Stable: given when the studio is added in the editor, never changed by renaming, unique. Booking's
   * appointments and visit types refer to a studio by it ("studio-di-milano").
   */
  key: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  province: string;
  /** Typed by the practitioner, or empty: then a maps search for the address (see studioMapsUrl). */
  mapsUrl: string;
  /** How to get there, in her words (its page's "Come arrivare"); "" when she wrote none. */
  directions: string;
  /** Monday to Sunday, in order. */
  hours: DayHours[];
}

export const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Weekday = (typeof weekdays)[number];

export interface TimeRange {
  /** "HH:MM", 24-hour clock. */
  opens: string;
  closes: string;
}

/** One day of the week: no ranges means closed; at most two (morning and afternoon). */
export interface DayHours {
  day: Weekday;
  ranges: TimeRange[];
}

export const serviceIcons = ["plan", "education", "children", "weight", "clinical", "sport"] as const;
export type ServiceIconName = (typeof serviceIcons)[number];

export interface ServiceContent {
  /** Stable id, also the card's anchor: given when the service is added, kept through renames and moves. */
  id: string;
  icon: ServiceIconName;
  title: string;
  description: string;
  /** As she wrote it ("80 €", "da 80 €", "80-120 €"), or "" when she shows none. */
  price: string;
}

/**
 * Services she lists, at least one (the home's section is never empty) and at most twelve: four
 * rows of three on a wide screen, a page a patient still reads to the end, and a form far below
 * the form reader's field cap (five fields a service).
 */
export const MIN_SERVICES = 1;
export const MAX_SERVICES = 12;
export const MAX_STUDIOS = 4;
/** Photos a studio's page shows at most (the table's positions 0-5 hold no more). */
export const MAX_STUDIO_PHOTOS = 6;
/** A photo's alt text, at most. */
export const MAX_PHOTO_ALT = 200;

/** Versions kept in the database; the editor lists the newest 20. */
export const KEPT_VERSIONS = 100;
export const LISTED_VERSIONS = 20;

export interface PortraitContent {
  /** Renditions from the image pipeline; null shows the bundled illustration. */
  image: StoredImage | null;
  /** Which point of the photo stays visible when it is cropped (object-position), 0–100 %. */
  focusX: number;
  focusY: number;
}

export interface SiteContent {
  practitioner: {
    name: string;
    /** e.g. "Biologa Nutrizionista". */
    title: string;
    /** Professional register entry, shown in the footer's legal line. */
    register: string;
    registerNumber: string;
  };
  business: {
    /** Partita IVA, 11 digits with its check digit; required in the footer by Italian law. */
    vatNumber: string;
    legalName: string;
  };
  contact: {
    phone: string;
    email: string;
  };
  studios: Studio[];
  /** The online visits' week, Monday to Sunday, in order. */
  onlineHours: DayHours[];
  links: {
    /** External booking site (hero button). */
    booking: string;
    /** External doctor-booking profile ("Prenota una consulenza"). */
    doctorProfile: string;
    social: { label: string; url: string };
    messaging: { label: string; url: string };
  };
  stats: { patients: string; yearsOfExperience: string };
  /**
   * Whether the site shows the reviews: some professional orders read testimonials as advertising.
   * Off, their section, page, links and sitemap entry are gone; the reviews stay stored.
   */
  reviews: { shown: boolean };
  texts: {
    tagline: string;
    heroTitle: string;
    heroIntro: string;
    /** "Chi sono": plain text, paragraphs separated by a blank line. */
    about: string;
    servicesIntro: string;
  };
  services: ServiceContent[];
  portrait: PortraitContent;
  /**
   * The example details she said are hers as they are ("Tieni il testo d'esempio": a text, the
   * title, a figure), by form field name (kept-examples.ts): no longer counted as examples.
   */
  kept?: string[];
}

/** What the header, footer and head of every page use: everything but the portrait. */
export type PageContent = Omit<SiteContent, "portrait">;

/** The content as pages receive it: the portrait's renditions as URLs. */
export type PublicSiteContent = Omit<SiteContent, "portrait"> & {
  portrait: Omit<PortraitContent, "image"> & { image: PublicImage | null };
};

/** The published content and its version number (what a form sends back to detect a concurrent save). */
export interface PublishedContent {
  version: number;
  content: SiteContent;
  savedAt: string;
}

export function formatAddress(studio: Studio): string {
  return `${studio.street}, ${studio.postalCode} ${studio.city} (${studio.province})`;
}

/** The typed link, or a maps search for the address (opened on click only: nothing loads with the page). */
export function studioMapsUrl(studio: Studio): string {
  if (studio.mapsUrl) return studio.mapsUrl;
  const query = `${studio.street}, ${studio.postalCode} ${studio.city}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** Digits and a leading +, for tel: links. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
