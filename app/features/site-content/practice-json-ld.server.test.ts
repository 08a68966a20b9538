import { describe, expect, it } from "vitest";
import { defaultSiteContent } from "~/features/site-content/site-content.server";
import { practiceJsonLd } from "./practice-json-ld.server";

describe("practice structured data", () => {
  it("describes both studios, the hours, the phone and the practitioner", () => {
    const data = practiceJsonLd(defaultSiteContent, "https://www.esempio.it");
    expect(data["@type"]).toBe("MedicalBusiness");
    expect(data.telephone).toBe("+393472184590");
    expect(data.address).toHaveLength(2);
    expect(data.address[1]).toMatchObject({
      streetAddress: "Corso Garibaldi 45",
      postalCode: "20900",
      addressLocality: "Monza",
    });
    expect(data.location[1]!.openingHoursSpecification[1]).toEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Saturday"],
      opens: "09:00",
      closes: "13:00",
    });
    expect(data.employee.memberOf.name).toBe("Ordine dei Biologi della Lombardia");
  });

  it("gives each studio its own opening hours", () => {
    const content = structuredClone(defaultSiteContent);
    content.studios[1]!.hours[0] = { day: "Monday", ranges: [] };
    content.studios[1]!.hours[6] = { day: "Sunday", ranges: [{ opens: "10:00", closes: "12:00" }] };
    const [milano, monza] = practiceJsonLd(content, "https://www.esempio.it").location;
    expect(milano).toMatchObject({
      "@type": "Place",
      name: "Studio di Milano",
      address: { addressLocality: "Milano" },
    });
    expect(milano!.openingHoursSpecification[0]!.dayOfWeek).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
    ]);
    expect(monza!.address).toMatchObject({ addressLocality: "Monza" });
    expect(monza!.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "09:00",
        closes: "19:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "09:00", closes: "13:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Sunday"], opens: "10:00", closes: "12:00" },
    ]);
  });

  it("carries no rating or review about the practice itself (self-serving for search engines)", () => {
    const json = JSON.stringify(practiceJsonLd(defaultSiteContent, "https://www.esempio.it"));
    expect(json).not.toMatch(/aggregateRating|"review"|ratingValue/i);
  });
});
