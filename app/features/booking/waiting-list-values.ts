/**
 * The values the waiting list's check constraints allow (schema.ts): a leaf module,
 * so the patient's form in the browser gets them without the ORM.
 */

/** The parts of a day a patient may choose, by the start time in Italy: before 13, 13 to 18, from 18. */
export const dayParts = ["mattina", "pomeriggio", "sera"] as const;
export type DayPart = (typeof dayParts)[number];

/** Waiting, or booked (closed: the job deletes it on its next run). */
export const waitingStatuses = ["waiting", "booked"] as const;
export type WaitingStatus = (typeof waitingStatuses)[number];

/** ISO weekdays, Monday 1 to Sunday 7. */
export const isoWeekdays = [1, 2, 3, 4, 5, 6, 7] as const;

export const waitingListLimits = {
  /** After how many days an entry is deleted (her setting). */
  expiryDays: { min: 1, max: 365 },
  /** How long the link of a freed time lasts, in hours (her setting). */
  linkHours: { min: 1, max: 72 },
} as const;
