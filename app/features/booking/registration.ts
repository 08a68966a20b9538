import type { FeatureRegistration } from "~/core/feature-registration";

/**
 * What booking hands the core (decision 49); its jobs are in booking-jobs.server.ts.
 * "booking" announces its appointments, visit types, time off and settings (whatever changes the free
 * times or the agenda), each by its id alone: no patient data.
 */
export const bookingRegistration = {
  liveTables: ["booking"],
  // The booking steps, her booking link and the waiting list, one family.
  pageFamilies: { "booking-manage": "booking", "booking-site": "booking", "booking-waiting-list": "booking" },
} as const satisfies FeatureRegistration;
