import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultSiteContent, loadSiteContent, SiteContentError } from "./site-content.server";

function overrideFile(content: unknown): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "content-")), "site.json");
  writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

describe("site content", () => {
  it("ships valid defaults: two studios in two cities, the spec's hours and stats", () => {
    const content = loadSiteContent();
    expect(content).toEqual(defaultSiteContent);
    expect(new Set(content.studios.map((s) => s.city)).size).toBe(2);
    expect(content.hours.map((h) => `${h.label} ${h.opens}-${h.closes}`)).toEqual([
      "Lun–Ven 09:00-19:00",
      "Sab 09:00-13:00",
    ]);
    expect(content.stats).toEqual({ patients: "200+", yearsOfExperience: "5+" });
    expect(content.practitioner.tagline.toLowerCase()).toContain("il tuo percorso verso il benessere");
  });

  it("merges a deployer's JSON over the defaults", () => {
    const content = loadSiteContent(
      overrideFile({ practitioner: { name: "Dott. Marco Rossi" }, contact: { phone: "+39 02 1234 5678" } }),
    );
    expect(content.practitioner.name).toBe("Dott. Marco Rossi");
    expect(content.practitioner.title).toBe(defaultSiteContent.practitioner.title);
    expect(content.contact.phone).toBe("+39 02 1234 5678");
  });

  it.each([
    [{ business: { vatNumber: "12345678901" } }, "business.vatNumber"],
    [{ contact: { email: "non-una-email" } }, "contact.email"],
    [{ links: { booking: "javascript:alert(1)" } }, "links.booking"],
    [{ studios: [defaultSiteContent.studios[0]] }, "studios"],
    [{ hours: [{ days: ["Monday"], label: "Lun", opens: "9", closes: "19:00" }] }, "hours.0.opens"],
  ])("refuses a wrong value naming the field (%j)", (override, field) => {
    expect(() => loadSiteContent(overrideFile(override))).toThrow(SiteContentError);
    expect(() => loadSiteContent(overrideFile(override))).toThrow(field);
  });

  it("reports an unreadable or malformed file", () => {
    expect(() => loadSiteContent("/nonexistent/site.json")).toThrow(SiteContentError);
    expect(() => loadSiteContent(overrideFile("{ not json"))).toThrow(/SITE_CONTENT_FILE/);
  });
});
