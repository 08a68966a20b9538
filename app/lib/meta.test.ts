import { describe, expect, it } from "vitest";
import { defaultSiteContent } from "~/content/site-content.server";
import { pageMeta, practiceJsonLd } from "./meta";

const args = (pathname: string) => ({
  matches: [{ id: "root", loaderData: { content: defaultSiteContent, siteUrl: "https://www.esempio.it" } }],
  location: { pathname },
});

describe("page meta", () => {
  it("adds the practitioner's name to the title and builds canonical and share URLs from SITE_URL", () => {
    const tags = pageMeta(args("/services"), "Servizi", "Descrizione dei servizi.");
    expect(tags).toContainEqual({ title: "Servizi | Dott.ssa Giulia Ferrari" });
    expect(tags).toContainEqual({ name: "description", content: "Descrizione dei servizi." });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://www.esempio.it/services" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://www.esempio.it/services" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://www.esempio.it/og-image.png" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("does not repeat the name when the title already has it", () => {
    expect(pageMeta(args("/"), "Dott.ssa Giulia Ferrari · Biologa", "x")[0]).toEqual({
      title: "Dott.ssa Giulia Ferrari · Biologa",
    });
  });

  it("keeps private and error pages out of search results, without canonical or share cards", () => {
    const tags = pageMeta(args("/admin"), "Pannello Admin", "x", { noindex: true });
    expect(tags).toContainEqual({ name: "robots", content: "noindex, nofollow" });
    expect(tags.some((t) => t.rel === "canonical" || t.property?.startsWith("og:"))).toBe(false);
  });
});

describe("practice structured data", () => {
  it("describes both studios, the hours, the phone and the practitioner", () => {
    const data = practiceJsonLd(defaultSiteContent, "https://www.esempio.it");
    expect(data["@type"]).toBe("MedicalBusiness");
    expect(data.telephone).toBe("+393472184590");
    expect(data.address).toHaveLength(2);
    expect(data.address[1]).toMatchObject({ streetAddress: "Corso Garibaldi 45", postalCode: "20900", addressLocality: "Monza" });
    expect(data.openingHoursSpecification[1]).toEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Saturday"],
      opens: "09:00",
      closes: "13:00",
    });
    expect(data.employee.memberOf.name).toBe("Ordine dei Biologi della Lombardia");
  });

  it("carries no rating or review about the practice itself (self-serving for search engines)", () => {
    const json = JSON.stringify(practiceJsonLd(defaultSiteContent, "https://www.esempio.it"));
    expect(json).not.toMatch(/aggregateRating|"review"|ratingValue/i);
  });
});
