import type { WeeklyHours } from "./availability";
import type { BookingPlace } from "./booking-page.server";

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
