import type { Route } from "./+types/sitemap[.]xml";
import { servicesContext } from "~/context";
import { studioPath, studioSlugs } from "~/features/site-content/studio-slugs";

/** The public pages search engines should index; admin pages are left out (and disallowed in robots.txt). */
export const PUBLIC_PATHS = ["/", "/home", "/services", "/reviews", "/privacy"] as const;

/** A page with its own last change (a recipe), where the others share the site content's. */
export interface SitemapEntry {
  path: string;
  lastModified: string;
}

/** `lastModified`: when the site content was last saved; every listed page shows some of it. */
export function sitemapXml(
  siteUrl: string,
  paths: readonly (string | SitemapEntry)[] = PUBLIC_PATHS,
  lastModified?: string,
): string {
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const urls = paths.map((entry) => {
    const { path, lastModified: modified = lastModified } = typeof entry === "string" ? { path: entry } : entry;
    const lastmod = modified ? `<lastmod>${escape(modified)}</lastmod>` : "";
    return `  <url><loc>${escape(siteUrl + path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export async function loader({ context }: Route.LoaderArgs) {
  const { config, siteContent, recipes, articles, faq, mailer } = context.get(servicesContext);
  const [{ savedAt, content }, published, articlesLive, faqChanged] = await Promise.all([
    siteContent.current(),
    recipes.listPublishedPaths(),
    articles.listPublishedPaths(),
    faq.lastChange(),
  ]);
  // The recipes' list once there is a recipe on it; each recipe changed when it or the site content last did.
  const recipePages: SitemapEntry[] = published.map(({ slug, updatedAt }) => ({
    path: `/ricette/${slug}`,
    lastModified: [savedAt, updatedAt.toISOString()].sort().at(-1)!,
  }));
  // Each studio's page, at its slug now.
  const studioPages = [...studioSlugs(content.studios).values()].map(studioPath);
  // The reviews' page only while she shows the reviews.
  const pages = content.reviews.shown ? PUBLIC_PATHS : PUBLIC_PATHS.filter((path) => path !== "/reviews");
  const recipePaths = published.length ? ["/ricette", ...recipePages] : [];
  // The articles' list once one is live, and each live article.
  const articlePages: SitemapEntry[] = articlesLive.map(({ slug, updatedAt }) => ({
    path: `/articoli/${slug}`,
    lastModified: [savedAt, updatedAt.toISOString()].sort().at(-1)!,
  }));
  const articlePaths = articlesLive.length ? ["/articoli", ...articlePages] : [];
  // The FAQ once it has a question, changed when a question or the site content last did.
  const faqPaths: SitemapEntry[] = faqChanged
    ? [{ path: "/domande-frequenti", lastModified: [savedAt, faqChanged.toISOString()].sort().at(-1)! }]
    : [];
  // The newsletter's page while e-mail is configured (its form works only then).
  const newsletterPaths = mailer.enabled ? ["/newsletter"] : [];
  const paths = [...pages, ...studioPages, ...recipePaths, ...articlePaths, ...faqPaths, ...newsletterPaths];
  return new Response(sitemapXml(config.siteUrl, paths, savedAt), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
