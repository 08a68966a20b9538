/**
 * The values the booking tables' check constraints allow (schema.ts): a leaf module, so the
 * booking pages and the admin's forms in the browser get the lists without the ORM.
 */

/**
 * Where the site's booking buttons lead: the site's own booking, her external profile (what the
 * site did before booking existed, so the default), a call or WhatsApp message, or no button.
 */
export const bookingModes = ["site", "external", "phone", "none"] as const;
export type BookingMode = (typeof bookingModes)[number];

/** A visit type's bookings are confirmed at once, or are requests she confirms or declines. */
export const confirmationModes = ["immediate", "request"] as const;
export type ConfirmationMode = (typeof confirmationModes)[number];

/** Only pending and confirmed appointments hold their time (the exclusion constraint's filter). */
export const appointmentStatuses = ["pending", "confirmed", "declined", "cancelled", "no_show"] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];
export const timeHoldingStatuses = ["pending", "confirmed"] as const satisfies readonly AppointmentStatus[];

/** The limits the settings' check constraints enforce, shared with the admin's form. */
export const bookingLimits = {
  bufferMinutes: { min: 0, max: 120 },
  minimumNoticeHours: { min: 0, max: 720 },
  horizonDays: { min: 1, max: 365 },
  cancellationLimitHours: { min: 0, max: 720 },
  retentionMonths: { min: 1, max: 120 },
  /** Within how many hours she answers a request: what the patient reads before sending one. */
  requestAnswerHours: { min: 1, max: 168 },
  durationMinutes: { min: 5, max: 480 },
  /** €100,000.00: far above any visit, low enough to catch a slip of the keyboard. */
  priceCents: { min: 0, max: 10_000_000 },
  patientName: { max: 100 },
  patientEmail: { max: 254 },
  patientPhone: { max: 30 },
  note: { max: 500 },
  visitTypeName: { max: 80 },
  timeOffLabel: { max: 80 },
  /** A studio's patron saint. */
  patronName: { max: 80 },
  /** Item 7: a room's address (an own room's may carry a long password parameter) and its provider's name. */
  onlineRoomUrl: { max: 600 },
  onlineProviderName: { max: 80 },
} as const;

/** Item 7: her own room for every patient of an online type, or a room the site names per appointment. */
export const onlineRoomKinds = ["own", "per_visit"] as const;
export type OnlineRoomKind = (typeof onlineRoomKinds)[number];
