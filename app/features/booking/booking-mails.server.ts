import type { AppointmentRecord } from "./appointments.server";
import { type BookingPlace, shownPrice } from "./booking-page.server";
import { ONLINE_PLACE } from "./booking-schema";
import type { BookingSettingsRepository } from "./booking-settings.server";
import { patientEventFile, patientEventMethod } from "./calendar-files.server";
import type { VisitTypeRepository } from "./visit-types.server";

/** What the route knows from the site content: the places and who she is. */
export interface BookingSite {
  places: readonly BookingPlace[];
  practitionerName: string;
  phone: string;
  /** The practice's e-mail address: the ORGANIZER of the patient's calendar event, when there is one. */
  email?: string | null;
  /** Whether the site shows reviews: when she hides them, no patient is invited to write one. */
  reviewsShown: boolean;
}

/** The place of an appointment as the e-mails and the agenda name it; a place gone from the site keeps a plain name. */
export const placeOf = (site: BookingSite, appointment: Pick<AppointmentRecord, "studioKey">) =>
  site.places.find((place) => place.key === (appointment.studioKey ?? ONLINE_PLACE)) ?? {
    key: appointment.studioKey ?? ONLINE_PLACE,
    name: appointment.studioKey === null ? "Online" : "Studio",
    address: null,
    mapsUrl: null,
  };

/** What the e-mails need beyond the appointment, read before the transaction (no second connection inside it). */
export async function mailContext(
  deps: { visitTypes: VisitTypeRepository; bookingSettings: BookingSettingsRepository },
  visitTypeId: string,
) {
  const [type, settings] = await Promise.all([deps.visitTypes.get(visitTypeId), deps.bookingSettings.get()]);
  return {
    visitTypeName: type?.name ?? "Visita",
    cancellationLimitHours: settings.cancellationLimitHours,
    /** The price for the patient's e-mails, only when she shows it on the site. */
    price: type ? shownPrice(type) : null,
  };
}

export type MailContext = Awaited<ReturnType<typeof mailContext>>;

/**
 * The patient's calendar file of the visit, as an e-mail attachment: the same UID all its life, its
 * SEQUENCE raised by each change, METHOD:CANCEL once cancelled or declined (it removes the event).
 */
export function calendarAttachment(
  siteUrl: string,
  site: BookingSite,
  appointment: AppointmentRecord,
  visitTypeName: string,
) {
  const place = placeOf(site, appointment);
  const content = patientEventFile({
    appointment,
    visitTypeName,
    practitionerName: site.practitionerName,
    studio: place.address ? { name: place.name, address: place.address, mapsUrl: place.mapsUrl ?? "" } : null,
    siteHost: new URL(siteUrl).hostname,
    organizer: site.email ? { name: site.practitionerName, email: site.email } : null,
  });
  return [
    {
      filename: "visita.ics",
      contentType: `text/calendar; charset=utf-8; method=${patientEventMethod(appointment.status)}`,
      content,
    },
  ];
}
