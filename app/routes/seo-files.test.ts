import { describe, expect, it } from "vitest";
import { robotsTxt } from "./robots[.]txt";
import { sitemapXml } from "./sitemap[.]xml";

describe("sitemap.xml and robots.txt", () => {
  it("lists the public pages under SITE_URL, escaping the XML", () => {
    const xml = sitemapXml("https://a.it", ["/", "/x?a=1&b=2"]);
    expect(xml).toContain("<loc>https://a.it/</loc>");
    expect(xml).toContain("<loc>https://a.it/x?a=1&amp;b=2</loc>");
    expect(sitemapXml("https://a.it")).not.toContain("admin");
    expect(sitemapXml("https://a.it", ["/home"], "2026-11-21T10:00:00.000Z")).toContain(
      "<url><loc>https://a.it/home</loc><lastmod>2026-11-21T10:00:00.000Z</lastmod></url>",
    );
  });

  it("gives each page with its own last change (a recipe) that date, the others the shared one", () => {
    const xml = sitemapXml(
      "https://a.it",
      ["/ricette", { path: "/ricette/pasta-e-ceci", lastModified: "2026-12-01T08:00:00.000Z" }],
      "2026-11-21T10:00:00.000Z",
    );
    expect(xml).toContain("<url><loc>https://a.it/ricette</loc><lastmod>2026-11-21T10:00:00.000Z</lastmod></url>");
    expect(xml).toContain(
      "<url><loc>https://a.it/ricette/pasta-e-ceci</loc><lastmod>2026-12-01T08:00:00.000Z</lastmod></url>",
    );
  });

  it("disallows the admin area and names the sitemap", () => {
    const text = robotsTxt("https://a.it");
    expect(text).toContain("Disallow: /admin\n");
    expect(text).toContain("Sitemap: https://a.it/sitemap.xml");
  });
});
