// Calendars made to hurt the server that reads them (issue: calendars read where they cannot hurt
// the site): ical.js walks towards the year 20000 on each yearly rule below before giving up, and
// time-zone names that differ only by case.

/** Where the hostile events start: the first one's start is what she is told about. */
export const HOSTILE_EVENT_START = new Date("2026-04-20T08:00:00Z");

/** `events` events, each a yearly rule ical.js takes long to find no date for (200: about 31 KB). */
export function slowRulesCalendar(events = 200): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//prova//ostile//IT"];
  for (let i = 0; i < events; i++)
    lines.push(
      "BEGIN:VEVENT",
      `UID:ostile-${i}@prova`,
      "DTSTAMP:20260101T000000Z",
      "DTSTART:20260420T080000Z",
      "DTEND:20260420T090000Z",
      "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1MO;BYMONTHDAY=15,16,17,18,19,20,21",
      "SUMMARY:Segreto",
      "END:VEVENT",
    );
  lines.push("END:VCALENDAR");
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * `zones` VTIMEZONE blocks whose TZIDs are case variants of America/Argentina/Buenos_Aires (20,000:
 * about 1.4 MB), and one event at 10:00 there on 2 March 2026 (13:00 UTC), named by another variant.
 */
export function zoneSpellingsCalendar(zones = 20_000): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//prova//zone//IT"];
  const spelling = (n: number) =>
    [..."america/argentina/buenos_aires"].map((char, i) => (((n + 1) >> i) & 1 ? char.toUpperCase() : char)).join("");
  for (let i = 0; i < zones; i++)
    lines.push(
      "BEGIN:VTIMEZONE",
      `TZID:${spelling(i)}`,
      "BEGIN:STANDARD",
      "DTSTART:19701025T030000",
      "TZOFFSETFROM:-0300",
      "TZOFFSETTO:-0300",
      "END:STANDARD",
      "END:VTIMEZONE",
    );
  lines.push(
    "BEGIN:VEVENT",
    "UID:visita@prova",
    "DTSTAMP:20260101T000000Z",
    "DTSTART;TZID=AMERICA/argentina/BUENOS_aires:20260302T100000",
    "DTEND;TZID=AMERICA/argentina/BUENOS_aires:20260302T110000",
    "END:VEVENT",
    "END:VCALENDAR",
  );
  return `${lines.join("\r\n")}\r\n`;
}
