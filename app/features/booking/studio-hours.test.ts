import { describe, expect, it } from "vitest";
import { STUDIO_KEY_PATTERN } from "~/core/db/booking-values";
import { sharedHoursPerPlace, studioKeyFromName, studioKeys, weeklyHours } from "./studio-hours";

describe("studio keys and hours from today's site content", () => {
  it("makes a key from a studio's name: lower case, no accents, dashes", () => {
    expect(studioKeyFromName("Studio di Milano")).toBe("studio-di-milano");
    expect(studioKeyFromName("  Forlì – Centro Città ")).toBe("forli-centro-citta");
    expect(studioKeyFromName("Sant'Agata")).toBe("sant-agata");
    expect(studioKeyFromName("★")).toBe("studio");
    // The shape the database's checks accept.
    for (const name of ["Studio di Milano", "Forlì – Centro", "--x--", "A1 b2"])
      expect(studioKeyFromName(name)).toMatch(new RegExp(STUDIO_KEY_PATTERN));
  });

  it("keeps keys apart when two studios have the same name", () => {
    expect(studioKeys([{ name: "Studio" }, { name: "Studio" }, { name: "Monza" }, { name: "studio" }])).toEqual([
      "studio",
      "studio-2",
      "monza",
      "studio-3",
    ]);
  });

  it("gives every studio and the online visits the content's one set of hours, a missing day closed", () => {
    const days = [
      { day: "Monday" as const, ranges: [{ opens: "09:00", closes: "13:00" }] },
      { day: "Sunday" as const, ranges: [] },
    ];
    const places = sharedHoursPerPlace([{ name: "Studio di Milano" }, { name: "Studio di Monza" }], days);
    expect([...places.studios.keys()]).toEqual(["studio-di-milano", "studio-di-monza"]);
    expect(places.studios.get("studio-di-monza")).toEqual(weeklyHours(days));
    expect(places.online).toEqual(weeklyHours(days));
    expect(weeklyHours(days)).toEqual({
      Monday: [{ opens: "09:00", closes: "13:00" }],
      Tuesday: [],
      Wednesday: [],
      Thursday: [],
      Friday: [],
      Saturday: [],
      Sunday: [],
    });
  });
});
