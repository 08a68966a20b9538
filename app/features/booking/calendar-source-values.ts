/**
 * The values the calendar sources' tables allow (schema.ts), shared with the settings form: her other
 * calendars, whose busy times the booking reads (decision 53).
 */

/** Why the last read of a calendar failed: the refusals of readCalendarBusyTimes, stored as codes. */
export const calendarReadFailures = [
  "badUrl",
  "badScheme",
  "privateAddress",
  "unresolvable",
  "network",
  "timeout",
  "tooLarge",
  "httpStatus",
  "tooManyRedirects",
  "notCalendar",
  "tooManyEvents",
  "tooManyOccurrences",
  "tooComplex",
  "tooHeavy",
  "busy",
] as const;
export type CalendarReadFailure = (typeof calendarReadFailures)[number];

export const calendarSourceLimits = {
  name: { max: 60 },
  /** Google's secret addresses are about 150 characters; a bound, not a guess at the longest. */
  url: { max: 2000 },
  /** Calendars she may add at most. */
  count: { max: 10 },
} as const;
