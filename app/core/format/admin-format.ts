// The admin's dates and times, through Intl: only the admin's screens use these, where the locale
// data's cost does not matter. A module apart from italian-format.ts, which public pages import: what
// they import is sent to every visitor. Each formatter is made at its first use.

const ROME = "Europe/Rome";
const adminFormats = {
  dateTime: { dateStyle: "short", timeStyle: "short", timeZone: ROME },
  longDateTime: {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: ROME,
  },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const made = new Map<keyof typeof adminFormats, Intl.DateTimeFormat>();

function formatIn(format: keyof typeof adminFormats, date: Date | string): string {
  let formatter = made.get(format);
  if (!formatter) made.set(format, (formatter = new Intl.DateTimeFormat("it-IT", adminFormats[format])));
  return formatter.format(new Date(date));
}

/** The day and time in Rome, in figures: 05/03/26, 10:07. */
export const formatNumericDateTime = (date: Date | string) => formatIn("dateTime", date);

/** The day and time in Rome, in words: giovedì 5 marzo 2026 alle ore 10:07. */
export const formatLongDateTime = (date: Date | string) => formatIn("longDateTime", date);
