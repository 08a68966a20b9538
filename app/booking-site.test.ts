import { describe, expect, it } from "vitest";
import { ONLINE_PLACE } from "~/features/booking/booking-schema";
import { weeklyHours } from "~/features/booking/studio-hours";
import { defaultSiteContent } from "~/features/site-content/defaults";
import { bookingSite } from "./booking-site";

describe("booking's places from the site content", () => {
  it("takes each studio's key and week, and the online visits' week", () => {
    const content = structuredClone(defaultSiteContent);
    content.studios[0]!.name = "Milano Centro"; // renamed: the key stays
    content.studios[1]!.hours[0] = { day: "Monday", ranges: [] };
    content.onlineHours = content.onlineHours.map((day) => ({ ...day, ranges: [{ opens: "18:00", closes: "20:00" }] }));
    const { places } = bookingSite(content);
    expect(places.map((p) => [p.key, p.name])).toEqual([
      ["studio-di-milano", "Milano Centro"],
      ["studio-di-monza", "Studio di Monza"],
      [ONLINE_PLACE, "Visita online"],
    ]);
    expect(places[0]!.hours.Monday).toEqual([{ opens: "09:00", closes: "19:00" }]);
    expect(places[1]!.hours.Monday).toEqual([]);
    expect(places[1]!.hours.Tuesday).toEqual([{ opens: "09:00", closes: "19:00" }]);
    expect(places[2]!.hours).toEqual(weeklyHours(content.onlineHours));
    expect(places[1]).toMatchObject({ address: "Corso Garibaldi 45, 20900 Monza (MB)" });
  });
});
