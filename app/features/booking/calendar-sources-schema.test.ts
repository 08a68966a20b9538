import { describe, expect, it } from "vitest";
import { calendarSourceSchemas, isCalendarAddress } from "./calendar-sources-schema";
import { CALENDAR_SOURCE_MESSAGES as M } from "./messages";

describe("a calendar's address on the settings form", () => {
  it("takes https and webcal addresses, plain http only where CALENDAR_FETCH_ALLOW_PRIVATE allows it", () => {
    const google = "https://calendar.google.com/calendar/ical/x%40gmail.com/private-0123abcd/basic.ics";
    expect(isCalendarAddress(google, false)).toBe(true);
    expect(isCalendarAddress("webcal://p01-caldav.icloud.com/published/2/abc", false)).toBe(true);
    expect(isCalendarAddress("webcals://example.it/cal.ics", false)).toBe(true);
    expect(isCalendarAddress("http://192.168.1.5/cal.ics", false)).toBe(false);
    expect(isCalendarAddress("http://192.168.1.5/cal.ics", true)).toBe(true);
    for (const refused of [
      "ftp://example.it/cal.ics",
      "file:///etc/passwd",
      "calendario",
      "https://user:pw@example.it/a.ics",
    ])
      expect(isCalendarAddress(refused, true)).toBe(false);
  });

  it("refuses an address too long, and says what to paste", () => {
    const { add } = calendarSourceSchemas(false);
    const form = { intent: "source-add", name: "Personale", studioKeys: [], blocksOnline: "on" };
    expect(add.safeParse({ ...form, url: `https://example.it/${"a".repeat(2000)}` }).error?.issues[0]?.message).toBe(
      M.addressTooLong,
    );
    expect(add.safeParse({ ...form, url: "http://example.it/a.ics" }).error?.issues[0]?.message).toBe(M.address);
    expect(add.safeParse({ ...form, url: "  https://example.it/a.ics " }).success).toBe(true);
  });
});
