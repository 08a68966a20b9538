import type { Db } from "~/core/db/database.server";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { invitationLink } from "~/features/reviews/invitation-share.server";
import { createInvitationRepository } from "~/features/reviews/review-invitations.server";
import type { WeeklyHours } from "./availability";
import type { BookingPlace } from "./booking-page.server";
import { createAppointmentRepository } from "./appointments.server";
import { createBookingSettingsRepository } from "./booking-settings.server";
import type { CreateReviewInvitation } from "./review-invite.server";
import { createTimeOffRepository } from "./time-off.server";
import { createVisitTypeRepository, type VisitTypeData } from "./visit-types.server";

/* The booking tests' shared fixtures: weekday mornings at the Milan studio and online. */

const morning = [{ opens: "09:00", closes: "13:00" }];

/** Monday to Friday, 9:00–13:00; closed at the weekend. */
export const weekdayMornings: WeeklyHours = {
  Monday: morning,
  Tuesday: morning,
  Wednesday: morning,
  Thursday: morning,
  Friday: morning,
  Saturday: [],
  Sunday: [],
};

export const testPlaces: BookingPlace[] = [
  {
    key: "studio-di-milano",
    name: "Studio di Milano",
    address: "Via Giuseppe Verdi 18, 20121 Milano (MI)",
    mapsUrl: "https://maps.example/milano",
    hours: weekdayMornings,
  },
  { key: "online", name: "Visita online", address: null, mapsUrl: null, hours: weekdayMornings },
];

/** What the e-mails take from the site content. */
export const testSite = { places: testPlaces, practitionerName: "Dott.ssa Giulia Ferrari", phone: "+39 347 218 4590" };

/** The reviews' invitations as the composition wires them for booking (tests may join features). */
export function testReviewInvitations(db: Db, validDays = 30): CreateReviewInvitation {
  const invitations = createInvitationRepository(db);
  return async (executor, { patientName }) => {
    const { token } = await invitations.create({ patientName, validDays }, executor);
    return { url: invitationLink("https://giuliaferrari-nutrizionista.it", token), validDays };
  };
}

/** The site's address in the tests' e-mails and links. */
export const testSiteUrl = "https://giuliaferrari-nutrizionista.it";

/** Booking's repositories on one database, announcing on one memory bus: where the tests' deps start. */
export function bookingRepositories(db: Db) {
  const bus = createMemoryEventBus();
  return {
    appointments: createAppointmentRepository(db, bus),
    visitTypes: createVisitTypeRepository(db, bus),
    bookingSettings: createBookingSettingsRepository(db, bus),
    timeOff: createTimeOffRepository(db, bus),
  };
}

/** A visit type as the tests make it: an hour's first visit at the Milan studio, confirmed at once, no price shown. */
export function visitTypeData(overrides: Partial<VisitTypeData> = {}): VisitTypeData {
  return {
    name: "Prima visita",
    durationMinutes: 60,
    priceCents: null,
    showPrice: false,
    confirmation: "immediate",
    studioKeys: ["studio-di-milano"],
    online: false,
    active: true,
    ...overrides,
  };
}
