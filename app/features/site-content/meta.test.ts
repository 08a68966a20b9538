import { describe, expect, it } from "vitest";
import { defaultSiteContent } from "~/features/site-content/site-content.server";
import { pageMeta } from "./meta";

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
    const tags = pageMeta(args("/admin"), "Pannello admin", "x", { noindex: true });
    expect(tags).toContainEqual({ name: "robots", content: "noindex, nofollow" });
    expect(tags.some((t) => t.rel === "canonical" || t.property?.startsWith("og:"))).toBe(false);
  });
});
