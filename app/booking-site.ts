// What the booking pages and jobs take from the site content, composed here: booking does not import the
// site content feature. Each studio's key, name, address, map and week, the online visits' week, her
// name and phone.
import type { BookingPlace } from "~/features/booking/booking-page.server";
import { ONLINE_PLACE } from "~/features/booking/booking-schema";
import type { BookingSite } from "~/features/booking/booking-submission.server";
import { weeklyHours } from "~/features/booking/studio-hours";
import { CONTACT_MESSAGES } from "~/features/site-content/contact-messages";
import { formatAddress, type SiteContent, studioMapsUrl } from "~/features/site-content/site-content";
import { studioSlugs } from "~/features/site-content/studio-slugs";

export function bookingSite(content: SiteContent): BookingSite & { email: string } {
  const slugs = studioSlugs(content.studios);
  const places: BookingPlace[] = content.studios.map((studio) => ({
    key: studio.key,
    slug: slugs.get(studio.key),
    name: studio.name,
    address: formatAddress(studio),
    mapsUrl: studioMapsUrl(studio),
    hours: weeklyHours(studio.hours),
  }));
  places.push({
    key: ONLINE_PLACE,
    name: "Visita online",
    address: null,
    mapsUrl: null,
    hours: weeklyHours(content.onlineHours),
  });
  return {
    places,
    practitionerName: content.practitioner.name,
    phone: content.contact.phone,
    email: content.contact.email,
    reviewsShown: content.reviews.shown,
  };
}

/** The note's hint: the contact form's own words. */
export const NOTE_HINT = CONTACT_MESSAGES.noHealthData;
